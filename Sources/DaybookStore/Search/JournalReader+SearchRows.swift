import DaybookCore
import GRDB

/// A search's matches as pages of tiles and the CLI's lines read them: each match's tile and
/// tags in the statement that finds it (`TimelineRows.columns`, `TileTagsColumn`), where
/// reading the tags from the tag table by id would cost two random seeks per match, and,
/// for "near", each match's distance.
package struct SearchRows: Sendable {
    package var rows: TimelineRows
    /// Great-circle distances from the query's point, by entry id, when it had one.
    package var distances: [String: Double] = [:]
}

extension JournalReader {
    /// `search(_:)`'s matches in its order as rows of tiles: the columns a tile shows and its
    /// tags, read by the search's own walk, not whole entries. Read by id afterwards instead,
    /// a page's tiles would cost as much as whole rows: every row is found again, and in a
    /// large journal finding (B-tree pages through the memory map) costs more than decoding.
    /// The cursor reads the three columns of its place. "Near" still reads
    /// whole rows (its distances come from each row's own position, `NearSearch`), then the
    /// nearest few's tile rows by id.
    package func searchRows(_ query: JournalQuery) throws -> SearchRows {
        var plan = try SearchPlan(query)
        guard !plan.findsNothing else { return SearchRows(rows: TimelineRows()) }
        return try Self.searching {
            if let id = plan.before {
                let statement = try db.cachedStatement(sql: "SELECT captured_local, created_at, id FROM entry WHERE id = ?")
                guard let row = try Row.fetchOne(statement, arguments: [id]) else { throw StoreError.entryNotFound(id) }
                plan.startAfter(TimelineOrder.Key(capturedText: row[0], createdAt: row[1], id: row[2]))
            }
            return try searchRows(plan)
        }
    }

    /// `searchRows(_:)` after the entry with this id or unique id prefix (a web page's
    /// `before=`, in place of `query.before`), read first, as the timeline reads its cursor
    /// (`TimelineCursor`): three order columns through one statement per connection. Nil
    /// when no entry, or several, have that prefix.
    package func searchRows(_ query: JournalQuery, afterID id: String) throws -> SearchRows? {
        guard let cursor = try Self.searching({ try TimelineCursor.key(idPrefix: id, db) }) else { return nil }
        var plan = try SearchPlan(query)
        guard !plan.findsNothing else { return SearchRows(rows: TimelineRows()) }
        plan.startAfter(cursor)
        return try Self.searching { try searchRows(plan) }
    }

    /// A database error of a search's reads, said as one.
    private static func searching<T>(_ read: () throws -> T) throws -> T {
        do { return try read() } catch let error as DatabaseError { throw StoreError.database("the search failed", error) }
    }

    private func searchRows(_ plan: SearchPlan) throws -> SearchRows {
        if let area = plan.area {
            let nearest = try SearchSQL.nearest(plan, area: area, db)
            let lines = try tileLines(ids: nearest.map(\.entry.id))
            return SearchRows(
                rows: TimelineRows(nearest.compactMap { lines[$0.entry.id] }),
                distances: Dictionary(uniqueKeysWithValues: nearest.compactMap { match in match.distanceKm.map { (match.entry.id, $0) } }))
        }
        if let indexQuery = try plan.indexQuery(db) {
            let lines: [TimelineRows.Line] = try SearchSQL.newestMatches(
                plan, indexQuery, selecting: Self.entryRowColumns, order: { TimelineOrder.Key($0.tile) }, db)
            return SearchRows(rows: TimelineRows(lines))
        }
        let request = SearchSQL.newestFirst(plan).select(sql: TimelineRows.columns, as: Row.self)
        return SearchRows(rows: try TimelineRows.fetch(Row.fetchCursor(db, request)))
    }

    /// The rows of these entries by id, in chunks under SQLite's bound-parameter cap.
    private func tileLines(ids: [String]) throws -> [String: TimelineRows.Line] {
        var lines: [String: TimelineRows.Line] = [:]
        for chunk in ids.boundValueChunks() {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let statement = try db.cachedStatement(sql: "SELECT \(TimelineRows.columns) FROM entry WHERE id IN (\(placeholders))")
            let rows = try Row.fetchCursor(statement, arguments: StatementArguments(chunk))
            while let row = try rows.next() {
                let line = try TimelineRows.Line(row)
                lines[line.tile.id] = line
            }
        }
        return lines
    }

    /// `TimelineRows.columns` of the table `entry`: the full-text index's columns beside it in
    /// the walk share some names (`text`).
    private static let entryRowColumns = TimelineRows.columns.split(separator: ", ").map { "entry.\($0)" }.joined(separator: ", ")
}
