import Foundation

/// How Daybook reads folders, shared by `ingest`'s scanner and the watcher: hidden entries
/// skipped, names sorted, folders told apart by device and inode (so a symlink loop or a
/// second link to one folder is recognised).
public enum FolderListing {
    public struct Identity: Hashable, Sendable {
        public let device: UInt64
        public let inode: UInt64
    }

    /// The folder's entries whose names do not start with ".", sorted; nil when it cannot be
    /// read (errno says why).
    public static func visibleNames(in folder: String) -> [String]? {
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

    /// Device and inode of what `path` names, following symlinks.
    public static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
