/// What an entry shows: a still photo, or a video (played on its page, its poster frame as
/// the thumbnail). Stored by raw value in the entry's `media_kind` column.
public enum MediaKind: String, Sendable, Hashable, Codable, CaseIterable {
    case photo
    case video
}
