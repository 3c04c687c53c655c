import Foundation
import Synchronization

/// The files beside a file that share its name before the extension (`IMG_0001.CR2` beside
/// `IMG_0001.JPG`, `IMG_0001.Jpg`, `IMG_0001.jpeg`), found in the folder's listing.
///
/// The base name is compared exactly, as the camera wrote it; the extension in any case.
/// Reading the listing rather than trying spellings with `stat` matters twice: a mixed-case
/// extension (`.Cr2`) is found, and on a case-insensitive file system (an exFAT or FAT card,
/// a CIFS share) the name recorded is the file's real one, not the spelling tried (a
/// `stat("IMG_0001.jpg")` succeeds there for `IMG_0001.JPG`, and the pair would then be
/// looked up under a path no entry has).
///
/// A folder of a camera card holds up to 9,999 files, and every photo in it asks; so a
/// listing is kept while the folder stays unchanged. It is kept only when the folder was last
/// changed well before it was read (as git does for its index): a directory's time has a
/// coarse tick, and a file created in the same tick as the listing would otherwise be missed
/// for as long as the folder stays quiet.
final class FolderSiblings: Sendable {
    /// One process-wide cache: `ingest` and `watch` read the same folders from several threads.
    static let shared = FolderSiblings()

    /// Seconds between a folder's last change and its reading for the listing to be kept.
    static let settledSeconds = 2
    /// Folders whose listings are kept at once; a walk reads one folder at a time.
    static let keptFolders = 16

    private struct Listing {
        let identity: FolderListing.Identity
        let modified: timespec
        /// Names by their base (the name without its last extension).
        let namesByBase: [String: [String]]
    }

    private let listings = Mutex<[String: Listing]>([:])

    /// The regular files beside `path` with its base name and an extension in `extensions`
    /// (lower-case), in name order; never `path` itself.
    func siblings(of path: String, extensions: Set<String>) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let base = (name as NSString).deletingPathExtension
        guard !folder.isEmpty, !base.isEmpty, let names = names(in: folder, base: base) else { return [] }
        return names.compactMap { sibling in
            // The name comes from the folder's own listing, so it has no "/"; it still must be
            // a regular file (a FIFO would block the read).
            guard sibling != name, extensions.contains(SkipKind.fileExtension(sibling)) else { return nil }
            let candidate = (folder as NSString).appendingPathComponent(sibling)
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return candidate
        }
    }

    /// The names in `folder` whose base is `base`; nil when the folder cannot be read.
    private func names(in folder: String, base: String) -> [String]? {
        var info = stat()
        guard stat(folder, &info) == 0 else { return nil }
        let identity = FolderListing.Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        let modified = info.st_mtim
        if let kept = listings.withLock({ $0[folder] }), kept.identity == identity, kept.modified == modified {
            return kept.namesByBase[base] ?? []
        }
        let readAt = Date()
        guard let all = FolderListing.visibleNames(in: folder) else { return nil }
        let listing = Listing(
            identity: identity, modified: modified,
            namesByBase: Dictionary(grouping: all) { ($0 as NSString).deletingPathExtension })
        let settled = readAt.timeIntervalSince1970 - Double(modified.tv_sec) > Double(Self.settledSeconds)
        if settled {
            listings.withLock { kept in
                if kept.count >= Self.keptFolders { kept.removeAll() }
                kept[folder] = listing
            }
        }
        return listing.namesByBase[base] ?? []
    }
}

extension timespec {
    fileprivate static func == (a: timespec, b: timespec) -> Bool { a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec }
}
