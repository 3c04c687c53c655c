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
/// tile up by id would cost an index and a table seek for every tile of every page.
package struct TimelineRows: Sendable {
    package var tiles: [TimelineTile] = []
    /// The ids of the tiles that are a stack's cover.
    package var stacked: [String] = []
    /// The tags of the tiles that have any, in their display order, read with their rows
    /// (`TileTagsColumn`), so a page reads only the weather (`tileAnnotations(for:tags:)`).
    package var tags: [String: [TileAnnotations.Tag]] = [:]

    /// What each row selects: the tile's columns, whether it is a stack's cover, its tags.
    static let columns = TimelineTile.columns + ", stack_id IS NOT NULL, tile_tags"

    /// One row that selected `columns`.
    struct Line: FetchableRecord {
        let tile: TimelineTile
        let isStacked: Bool
        let tags: [TileAnnotations.Tag]

        init(_ row: Row) throws {
            tile = try TimelineTile(row: row)
            isStacked = row[TimelineTile.columnNames.count]
            tags = TileTagsColumn.tags(row[TimelineTile.columnNames.count + 1])
        }

        /// As a record, so that GRDB finds each column once per statement (`SearchSQL.newestMatches`).
        init(row: Row) throws { try self.init(row) }
    }

    init(_ lines: [Line]) {
        tiles = lines.map(\.tile)
        stacked = lines.filter(\.isStacked).map(\.tile.id)
        for line in lines where !line.tags.isEmpty { tags[line.tile.id] = line.tags }
    }

    init() {}

    /// The rows of a cursor over `columns`.
    static func fetch(_ rows: RowCursor) throws -> TimelineRows {
        var lines: [Line] = []
        while let row = try rows.next() { lines.append(try Line(row)) }
        return TimelineRows(lines)
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

    private func rows(_ lines: [TimelineRows.Line]) -> TimelineRows { TimelineRows(lines) }

    private func tileRows(_ condition: TimelineOrder.Condition, limit: Int) throws -> [TimelineRows.Line] {
        let statement = try db.cachedStatement(sql: TimelineOrder.querySQL(selecting: TimelineRows.columns, where: condition))
        let rows = try Row.fetchCursor(statement, arguments: StatementArguments(condition.arguments + [limit.databaseValue]))
        var lines: [TimelineRows.Line] = []
        lines.reserveCapacity(limit)
        while let row = try rows.next() { lines.append(try TimelineRows.Line(row)) }
        return lines
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
