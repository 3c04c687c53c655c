import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A folder only its owner may enter (mode 0700), whose files are read and replaced without
/// ever following a symbolic link: the local authority's private key lives in one, and a link
/// planted there must not make daybook read another file or write its key somewhere else.
struct PrivateFolder {
    let url: URL

    /// Makes the folder, or checks the one there: a real folder (a symbolic link is refused),
    /// owned by this user. A mode wider than 0700 is narrowed.
    init(_ url: URL) throws(WebError) {
        self.url = url
        let path = url.path
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw .tls("cannot make the folder \(path): \(Self.reason(errno))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .tls("cannot read the folder \(path): \(Self.reason(errno))") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .tls("\(path) is not a folder (a symbolic link there is refused): move it away and start again")
        }
        guard info.st_uid == geteuid() else { throw .tls("\(path) belongs to another user: move it away and start again") }
        if info.st_mode & 0o777 != 0o700 && chmod(path, 0o700) != 0 {
            throw .tls("cannot make \(path) private (mode 0700): \(Self.reason(errno))")
        }
    }

    /// The file's bytes; nil when there is no such file. A symbolic link is refused.
    func read(_ name: String) throws(WebError) -> Data? {
        let path = url.appendingPathComponent(name).path
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .tls("cannot read \(path): \(errno == ELOOP ? "it is a symbolic link" : Self.reason(errno))")
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .tls("cannot read \(path): \(Self.reason(errno))") }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            // Certificates and keys are small: a large file here is not one of ours.
            guard data.count < 1 << 20 else { throw .tls("\(path) is too large to be a certificate or key") }
        }
    }

    /// Replaces `name` with `data` all at once: written to a new file of `mode` beside it,
    /// flushed, then renamed over it, so a crash leaves the old file or the new one, never a
    /// part. The rename replaces a symbolic link itself, not what it points to.
    func write(_ data: Data, to name: String, mode: mode_t) throws(WebError) {
        let path = url.appendingPathComponent(name).path
        let temporary = url.appendingPathComponent(".\(name).\(UInt32.random(in: 0...UInt32.max)).new").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .tls("cannot write \(path): \(Self.reason(errno))") }
        var written = 0
        let bytes = [UInt8](data)
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = Self.reason(errno)
                close(descriptor)
                unlink(temporary)
                throw .tls("cannot write \(path): \(reason)")
            }
            written += count
        }
        // The umask may have narrowed the mode; never widened it.
        let flushed = fchmod(descriptor, mode) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard flushed, rename(temporary, path) == 0 else {
            let reason = Self.reason(errno)
            unlink(temporary)
            throw .tls("cannot write \(path): \(reason)")
        }
        let folder = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
