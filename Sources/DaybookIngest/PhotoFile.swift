import DaybookImaging
import Foundation

/// Reads a photo into memory in one go: it is hashed, parsed and decoded from the same bytes.
enum PhotoFile {
    static func load(_ path: String, maxBytes: Int) throws(Rejection) -> [UInt8] {
        try contents(path, maxBytes: maxBytes).bytes
    }

    /// The bytes, and the file's modification time as it was once they were read (so a write
    /// made while reading makes the file look younger, never older).
    static func contents(_ path: String, maxBytes: Int) throws(Rejection) -> (bytes: [UInt8], modified: Date) {
        // O_NONBLOCK: a FIFO put where a photo was opens without waiting for a writer, and
        // the fstat below refuses it before any read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Rejection(.system(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Rejection(.cannotStat) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Rejection(.special(kind: FolderListing.kindName(mode: info.st_mode), orFolder: false))
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw Rejection(.tooLarge(.fileBytes(size, limit: maxBytes))) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let result = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, size - filled) }
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { throw Rejection(.system(errno)) }
            if result == 0 { break }  // the file shrank while being read: use what is there
            filled += result
        }
        if filled < size { bytes.removeSubrange(filled...) }
        guard fstat(fd, &info) == 0 else { throw Rejection(.cannotStat) }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        return (bytes, modified)
    }
}
