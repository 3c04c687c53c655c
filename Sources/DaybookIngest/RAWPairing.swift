import Foundation

/// Which files make a RAW+JPEG pair: a camera RAW and a JPEG or HEIC with the same name
/// before the extension, in the same folder, as cameras write them and as Lightroom and
/// Photo Mechanic show them. The names are tried with the extension in lower and upper case,
/// as cameras and phones write it, rather than by listing the folder for every photo.
enum RAWPairing {
    static let photoExtensions = ["jpg", "jpeg", "heic", "heif", "hif"]

    /// The JPEG or HEIC beside the RAW at `path`, when there is one.
    static func photo(besideRAW path: String) -> String? {
        siblings(of: path, extensions: photoExtensions).first
    }

    /// The files beside the photo at `path` named like its RAW (their bytes are checked by the caller).
    static func raws(besidePhoto path: String) -> [String] {
        siblings(of: path, extensions: SkipKind.rawExtensions.sorted())
    }

    /// The regular files named like `path` with one of `extensions` (Live Photos use it too).
    static func siblings(of path: String, extensions: [String]) -> [String] {
        let base = (path as NSString).deletingPathExtension
        var found: [String] = []
        for ext in extensions {
            for spelled in Set([ext, ext.uppercased()]).sorted() {
                let candidate = base + "." + spelled
                var info = stat()
                if candidate != path, stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !found.contains(candidate) {
                    found.append(candidate)
                }
            }
        }
        return found
    }
}
