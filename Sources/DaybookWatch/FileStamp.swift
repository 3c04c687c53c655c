import Foundation

/// What the watcher remembers about a file's version: identity, size and modification time.
/// Two equal stamps mean "the same bytes as last time" (unless a program restores the
/// mtime after rewriting a file to the same size, which nothing in an import folder does).
package struct FileStamp: Sendable, Hashable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int64
    /// Modification time in nanoseconds since 1970.
    package let modifiedNanos: Int64

    /// The stamp of a regular file (following symlinks); nil when it is missing or not a
    /// regular file.
    package static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedNanos: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    package var modifiedSeconds: Int64 { modifiedNanos / 1_000_000_000 }

    /// Seconds since the last modification (negative for a clock in the future).
    package func age(now: Date = Date()) -> Double {
        now.timeIntervalSince1970 - Double(modifiedNanos) / 1e9
    }
}
