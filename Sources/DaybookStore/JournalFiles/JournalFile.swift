import DaybookCore
import Foundation

/// One entry as its journal file holds it (docs/design/writing.md): the front matter's
/// values and the text. The file is the truth and the index is made from it, so this type
/// holds only what a person wrote or a device knew when they wrote it, never derived
/// columns such as weather or a thumbnail.
public struct JournalFile: Sendable, Hashable {
    /// The format this code writes and the newest it reads.
    public static let formatVersion = 1

    /// The photo a photo entry's file belongs to: by content, and by name for people, never
    /// by path (another device keeps the same photo elsewhere).
    public struct PhotoReference: Sendable, Hashable {
        public var contentHash: String
        public var fileName: String

        public init(contentHash: String, fileName: String) {
            self.contentHash = contentHash
            self.fileName = fileName
        }
    }

    /// What a person chose about the stack a photo entry is in.
    public enum StackChoice: String, Sendable, Hashable {
        /// Picked as its stack's cover: a frame arriving later does not take its place.
        case cover
        /// Taken out of its stack: it stays an entry of its own.
        case split
    }

    public var id: String
    /// The entry's local date-time, as the person lived it.
    public var date: LocalDateTime
    /// Seconds ahead of UTC at `date`; nil for a floating time.
    public var utcOffsetSeconds: Int?
    public var placeName: String?
    public var location: GeoLocation?
    /// Normalised tag names (`JournalTag.normalizedName`), in the order written.
    public var tags: [String]
    public var photo: PhotoReference?
    /// `UTCTimestamp` text of the entry's creation.
    public var created: String
    /// The entry's words, exactly; its first line is the title.
    public var text: String
    /// `UTCTimestamp` text of the entry's deletion: the file is then a tombstone, which keeps
    /// the entry out of the journal (and its photo out of later ingests) and its words for
    /// `daybook trash restore`.
    public var deleted: String?
    /// Automatic tags the person removed, so that no later tagging brings them back.
    public var removedTags: [String]
    /// A photo entry's date set by hand: the file's `date` then wins over what the photo says.
    /// A text entry's date is always the person's, so its file never says so.
    public var dateSetByHand: Bool
    /// A photo entry's place set by hand: `latitude`/`longitude` then win over the photo's.
    public var placeSetByHand: Bool
    public var stackChoice: StackChoice?

    public init(
        id: String, date: LocalDateTime, utcOffsetSeconds: Int? = nil, placeName: String? = nil, location: GeoLocation? = nil,
        tags: [String] = [], photo: PhotoReference? = nil, created: String, text: String, deleted: String? = nil,
        removedTags: [String] = [], dateSetByHand: Bool = false, placeSetByHand: Bool = false, stackChoice: StackChoice? = nil
    ) {
        self.id = id
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
        self.placeName = placeName
        self.location = location
        self.tags = tags
        self.photo = photo
        self.created = created
        self.text = text
        self.deleted = deleted
        self.removedTags = removedTags
        self.dateSetByHand = dateSetByHand
        self.placeSetByHand = placeSetByHand
        self.stackChoice = stackChoice
    }

    /// Where this file lives in the library.
    public var path: JournalFilePath { JournalFilePath(id: id, date: date) }

    /// The file's bytes. Keys in a fixed order so that a file written twice from the same
    /// values is the same file (sync tools and `diff` see no change).
    public func serialized() -> Data {
        var lines = ["---", "version: \(Self.formatVersion)", "id: \(id)", "date: \(date.iso8601)"]
        if let utcOffsetSeconds, let offset = UTCOffset(seconds: utcOffsetSeconds, source: .device) {
            lines.append("utc_offset: \(offset.formatted)")
        }
        if let placeName { lines.append("place: \(Self.quoted(placeName))") }
        if let location {
            lines.append("latitude: \(location.latitude)")
            lines.append("longitude: \(location.longitude)")
        }
        if !tags.isEmpty { lines.append("tags: [\(tags.joined(separator: ", "))]") }
        if !removedTags.isEmpty { lines.append("removed_tags: [\(removedTags.joined(separator: ", "))]") }
        let setByHand = (dateSetByHand ? ["date"] : []) + (placeSetByHand ? ["place"] : [])
        if !setByHand.isEmpty { lines.append("set_by_hand: [\(setByHand.joined(separator: ", "))]") }
        if let photo { lines.append("photo: \(photo.contentHash) \(Self.quoted(photo.fileName))") }
        if let stackChoice { lines.append("stack: \(stackChoice.rawValue)") }
        lines.append("created: \(created)")
        if let deleted { lines.append("deleted: \(deleted)") }
        lines.append("---")
        // One line break ends a text file; the reader takes exactly that one off again.
        let body = text.isEmpty ? "" : text + "\n"
        return Data((lines.joined(separator: "\n") + "\n" + body).utf8)
    }

    /// A JSON string literal: every name survives, quotes, backslashes and line breaks
    /// included, and the line stays one line.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
