import DaybookCore
import GRDB

/// A search's match as a page of tiles shows it: its tile and, for "near", how far it is.
package struct SearchTile: Sendable, Hashable {
    package let tile: TimelineTile
    /// Great-circle distance from the query's point, when it had one.
    package let distanceKm: Double?

    package init(tile: TimelineTile, distanceKm: Double?) {
        self.tile = tile
        self.distanceKm = distanceKm
    }
}

extension JournalReader {
    /// `search(_:)`'s matches in its order as tiles: the tile's columns of each match, read by
    /// the search's own walk, not whole entries (issue 23). Read by id afterwards instead, the
    /// 60 tiles cost as much as the whole rows did: every row is found again, and at a million
    /// entries finding (B-tree pages through the memory map) costs more than decoding. The
    /// cursor reads the three columns of its place. "Near" still reads whole rows (its
    /// distances come from each row's own position, `NearSearch`), and makes tiles of them.
    package func searchTiles(_ query: JournalQuery) throws -> [SearchTile] {
        var plan = try SearchPlan(query)
        guard !plan.findsNothing else { return [] }
        return try Self.searching {
            if let id = plan.before {
                let statement = try db.cachedStatement(sql: "SELECT captured_local, created_at, id FROM entry WHERE id = ?")
                guard let row = try Row.fetchOne(statement, arguments: [id]) else { throw StoreError.entryNotFound(id) }
                plan.startAfter(TimelineOrder.Key(capturedText: row[0], createdAt: row[1], id: row[2]))
            }
            return try searchTiles(plan)
        }
    }

    /// `searchTiles(_:)` after the entry with this id or unique id prefix (a web page's
    /// `before=`, in place of `query.before`), read first, as the timeline reads its cursor
    /// (`TimelineCursor`): three order columns through one statement per connection. Nil
    /// when no entry, or several, have that prefix.
    package func searchTiles(_ query: JournalQuery, afterID id: String) throws -> [SearchTile]? {
        guard let cursor = try Self.searching({ try TimelineCursor.key(idPrefix: id, db) }) else { return nil }
        var plan = try SearchPlan(query)
        guard !plan.findsNothing else { return [] }
        plan.startAfter(cursor)
        return try Self.searching { try searchTiles(plan) }
    }

    /// A database error of a search's reads, said as one.
    private static func searching<T>(_ read: () throws -> T) throws -> T {
        do { return try read() } catch let error as DatabaseError { throw StoreError.database("the search failed", error) }
    }

    private func searchTiles(_ plan: SearchPlan) throws -> [SearchTile] {
        if let area = plan.area {
            return try SearchSQL.nearest(plan, area: area, db).map {
                SearchTile(tile: TimelineTile($0.entry), distanceKm: $0.distanceKm)
            }
        }
        if let indexQuery = try plan.indexQuery(db) {
            let tiles: [TimelineTile] = try SearchSQL.newestMatches(
                plan, indexQuery, selecting: Self.entryTileColumns, order: TimelineOrder.Key.init, db)
            return tiles.map { SearchTile(tile: $0, distanceKm: nil) }
        }
        return try SearchSQL.newestFirst(plan).select(sql: TimelineTile.columns, as: TimelineTile.self).fetchAll(db).map {
            SearchTile(tile: $0, distanceKm: nil)
        }
    }

    /// `TimelineTile.columns` of the table `entry`: the full-text index's columns beside it in
    /// the walk share some names (`text`).
    private static let entryTileColumns = TimelineTile.columns.split(separator: ", ").map { "entry.\($0)" }.joined(separator: ", ")
}
