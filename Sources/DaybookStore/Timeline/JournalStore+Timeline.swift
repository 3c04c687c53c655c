import DaybookCore
import GRDB

extension JournalStore {
    /// A page of the timeline (`JournalReader.timeline(after:limit:)`).
    public func timeline(after entry: JournalEntry?, limit: Int) throws -> [JournalEntry] {
        try readNow { try $0.timeline(after: entry, limit: limit) }
    }

    /// The timeline from the newest entry captured before `date`.
    public func timeline(capturedBefore date: CivilDate, limit: Int) throws -> [JournalEntry] {
        try readNow { try $0.timeline(capturedBefore: date, limit: limit) }
    }

    /// The entries just before (newer) and just after (older) `entry` in the timeline.
    public func timelineNeighbours(of entry: JournalEntry) throws -> (newer: JournalEntry?, older: JournalEntry?) {
        try readNow { try $0.neighbours(of: entry) }
    }
}

/// A page of the timeline as tiles, and which of them stand for a stack: read with the tile's
/// own row, so a page asks for stack sizes only when it shows a stack, where looking every
/// tile up by id cost 120 index and table seeks a page.
package struct TimelineRows: Sendable {
    package var tiles: [TimelineTile] = []
    /// The ids of the tiles that are a stack's cover.
    package var stacked: [String] = []
    /// The tags of the tiles that have any, in their display order, read with their rows
    /// (`TileTagsColumn`), so a page reads only the weather (`tileAnnotations(for:tags:)`).
    package var tags: [String: [TileAnnotations.Tag]] = [:]

    /// Keeps the tags of a tile from its row's `tile_tags`.
    mutating func setTags(of id: String, _ value: String?) {
        let shown = TileTagsColumn.tags(value)
        if !shown.isEmpty { tags[id] = shown }
    }
}

extension JournalReader {
    /// `timeline(after:limit:)` as tiles: the same order and cursor, the tile's columns only.
    package func timelineTiles(after entry: JournalEntry?, limit: Int) throws -> [TimelineTile] {
        try timelineRows(after: entry.map(TimelineOrder.Key.init), limit: limit).tiles
    }

    /// `timeline(capturedBefore:limit:)` as tiles.
    package func timelineTiles(capturedBefore date: CivilDate, limit: Int) throws -> [TimelineTile] {
        try timelineRows(capturedBefore: date, limit: limit).tiles
    }

    /// The first page of the timeline.
    package func timelineRows(limit: Int) throws -> TimelineRows { try timelineRows(after: nil, limit: limit) }

    /// The page after the entry with this id or unique id prefix (a web page's `before=`);
    /// nil when there is no such entry. The cursor is read as its three order columns alone,
    /// not as a whole entry.
    package func timelineRows(afterID id: String, limit: Int) throws -> TimelineRows? {
        guard let key = try TimelineCursor.key(idPrefix: id, db) else { return nil }
        return try timelineRows(after: key, limit: limit)
    }

    /// The page from the newest entry captured before `date` (a month page).
    package func timelineRows(capturedBefore date: CivilDate, limit: Int) throws -> TimelineRows {
        rows(try TimelineOrder.page(capturedBefore: date, limit: limit, byText: { try tileRows($0, limit: $1) }))
    }

    private func timelineRows(after key: TimelineOrder.Key?, limit: Int) throws -> TimelineRows {
        rows(try TimelineOrder.page(after: key, limit: limit, byText: { try tileRows($0, limit: $1) }))
    }

    private func rows(_ rows: [TimelineRow]) -> TimelineRows {
        var page = TimelineRows(tiles: rows.map(\.tile), stacked: rows.filter(\.isStacked).map(\.tile.id))
        for row in rows { page.setTags(of: row.tile.id, row.tileTags) }
        return page
    }

    private typealias TimelineRow = (tile: TimelineTile, isStacked: Bool, tileTags: String?)

    private func tileRows(_ condition: TimelineOrder.Condition, limit: Int) throws -> [TimelineRow] {
        let columns = TimelineTile.columns + ", stack_id IS NOT NULL, tile_tags"
        let statement = try db.cachedStatement(sql: TimelineOrder.querySQL(selecting: columns, where: condition))
        let rows = try Row.fetchCursor(statement, arguments: StatementArguments(condition.arguments + [limit.databaseValue]))
        var tiles: [TimelineRow] = []
        tiles.reserveCapacity(limit)
        let stacked = TimelineTile.columnNames.count
        while let row = try rows.next() { tiles.append((try TimelineTile(row: row), row[stacked], row[stacked + 1])) }
        return tiles
    }
}

/// A page's cursor as the timeline needs it: the entry's place in `TimelineOrder`.
enum TimelineCursor {
    /// The key of the entry with this id or unique id prefix (`EntryIDPrefix`); nil for none
    /// or several.
    static func key(idPrefix: String, _ db: Database) throws -> TimelineOrder.Key? {
        guard let prefix = EntryIDPrefix(idPrefix) else { return nil }
        let statement = try db.cachedStatement(sql: EntryIDPrefix.selectSQL("captured_local, created_at, id", limit: 2))
        let rows = try Row.fetchAll(statement, arguments: prefix.arguments)
        guard rows.count == 1, let row = rows.first else { return nil }
        return TimelineOrder.Key(capturedText: row[0], createdAt: row[1], id: row[2])
    }
}
