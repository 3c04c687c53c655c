import DaybookImaging
import DaybookIngest
import DaybookStore
import Foundation

/// The photo an entry points to: the only files outside the library the web journal ever
/// serves, and only when all of this holds (docs/file-access.md):
/// - the entry's path is absolute, without "." or ".." parts;
/// - the path, or the file it resolves to (symlinks followed), lies under an allowed folder:
///   one the library has ingested from, or one named by `serve --originals`;
/// - the resolved file, opened once without following a link, is a regular file;
/// - its bytes still have the entry's content hash.
/// A photo reached through a symlink is served through the link, after these checks on its target.
struct OriginalPhoto {
    static let maxBytes = 512 << 20

    let bytes: [UInt8]
    /// `image/jpeg`, `image/heic`, `image/heif`, …, from the bytes (never from the name).
    let contentType: String

    /// The folders originals may come from: the store's ingest roots and the named ones.
    static func allowedFolders(store: JournalStore, named: [String]) throws -> [String] {
        try store.ingestRoots() + named
    }

    /// The entry's photo, or nil when any of the rules above fails.
    static func load(_ entry: JournalEntry, allowedFolders: [String]) -> OriginalPhoto? {
        let path = entry.sourcePath
        guard isPlainAbsolute(path), let resolved = IngestRoots.resolvedPath(path),
            allowedFolders.contains(where: { folder in
                isInside(path, folder) || IngestRoots.resolvedPath(folder).map { isInside(resolved, $0) } == true
            })
        else { return nil }
        // O_NONBLOCK: a FIFO swapped in opens without waiting for a writer (and fstat refuses it).
        let fd = open(resolved, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes,
            let bytes = readAll(fd, size: Int(info.st_size)), ContentHash.sha256Hex(bytes) == entry.contentHash
        else { return nil }
        return OriginalPhoto(bytes: bytes, contentType: contentType(of: bytes))
    }

    static func contentType(of bytes: [UInt8]) -> String { FileKind.mediaType(of: bytes) }

    /// The link to the photo as a JPEG when browsers cannot show its file (a HEIC); nil for a
    /// JPEG, PNG, WebP or GIF, which every browser shows as they are, or a file that cannot be read. Only the first bytes are
    /// read, to tell the format: the link's route applies every rule of `load` before it
    /// serves anything.
    static func jpegLink(for entry: JournalEntry) -> String? {
        guard isPlainAbsolute(entry.sourcePath), let resolved = IngestRoots.resolvedPath(entry.sourcePath) else { return nil }
        let fd = open(resolved, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let head = readAll(fd, size: FileKind.prefixLength),
            !head.isEmpty
        else { return nil }
        return [.jpeg, .png, .webp, .gif].contains(FileKind(prefix: head)) ? nil : "/originals/\(entry.id)?as=jpeg"
    }

    /// Whether `path` is strictly inside `folder` ("/" allows nothing: it would be every file).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return !folder.isEmpty && path.hasPrefix(folder + "/")
    }

    /// Absolute, and no empty, "." or ".." part that could walk out of a folder.
    static func isPlainAbsolute(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        return !path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// The file's bytes, up to `size` (a file that shrank while read gives what it has).
    private static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { break }
            done += count
        }
        return Array(bytes[0..<done])
    }
}
