import DaybookImaging
import Foundation

/// Which files are skipped rather than read.
extension Ingester {
    /// For a file found in a folder (or by the watcher): why it is skipped, decided from its
    /// first bytes alone (a video may be gigabytes), or nil to read it. A file named like a
    /// JPEG or HEIF is always read, so one that is not a photo fails as broken.
    static func skipReason(forFoundFile path: String) -> SkipReason? {
        let name = (path as NSString).lastPathComponent
        guard !SkipKind.nameClaimsReadablePhoto(name), let prefix = leadingBytes(of: path),
            let kind = SkipKind(prefix: prefix, name: name)
        else { return nil }
        return kind.reason(detail: notAPhotoDetail(prefix))
    }

    /// FileSignature's words for a file that is not a JPEG, about a file that is no photo of
    /// any kind Daybook knows: "not a photo (looks like HTML/text)", "empty file".
    private static func notAPhotoDetail(_ prefix: [UInt8]) -> String {
        let words = FileSignature.describeNonJPEG(prefix) ?? "not a photo"
        return words.hasPrefix("not a JPEG") ? "not a photo" + words.dropFirst("not a JPEG".count) : words
    }

    /// Up to `FileKind.prefixLength` bytes from the start of a regular file; nil when it cannot
    /// be read, so that the whole read reports why.
    private static func leadingBytes(of path: String) -> [UInt8]? {
        // O_NONBLOCK: a FIFO put in a photo's place is refused by the fstat, not waited on.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: FileKind.prefixLength)
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { return nil }
            if result == 0 { break }
            filled += result
        }
        return Array(bytes.prefix(filled))
    }
}
