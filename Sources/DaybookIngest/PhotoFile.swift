import DaybookImaging
import Foundation

/// Reads a photo into memory in one go: it is hashed, parsed and decoded from the same bytes.
/// A video is opened instead (`open`): it is hashed and demuxed through one descriptor.
enum PhotoFile {
    static func load(_ path: String, maxBytes: Int) throws(Rejection) -> [UInt8] {
        try contents(path, maxBytes: maxBytes).bytes
    }

    /// The bytes, and the file's modification time as it was once they were read (so a write
    /// made while reading makes the file look younger, never older).
    static func contents(_ path: String, maxBytes: Int) throws(Rejection) -> (bytes: [UInt8], modified: Date) {
        let (file, _) = try openRegular(path)
        return try readWhole(file, maxBytes: maxBytes)
    }

    /// A still photo read whole, as `contents` reads it (up to `maxBytes`), or a video
    /// (`FileKind.video`) left open to be read by offset (up to `maxVideoBytes`).
    static func open(_ path: String, maxBytes: Int, maxVideoBytes: Int) throws(Rejection) -> SourceFile {
        let (file, info) = try openRegular(path)
        let size = file.size
        let leading = file.bytes(at: 0, count: min(size, FileKind.prefixLength))
        if FileKind(prefix: leading) == .video {
            guard size <= maxVideoBytes else { throw Rejection(.tooLarge(.fileBytes(size, limit: maxVideoBytes))) }
            return SourceFile(video: file, leadingBytes: leading, opened: info)
        }
        let (bytes, modified) = try readWhole(file, maxBytes: maxBytes)
        return SourceFile(bytes: bytes, modified: modified)
    }

    /// The path opened for reading, refused unless it is a regular file. Symlinks are
    /// followed as the scanner follows them, but resolved first and the result opened with
    /// O_NOFOLLOW: what is read is the file the path resolved to, not one a link swapped in
    /// after. O_NONBLOCK: a FIFO put where a photo was opens without waiting for a writer,
    /// and the fstat refuses it before any read.
    private static func openRegular(_ path: String) throws(Rejection) -> (file: ReadOnlyFile, info: stat) {
        guard let resolved = realpath(path, nil) else { throw Rejection(.system(errno)) }
        defer { free(resolved) }
        let fd = Glibc.open(resolved, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { throw Rejection(.system(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw Rejection(.cannotStat)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Rejection(.special(kind: FolderListing.kindName(mode: info.st_mode), orFolder: false))
        }
        return (ReadOnlyFile(descriptor: fd, size: Int(info.st_size)), info)
    }

    private static func readWhole(_ file: ReadOnlyFile, maxBytes: Int) throws(Rejection) -> (bytes: [UInt8], modified: Date) {
        let size = file.size
        guard size <= maxBytes else { throw Rejection(.tooLarge(.fileBytes(size, limit: maxBytes))) }
        var bytes = [UInt8](repeating: 0, count: size)
        // A file that shrank while being read gives what is there.
        guard let filled = bytes.withUnsafeMutableBytes({ file.read(at: 0, into: $0) }) else { throw Rejection(.system(errno)) }
        if filled < size { bytes.removeSubrange(filled...) }
        var info = stat()
        guard fstat(file.descriptor, &info) == 0 else { throw Rejection(.cannotStat) }
        return (bytes, SourceFile.date(info.st_mtim))
    }
}
