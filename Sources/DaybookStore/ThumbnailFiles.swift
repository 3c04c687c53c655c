import Foundation

/// The `thumbnails/` folder. Files are written under a temporary name and renamed into
/// place, so a reader never sees half a thumbnail and a killed run leaves only temporaries,
/// which the next run sweeps.
public struct ThumbnailFiles: Sendable {
    public let folder: URL
    static let temporaryPrefix = ".tmp-"

    public init(library: Library) { folder = library.thumbnailsURL }

    public func url(for name: String) -> URL { folder.appendingPathComponent(name) }

    /// Thumbnails are named by the photo's content hash: the same photo always maps to the
    /// same file, so a run killed after the rename but before its commit is repaired by the
    /// next run writing the same name.
    public static func name(forContentHash hash: String) -> String { "\(hash).jpg" }

    /// Writes `bytes` to a private temporary file in the folder and returns its URL.
    public func writeTemporary(_ bytes: [UInt8]) throws -> URL {
        let url = folder.appendingPathComponent("\(Self.temporaryPrefix)\(getpid())-\(UUID().uuidString).jpg")
        let fd = open(url.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.io("cannot create \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                let message = String(cString: strerror(errno))
                unlink(url.path)
                throw StoreError.io("cannot write \(url.path): \(message)")
            }
            written += result
        }
        return url
    }

    public func moveIntoPlace(_ temporary: URL, name: String) throws {
        guard rename(temporary.path, url(for: name).path) == 0 else {
            throw StoreError.io("cannot rename thumbnail into \(url(for: name).path): \(String(cString: strerror(errno)))")
        }
    }

    public func discard(_ temporary: URL) { unlink(temporary.path) }

    /// Every file name in the folder, temporaries included.
    public func allNames() throws -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    public static func isTemporary(_ name: String) -> Bool { name.hasPrefix(temporaryPrefix) }
}
