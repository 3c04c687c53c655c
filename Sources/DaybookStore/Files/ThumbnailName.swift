/// The name of a thumbnail file: the photo's content hash (SHA-256, 64 lower-case hex digits)
/// plus `.jpg`.
///
/// A thumbnail's name is derived, never trusted: names come back from the database and from
/// export files, and those are input. Every initialiser checks the exact shape, and
/// `ThumbnailFiles` only takes this type, so no other string (`../x.jpg`, `/etc/passwd`,
/// `a/b.jpg`) can reach a file-system call as a thumbnail name.
public struct ThumbnailName: Hashable, Sendable, CustomStringConvertible {
    public let contentHash: String

    /// nil unless `contentHash` is exactly 64 lower-case hex digits.
    package init?(contentHash: String) {
        guard Self.isContentHash(contentHash) else { return nil }
        self.contentHash = contentHash
    }

    /// nil unless `fileName` is exactly `<64 lower-case hex digits>.jpg`.
    package init?(fileName: String) {
        guard fileName.utf8.count == 68, fileName.hasSuffix(".jpg") else { return nil }
        self.init(contentHash: String(fileName.dropLast(4)))
    }

    public var fileName: String { contentHash + ".jpg" }
    public var description: String { fileName }

    /// Whether `text` has the shape of a content hash: 64 characters, each `0-9` or `a-f`.
    package static func isContentHash(_ text: String) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }
}

extension JournalEntry {
    /// The entry's thumbnail name when it has the store's shape; nil when there is none or
    /// when the stored text is anything else (such a name is never used as a path).
    public var thumbnailName: ThumbnailName? { thumbnail.flatMap(ThumbnailName.init(fileName:)) }
}
