import Foundation

/// A file the scanner found, and whether the user named it on the command line (then a
/// non-photo is an error, not a silent skip).
public struct ScanItem: Sendable, Hashable {
    public let path: String
    public let explicitlyNamed: Bool
}

/// Walks the paths given to `ingest`, depth first, in name order, one directory listing in
/// memory at a time (so memory does not grow with the size of the photo library).
///
/// Hidden files and folders are skipped, symlinks are followed, and a folder reached twice
/// (a symlink loop, or two links to one folder) is walked once. `excluding` keeps the
/// library's own folder out when it sits inside a scanned folder — its thumbnails are JPEGs.
public struct PhotoScanner: Sequence, IteratorProtocol {
    public enum Found: Sendable, Hashable {
        case file(ScanItem)
        /// A path that could not be read (missing, permission denied…).
        case unreadable(path: String, reason: String)
    }

    private struct FileID: Hashable { let device: UInt64; let inode: UInt64 }

    private var pendingRoots: [String]
    private var stack: [(folder: String, names: [String], next: Int)] = []
    private var visitedFolders: Set<FileID> = []
    private let excluded: Set<FileID>

    public init(paths: [String], excluding: [String] = []) {
        // Entries remember where a photo was seen; a relative path would mean nothing later.
        let cwd = FileManager.default.currentDirectoryPath
        pendingRoots = paths.reversed().map { path in
            let absolute = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
            return (absolute as NSString).standardizingPath
        }
        excluded = Set(excluding.compactMap { Self.identity(of: $0) })
    }

    public mutating func next() -> Found? {
        while true {
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

    private mutating func visit(_ path: String, explicitlyNamed: Bool) -> Found? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            // A dangling symlink inside a folder is not worth an error line.
            if !explicitlyNamed && lstat(path, &info) == 0 { return nil }
            return .unreadable(path: path, reason: reason.lowercased())
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .file(ScanItem(path: path, explicitlyNamed: explicitlyNamed))
        case S_IFDIR:
            let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            guard !excluded.contains(id), visitedFolders.insert(id).inserted else { return nil }
            guard let names = Self.listing(of: path) else {
                return .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased())
            }
            stack.append((folder: path, names: names, next: 0))
            return nil
        default:
            return explicitlyNamed ? .unreadable(path: path, reason: "not a regular file or folder") : nil
        }
    }

    private static func listing(of folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        return names.sorted()
    }

    private static func identity(of path: String) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
