import Foundation

/// A file as ingest last saw it: its size and modification time. The same path with the same
/// stamp is the same file, unread; a touch or a new version changes it.
package struct FileStampOnDisk: Sendable, Hashable, Codable {
    package let size: Int64
    /// Nanoseconds since 1970, as `stat` gives them.
    package let modifiedNanoseconds: Int64

    package init(size: Int64, modifiedNanoseconds: Int64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    /// The stamp of the regular file at `path`, following links; nil when it cannot be read.
    package static func of(_ path: String) -> FileStampOnDisk? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStampOnDisk(
            size: Int64(info.st_size), modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}

/// A file ingest judged damaged or unsupported, remembered so that later runs do not fail it
/// again (`JournalStore+ProblemFiles`), and listed by `daybook problems`.
package struct ProblemFile: Sendable, Hashable {
    package let path: String
    package let stamp: FileStampOnDisk
    /// The bytes' SHA-256, when they were read (a file refused by its size alone has none).
    package let contentHash: String?
    /// `IngestError.Code`'s words: damaged, unsupportedFormat, notAPhoto, tooLarge.
    package let code: String
    /// What is wrong, in the words the run reported ("damaged QuickTime movie: …").
    package let reason: String
    /// The entry the file was kept as, without a picture; nil when it is no entry.
    package let entryID: String?
    /// When it was judged, `JournalEntry.timestamp`'s form (UTC).
    package let judgedAt: String

    package init(
        path: String, stamp: FileStampOnDisk, contentHash: String?, code: String, reason: String, entryID: String? = nil,
        judgedAt: String
    ) {
        self.path = path
        self.stamp = stamp
        self.contentHash = contentHash
        self.code = code
        self.reason = reason
        self.entryID = entryID
        self.judgedAt = judgedAt
    }

    /// The same judgement for the same bytes under another path (a copy of a known file).
    package func at(_ otherPath: String, stamp otherStamp: FileStampOnDisk) -> ProblemFile {
        ProblemFile(
            path: otherPath, stamp: otherStamp, contentHash: contentHash, code: code, reason: reason, entryID: entryID,
            judgedAt: judgedAt)
    }
}
