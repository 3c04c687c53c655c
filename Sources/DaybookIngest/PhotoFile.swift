import DaybookPresentation
import Foundation

/// Reads a photo into memory in one go: it is hashed, parsed and decoded from the same bytes.
enum PhotoFile {
    static func load(_ path: String, maxBytes: Int) throws(Rejection) -> [UInt8] {
        try contents(path, maxBytes: maxBytes).bytes
    }

    /// The bytes, and the file's modification time as it was once they were read (so a write
    /// made while reading makes the file look younger, never older).
    static func contents(_ path: String, maxBytes: Int) throws(Rejection) -> (bytes: [UInt8], modified: Date) {
        func failure(_ reason: String) -> Rejection { Rejection(reason: reason, isNotAPhoto: false) }
        // O_NONBLOCK: a FIFO put where a photo was opens without waiting for a writer, and
        // the fstat below refuses it before any read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot stat file") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw failure("not a regular file (\(FolderListing.kindName(mode: info.st_mode)))")
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw failure("file too large (\(ByteCount.text(size)))") }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let result = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, size - filled) }
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { throw failure(String(cString: strerror(errno)).lowercased()) }
            if result == 0 { break }  // the file shrank while being read: use what is there
            filled += result
        }
        if filled < size { bytes.removeSubrange(filled...) }
        guard fstat(fd, &info) == 0 else { throw failure("cannot stat file") }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        return (bytes, modified)
    }
}
