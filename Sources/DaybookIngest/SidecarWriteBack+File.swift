import DaybookMetadata
import Foundation
import Glibc

/// A sidecar's bytes on disk: read as the ingest reads one, written whole or not at all.
enum SidecarFile {
    /// What is at a sidecar's name now.
    enum Existing {
        case none
        case bytes([UInt8], mode: mode_t)
    }

    /// The sidecar at `path`, refusing what Daybook must not replace: a symbolic link (its
    /// target may be anywhere), anything but a regular file, a file over the reader's limit.
    static func read(_ path: String) throws(XMPSidecarError) -> Existing {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return .none }
            throw XMPSidecarError(reason: "cannot look at it: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a regular file"
            throw XMPSidecarError(reason: "it is \(kind), which Daybook does not replace")
        }
        do {
            let (bytes, _) = try PhotoFile.contents(path, maxBytes: XMPReader.maximumBytes)
            return .bytes(bytes, mode: info.st_mode & 0o7777)
        } catch {
            throw XMPSidecarError(reason: error.reason)
        }
    }

    /// Writes `bytes` under a temporary name in the sidecar's folder (`.NAME.<8 hex>.tmp`),
    /// `fsync`s it, renames it over `path` and `fsync`s the folder: a reader (another tool, a
    /// sync, a crash) sees the old sidecar or the new one, never a part.
    /// A new sidecar gets the umask's mode, as any file a program makes; a replaced one keeps
    /// its `mode` exactly.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t?) throws(SidecarWriteBackError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(
            ".\(name).\(String(format: "%08x", UInt32.random(in: 0...UInt32.max))).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode ?? 0o666)
        guard fd >= 0 else { throw SidecarWriteBackError(path: path, errno) }
        var failure: Int32?
        var written = 0
        while written < bytes.count, failure == nil {
            let result = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno != EINTR { failure = errno }
            } else {
                written += result
            }
        }
        if failure == nil, let mode, fchmod(fd, mode) != 0 { failure = errno }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw SidecarWriteBackError(path: path, failure)
        }
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
