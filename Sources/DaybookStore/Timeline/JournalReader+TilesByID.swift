import DaybookCore
import GRDB

extension JournalReader {
    private typealias Entry = JournalEntry.Columns

    /// The entry with this id or unique id prefix as a tile (`entry(idPrefix:)`): what a
    /// page's `before=` cursor needs, its place in the timeline, without the whole row.
    package func tile(idPrefix: String) throws -> TimelineTile? {
        let prefix = idPrefix.lowercased()
        guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        let sql: SQL = """
            SELECT \(SQL(sql: TimelineTile.columns)) FROM \(JournalEntry.self) \
            WHERE \(Entry.id >= prefix && Entry.id < prefix + "\u{10FFFF}") ORDER BY \(Entry.id) LIMIT 2
            """
        let matches = try SQLRequest<TimelineTile>(literal: sql, cached: true).fetchAll(db)
        return matches.count == 1 ? matches[0] : nil
    }
}

extension TimelineOrder.Key {
    /// A tile's place in the timeline, as its entry's (`init(_:)` of a `JournalEntry`).
    init(_ tile: TimelineTile) {
        self.init(capturedLocal: tile.capturedLocal, createdAt: tile.createdAt, id: tile.id)
    }
}
