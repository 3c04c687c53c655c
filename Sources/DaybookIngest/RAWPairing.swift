import Foundation

/// Which files make a RAW+JPEG pair: a camera RAW and a JPEG or HEIC with the same name
/// before the extension, in the same folder, as cameras write them and as Lightroom and
/// Photo Mechanic show them. The extension may be in any case (`IMG_0001.Cr2` beside
/// `IMG_0001.jpg`); the base name is compared exactly (`FolderSiblings`).
enum RAWPairing {
    /// In order of preference, for the rare folder with both a JPEG and a HEIC of one shot.
    static let photoExtensions = ["jpg", "jpeg", "heic", "heif", "hif"]

    /// The JPEG or HEIC beside the RAW at `path`, when there is one.
    static func photo(besideRAW path: String) -> String? {
        siblings(of: path, preferring: photoExtensions).first
    }

    /// The files beside the photo at `path` named like its RAW (their bytes are checked by the caller).
    static func raws(besidePhoto path: String) -> [String] {
        siblings(of: path, extensions: SkipKind.rawExtensions)
    }

    /// The regular files named like `path` with one of `extensions` (Live Photos use it too).
    static func siblings(of path: String, extensions: Set<String>) -> [String] {
        FolderSiblings.shared.siblings(of: path, extensions: extensions)
    }

    /// `siblings(of:extensions:)` in the order of `extensions`, then by name.
    static func siblings(of path: String, preferring extensions: [String]) -> [String] {
        let rank = { (file: String) in extensions.firstIndex(of: SkipKind.fileExtension(file)) ?? extensions.count }
        return siblings(of: path, extensions: Set(extensions)).sorted { (rank($0), $0) < (rank($1), $1) }
    }
}
