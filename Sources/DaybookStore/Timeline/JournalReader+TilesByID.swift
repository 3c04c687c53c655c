import DaybookCore
import GRDB

extension JournalReader {
    /// The entry with this id or unique id prefix as a tile (`entry(idPrefix:)`): what a
    /// page's `before=` cursor needs, its place in the timeline, without the whole row.
    package func tile(idPrefix: String) throws -> TimelineTile? {
        guard let prefix = EntryIDPrefix(idPrefix) else { return nil }
        let statement = try db.cachedStatement(sql: EntryIDPrefix.selectSQL(TimelineTile.columns, limit: 2))
        let matches = try TimelineTile.fetchAll(statement, arguments: prefix.arguments)
        return matches.count == 1 ? matches[0] : nil
    }
}

extension TimelineOrder.Key {
    /// A tile's place in the timeline, as its entry's (`init(_:)` of a `JournalEntry`).
    init(_ tile: TimelineTile) {
        self.init(capturedLocal: tile.capturedLocal, createdAt: tile.createdAt, id: tile.id)
    }
}
