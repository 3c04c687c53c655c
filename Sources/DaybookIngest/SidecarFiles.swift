import DaybookMetadata
import DaybookStore
import DaybookSupport
import Foundation

/// XMP sidecar files: metadata kept in a file beside the photo rather than in it.
///
/// Two namings are in use, and both are read:
///
/// - `IMG_0001.jpg.xmp`: the photo's whole name plus `.xmp` (darktable, digiKam's default);
/// - `IMG_0001.xmp`: the photo's name with its extension replaced (Lightroom, Photo Mechanic,
///   Capture One). Such a sidecar can be shared by a RAW and a JPEG of the same shot.
///
/// When a photo has both, the first one wins: it names exactly that file (digiKam prefers
/// the second when both exist; darktable reads only the first). Either extension case
/// (`.xmp`, `.XMP`) is found. A sidecar is never an entry of its own: it is read with its
/// photo, and counted apart (`IngestEvent.sidecar`).
///
/// A camera RAW's sidecar (`IMG_0001.CR2.xmp` from darktable, `IMG_0001.xmp` from
/// Lightroom) is read the same way, for the RAW's own entry; for a RAW+JPEG pair, whose entry
/// is the JPEG's, the RAW's whole-name sidecar comes after the JPEG's own and before the
/// shared `IMG_0001.xmp`: a name that says exactly which file it describes comes first.
package enum SidecarFiles {
    private static let extensions = ["xmp", "XMP"]

    /// Whether the file is a sidecar, by its name: `NAME.xmp`, with a NAME.
    package static func isSidecar(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.count > 4 && name.lowercased().hasSuffix(".xmp")
    }

    /// The names a sidecar of `photo` may have, in order of preference; `raws` are the
    /// camera RAW files paired with it (`RAWPairing`).
    package static func candidates(for photo: String, raws: [String] = []) -> [String] {
        let ns = photo as NSString
        let stem = ns.pathExtension.isEmpty ? nil : ns.deletingPathExtension
        let wholeNames = ([photo] + raws).flatMap { file in extensions.map { "\(file).\($0)" } }
        return wholeNames + (stem.map { stem in extensions.map { "\(stem).\($0)" } } ?? [])
    }

    /// A sidecar found beside a photo: read, or present but unusable.
    enum Found {
        case read(SidecarXMP, SidecarVersion)
        /// A warning sentence naming the file.
        case unreadable(String)
    }

    /// The sidecar of the photo at `photo`, modified at `photoModified`; nil when it has none.
    /// Only a regular file is opened (a FIFO named like a sidecar would block the read), and
    /// at most `XMPReader.maximumBytes` of it.
    static func find(for photo: String, raws: [String] = [], photoModified: Date) -> Found? {
        for candidate in candidates(for: photo, raws: raws) {
            var info = stat()
            guard stat(candidate, &info) == 0 else { continue }
            let name = (candidate as NSString).lastPathComponent
            guard info.st_mode & S_IFMT == S_IFREG else { return .unreadable("sidecar \(name) is not a regular file; ignored") }
            do {
                let (bytes, modified) = try PhotoFile.contents(candidate, maxBytes: XMPReader.maximumBytes)
                let newer = modified > photoModified
                return .read(
                    SidecarXMP(name: name, bytes: bytes, isNewerThanPhoto: newer),
                    SidecarVersion(contentHash: ContentHash.sha256Hex(bytes), cameFirst: newer))
            } catch {
                return .unreadable("sidecar \(name): \(error.reason); ignored")
            }
        }
        return nil
    }

    /// The photos a sidecar belongs to: the file it names with `.xmp` removed
    /// (`IMG_0001.jpg.xmp` → `IMG_0001.jpg`), and the files of the same folder whose name
    /// without its extension is the sidecar's (`IMG_0001.xmp` → `IMG_0001.jpg`,
    /// `IMG_0001.CR2`). A RAW's own sidecar (`IMG_0001.CR2.xmp`) also belongs to the JPEG
    /// or HEIC paired with it, whose entry it is read with. Other sidecars and hidden files
    /// are not photos.
    package static func photos(for sidecar: String) -> [String] {
        let folder = (sidecar as NSString).deletingLastPathComponent
        let stem = ((sidecar as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let names = FolderListing.visibleNames(in: folder.isEmpty ? "." : folder) else { return [] }
        let photos =
            names
            .filter { name in !isSidecar(name) && (name == stem || (name as NSString).deletingPathExtension == stem) }
            .map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
            .filter { path in
                var info = stat()
                return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            }
        let pairedPhotos =
            photos
            .filter { ($0 as NSString).lastPathComponent == stem && SkipKind.rawExtensions.contains(SkipKind.fileExtension($0)) }
            .compactMap { RAWPairing.photo(besideRAW: $0) }
        return photos + pairedPhotos.filter { !photos.contains($0) }
    }
}
