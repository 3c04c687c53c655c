import Foundation

/// A file the scanner found, and whether the user named it on the command line (then a
/// non-photo is an error, not a silent skip).
package struct ScanItem: Sendable, Hashable {
    package let path: String
    package let explicitlyNamed: Bool

    package init(path: String, explicitlyNamed: Bool) {
        self.path = path
        self.explicitlyNamed = explicitlyNamed
    }
}

/// Walks the paths given to `ingest`, depth first, in name order, one directory listing in
/// memory at a time (so memory does not grow with the size of the photo library).
///
/// Hidden files and folders are skipped, symlinks are followed (a file's type is read with
/// stat, so a FIFO or device is never opened: it is reported skipped), and a folder reached twice
/// (a symlink loop, or two links to one folder) is walked once. `excluding` keeps the
/// library's own folder out when it sits inside a scanned folder — its thumbnails are JPEGs.
package struct PhotoScanner: Sequence, IteratorProtocol {
    package enum Found: Sendable {
        case file(ScanItem)
        /// A path that could not be read (missing, permission denied…).
        case unreadable(IngestError)
        /// Inside a folder, something that is not a regular file: a FIFO, a device, a socket.
        case skipped(path: String, reason: SkipReason)
    }

    private var pendingRoots: [String]
    private var stack: [(folder: String, names: [String], next: Int)] = []
    private var visitedFolders: Set<FolderListing.Identity> = []
    /// Skips found while listing a folder (names that are not UTF-8), handed out first.
    private var pendingSkips: [Found] = []
    private let excluded: Set<FolderListing.Identity>

    package init(paths: [String], excluding: [String] = []) {
        // Entries remember where a photo was seen; a relative path would mean nothing later.
        let cwd = FileManager.default.currentDirectoryPath
        pendingRoots = paths.reversed().map { path in
            let absolute = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
            return (absolute as NSString).standardizingPath
        }
        excluded = Set(excluding.compactMap { FolderListing.identity(of: $0) })
    }

    /// Why `path`, as given to ingest, cannot be read at all (missing, permission denied);
    /// nil when it can. Lets ingest refuse before it creates a library to put nothing in.
    package static func whyUnreadable(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)).lowercased() }
        let mode = info.st_mode & S_IFMT
        guard mode == S_IFREG || mode == S_IFDIR else { return "not a regular file or folder" }
        guard access(path, mode == S_IFDIR ? R_OK | X_OK : R_OK) == 0 else { return String(cString: strerror(errno)).lowercased() }
        return nil
    }

    package mutating func next() -> Found? {
        while true {
            if !pendingSkips.isEmpty { return pendingSkips.removeFirst() }
            if var top = stack.popLast() {
                guard top.next < top.names.count else { continue }
                let name = top.names[top.next]
                top.next += 1
                stack.append(top)
                let path = top.folder == "/" ? "/\(name)" : "\(top.folder)/\(name)"
                if let found = visit(path, explicitlyNamed: false) { return found }
                continue
            }
            guard let root = pendingRoots.popLast() else { return nil }
            if let found = visit(root, explicitlyNamed: true) { return found }
        }
    }

    static let notUTF8Reason = SkipKind.badName.reason(
        detail:
            "its name is not UTF-8, which Daybook cannot open by name; rename it (for example with `convmv -f latin1 -t utf8`) to read it")

    private mutating func visit(_ path: String, explicitlyNamed: Bool) -> Found? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let number = errno
            // A dangling symlink inside a folder is not worth an error line.
            if !explicitlyNamed && lstat(path, &info) == 0 { return nil }
            // A name given on the command line that was not UTF-8 arrives with U+FFFD in
            // place of its bytes, and so names no file.
            if number == ENOENT && path.contains("\u{FFFD}") {
                return .unreadable(IngestError(path: path, .notUTF8Name))
            }
            return .unreadable(IngestError(path: path, .system(number)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .file(ScanItem(path: path, explicitlyNamed: explicitlyNamed))
        case S_IFDIR:
            let id = FolderListing.Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            guard !excluded.contains(id), visitedFolders.insert(id).inserted else { return nil }
            guard let listing = FolderListing.listing(of: path) else {
                return .unreadable(IngestError(path: path, .system(errno)))
            }
            stack.append((folder: path, names: listing.names, next: 0))
            pendingSkips += listing.notUTF8.map { shown in
                .skipped(path: (path as NSString).appendingPathComponent(shown), reason: Self.notUTF8Reason)
            }
            return nil
        default:
            let kind = FolderListing.kindName(mode: info.st_mode)
            return explicitlyNamed
                ? .unreadable(IngestError(path: path, .special(kind: kind, orFolder: true)))
                : .skipped(path: path, reason: SkipKind.specialFile.reason(detail: "not a regular file (\(kind))"))
        }
    }
}
