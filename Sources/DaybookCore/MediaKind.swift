/// What an entry shows: a still photo, a video (played on its page, its poster frame as the
/// thumbnail), or only words (a journal file, no picture: docs/design/writing.md). Stored by
/// raw value in the entry's `media_kind` column.
public enum MediaKind: String, Sendable, Hashable, Codable, CaseIterable {
    case photo
    case video
    case text
}
