import DaybookCore
import GRDB

extension JournalReader {
    private typealias Entry = JournalEntry.Columns

    /// The tiles of these entries in the order given (a search's: newest first, or nearest
    /// first), the tile's columns only; an id without an entry is left out. A search page
    /// reads its matches' ids first, then only what their tiles show (issue 23: decoding
    /// whole entries was a third of a search page's store read).
    package func timelineTiles(ids: [String]) throws -> [TimelineTile] {
        var byID: [String: TimelineTile] = [:]
        byID.reserveCapacity(ids.count)
        for chunk in ids.boundValueChunks() {
            // Cached: one statement per number of ids, which is the page size nearly always.
            let sql: SQL = "SELECT \(SQL(sql: TimelineTile.columns)) FROM \(JournalEntry.self) WHERE \(chunk.contains(Entry.id))"
            let tiles = try SQLRequest<TimelineTile>(literal: sql, cached: true).fetchCursor(db)
            while let tile = try tiles.next() { byID[tile.id] = tile }
        }
        return ids.compactMap { byID[$0] }
    }

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
