import GRDB

package enum TagSource: String, Sendable, Codable {
    /// Written by the colour tagger; replaced when the tagger runs again.
    case auto
    /// Written by the user; the tagger never touches it.
    case user
}

/// A tag on an entry, as stored.
package struct JournalTag: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "tag"
    package static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    package static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    package enum Columns: String, ColumnExpression {
        case entryId = "entry_id"
        case name, source, score
        case taggerVersion = "tagger_version"
    }

    /// User tags first, then automatic ones by score, then by name: the order tags show in, as
    /// SQL text, so that the reads which prepare it from literal SQL use it too.
    static let displayOrder = "source DESC, score DESC, name ASC"

    package var entryId: String
    package var name: String
    package var source: TagSource
    /// The tagger's confidence, 0…1; nil for user tags.
    package var score: Double?
    /// Which tagger version produced an auto tag; nil for user tags.
    package var taggerVersion: Int?

    package init(entryId: String, name: String, source: TagSource, score: Double? = nil, taggerVersion: Int? = nil) {
        self.entryId = entryId
        self.name = name
        self.source = source
        self.score = score
        self.taggerVersion = taggerVersion
    }

    /// Decodes a row by column directly: a page reads the tags of every tile it shows, and the
    /// Codable path's overhead on every value would weigh on every page.
    package init(row: Row) throws {
        typealias C = Columns
        let sourceText: String = try row.decode(forColumn: C.source)
        guard let source = TagSource(rawValue: sourceText) else {
            throw StoreError.unreadableEntry(
                "tag of entry \(row[C.entryId] as String? ?? "?"): source holds \(sourceText), which daybook never writes")
        }
        self.init(
            entryId: try row.decode(forColumn: C.entryId), name: try row.decode(forColumn: C.name), source: source,
            score: try row.decode(forColumn: C.score), taggerVersion: try row.decode(forColumn: C.taggerVersion))
    }

    /// User tag names are lower case, words joined by "-": "Beach Trip" → "beach-trip".
    /// An entry's own tags (the person's, not the tagger's) at most. Its journal file keeps them
    /// on one front-matter line, which `JournalFileParser` reads back only up to its line limit:
    /// this many of the longest names (64 bytes, ", " between) fit, so every file Daybook
    /// writes is one it reads.
    package static let maximumOwnPerEntry = 60

    package static func normalizedName(_ raw: String) throws -> String {
        let words = raw.lowercased().split { $0.isWhitespace }.joined(separator: "-")
        guard !words.isEmpty, words.count <= 64,
            words.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else {
            throw StoreError.invalidTag(raw)
        }
        return words
    }
}

/// How often a tag is used.
package struct TagCount: Sendable, Hashable, Codable {
    package let name: String
    package let entries: Int
    package let auto: Int
    package let user: Int

    package init(name: String, entries: Int, auto: Int, user: Int) {
        self.name = name
        self.entries = entries
        self.auto = auto
        self.user = user
    }
}
