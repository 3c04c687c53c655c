import Foundation

/// Walks a folder tree the way `daybook ingest` does: hidden files and folders skipped,
/// symlinks followed, each folder visited once (symlink loops), excluded folders (the
/// library, the `--move-to` archive) left out.
///
/// `enterFolder` runs *before* a folder is listed: the watcher adds its inotify watch there,
/// so a file created after the listing is reported by inotify and one created before is in
/// the listing: none falls in between.
struct FolderWalker {
    struct FolderID: Hashable { let device: UInt64; let inode: UInt64 }

    let excluded: Set<FolderID>

    init(excluding: [String]) {
        excluded = Set(excluding.compactMap { Self.identity(of: $0) })
    }

    /// Returns false when the walk was stopped by `shouldStop`.
    @discardableResult
    func walk(_ root: String, shouldStop: () -> Bool = { false },
              enterFolder: (String) -> Void, file: (String) -> Void) -> Bool {
        var visited: Set<FolderID> = []
        var pending = [root]
        while let folder = pending.popLast() {
            if shouldStop() { return false }
            guard let id = Self.identity(of: folder), !excluded.contains(id), visited.insert(id).inserted else { continue }
            enterFolder(folder)
            guard let names = Self.listing(of: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: file(path)
                default: continue
                }
            }
        }
        return true
    }

    func isExcluded(_ folder: String) -> Bool {
        guard let id = Self.identity(of: folder) else { return false }
        return excluded.contains(id)
    }

    static func identity(of path: String) -> FolderID? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func listing(of folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        return names.sorted()
    }
}
