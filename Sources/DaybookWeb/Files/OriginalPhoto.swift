import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookSupport
import Foundation

/// The photo an entry points to: the only files outside the library the web journal ever
/// serves, and only when all of this holds (docs/file-access.md):
/// - the entry's path is absolute, without "." or ".." parts;
/// - the path, or the file it resolves to (symlinks followed), lies under an allowed folder:
///   one the library has ingested from, or one named by `serve --originals`;
/// - the resolved file, opened once without following a link, is a regular file;
/// - its bytes still have the entry's content hash.
/// A photo reached through a symlink is served through the link, after these checks on its target.
/// The bytes are hashed once per file, not per request (`OriginalChecks`), off the request's
/// thread (`BlockingPools`).
struct OriginalPhoto: Sendable {
    static let maxBytes = 512 << 20
    /// Phone videos pass 512 MB in a minute of 4K. They are only streamed (never read whole),
    /// so what bounds them is the first request's hash, whose time grows with the file: any
    /// video ingest takes (`IngestOptions.defaultMaxVideoFileBytes`) is served.
    static let maxVideoBytes = IngestOptions.defaultMaxVideoFileBytes

    static func maxBytes(of entry: JournalEntry) -> Int { entry.media == .video ? maxVideoBytes : maxBytes }

    /// The checked file, open: served and decoded from exactly this file.
    let file: OpenFile
    /// `image/jpeg`, `image/heic`, `video/mp4`, …, from the bytes (never from the name).
    let contentType: String

    /// The folders originals may come from: the store's ingest roots and the named ones.
    static func allowedFolders(store: JournalStore, named: [String]) throws -> [String] {
        try store.ingestRoots() + named
    }

    /// The same, inside a read already open (an entry's page).
    static func allowedFolders(_ reader: JournalReader, named: [String]) throws -> [String] {
        try reader.ingestRoots() + named
    }

    /// A file that passed every rule but the content hash.
    struct Candidate: Sendable {
        let file: OpenFile
        let identity: OriginalChecks.Identity
        let contentType: String
    }

    /// The entry's photo, or nil when any of the rules above fails. Blocking (it may hash the
    /// whole file): the server calls `loadOffThePool`.
    static func load(_ entry: JournalEntry, allowedFolders: [String], checks: OriginalChecks) -> OriginalPhoto? {
        load(
            path: entry.sourcePath, contentHash: entry.contentHash, allowedFolders: allowedFolders, checks: checks,
            maxBytes: maxBytes(of: entry))
    }

    /// Any file of an entry (its photo, or its RAW: `EntryFile`), by the same rules.
    static func load(
        path: String, contentHash: String, allowedFolders: [String], checks: OriginalChecks, maxBytes: Int = maxBytes
    ) -> OriginalPhoto? {
        guard let candidate = open(path, allowedFolders: allowedFolders, maxBytes: maxBytes),
            checks.remembers(candidate.identity, contentHash: contentHash)
                || checks.check(candidate.file, identity: candidate.identity, contentHash: contentHash)
        else { return nil }
        return OriginalPhoto(file: candidate.file, contentType: candidate.contentType)
    }

    /// `load` for a request: the file is opened on the files pool and, unless its check is
    /// remembered, hashed on the heavy one; the request's thread only waits.
    static func loadOffThePool(_ entry: JournalEntry, allowedFolders: [String], checks: OriginalChecks) async throws -> OriginalPhoto? {
        try await loadOffThePool(
            path: entry.sourcePath, contentHash: entry.contentHash, allowedFolders: allowedFolders, checks: checks,
            maxBytes: maxBytes(of: entry))
    }

    /// `loadOffThePool` for any file of an entry (its RAW: `EntryFile`).
    static func loadOffThePool(
        path: String, contentHash hash: String, allowedFolders: [String], checks: OriginalChecks, maxBytes: Int = maxBytes
    ) async throws -> OriginalPhoto? {
        guard let candidate = try await BlockingPools.files.runIfActive({ open(path, allowedFolders: allowedFolders, maxBytes: maxBytes) })
        else {
            return nil
        }
        if !checks.remembers(candidate.identity, contentHash: hash) {
            guard
                try await BlockingPools.heavy.runIfActive({ checks.check(candidate.file, identity: candidate.identity, contentHash: hash) })
            else { return nil }
        }
        return OriginalPhoto(file: candidate.file, contentType: candidate.contentType)
    }

    /// Applies the path rules, then opens the file once and reads its first bytes (blocking, short).
    static func open(_ path: String, allowedFolders: [String], maxBytes: Int = maxBytes) -> Candidate? {
        guard let resolved = allowedPath(path, allowedFolders: allowedFolders),
            let (file, info) = openRegularFile(resolved), info.st_size <= maxBytes,
            let head = try? file.read(at: 0, count: FileKind.prefixLength)
        else { return nil }
        return Candidate(file: file, identity: OriginalChecks.Identity(info), contentType: FileKind.mediaType(of: head))
    }

    /// The file `path` resolves to, when the path rules allow it: plain and absolute, and
    /// under an allowed folder as written or as resolved.
    private static func allowedPath(_ path: String, allowedFolders: [String]) -> String? {
        guard isPlainAbsolute(path), let resolved = IngestRoots.resolvedPath(path),
            allowedFolders.contains(where: { folder in
                isInside(path, folder) || IngestRoots.resolvedPath(folder).map { isInside(resolved, $0) } == true
            })
        else { return nil }
        return resolved
    }

    /// `resolved` opened once without following a link, when it is a regular file. O_NONBLOCK:
    /// a FIFO swapped in opens without waiting for a writer (and fstat refuses it).
    private static func openRegularFile(_ resolved: String) -> (file: OpenFile, info: stat)? {
        let fd = Glibc.open(resolved, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return (OpenFile(descriptor: fd, size: Int(info.st_size)), info)
    }

    /// The link to the photo as a JPEG when browsers cannot show its file (a HEIC); nil for a
    /// JPEG, PNG, WebP or GIF, which every browser shows as they are, or a file that cannot be
    /// read. Only the first bytes are read, to tell the format: the link's route applies every
    /// rule of `load` before it serves anything.
    static func jpegLink(for entry: JournalEntry) -> String? {
        // A video plays as it is; its poster is the thumbnail.
        guard entry.media == .photo, let head = head(of: entry) else { return nil }
        // Browsers show these as they are.
        return [.jpeg, .png, .webp, .gif].contains(FileKind(prefix: head)) ? nil : "/originals/\(entry.id)?as=jpeg"
    }

    /// The allowed folders while the server makes an entry's page (`Routes+Pages`), for
    /// `head(of:)`, which the page's reads and templates call with the entry alone.
    @TaskLocal static var pageFolders: [String]? = nil

    /// The first bytes of the entry's file, enough to tell its format (`FileKind.prefixLength`);
    /// nil when it cannot be read or is empty. For a page's links only: serving applies `load`.
    /// The path rules come first, under `pageFolders`: a file no rule lets the server send
    /// is not opened either, or the page would tell whether it starts like a picture. With
    /// no folders bound (an export's pages, which link to no original) nothing is opened.
    static func head(of entry: JournalEntry) -> [UInt8]? {
        guard let folders = pageFolders, let resolved = allowedPath(entry.sourcePath, allowedFolders: folders),
            let (file, _) = openRegularFile(resolved),
            let head = try? file.read(at: 0, count: FileKind.prefixLength), !head.isEmpty
        else { return nil }
        return head
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
}
