import DaybookCore
import GRDB

/// A search's match as a page of tiles needs it: which entry and, for "near", how far.
package struct SearchMatch: Sendable, Hashable {
    package let id: String
    /// Great-circle distance from the query's point, when it had one.
    package let distanceKm: Double?

    package init(id: String, distanceKm: Double?) {
        self.id = id
        self.distanceKm = distanceKm
    }
}

extension JournalReader {
    private typealias Entry = JournalEntry.Columns

    /// `search(_:)`'s matches in its order, without their entries: the page then reads only
    /// what its tiles show (`timelineTiles(ids:)`). Words, tags and days read each match's
    /// three order columns, the cursor too; "near" still reads whole rows (its distances come
    /// from each row's own position, `NearSearch`).
    package func searchMatches(_ query: JournalQuery) throws -> [SearchMatch] {
        var plan = try SearchPlan(query)
        guard !plan.findsNothing else { return [] }
        do {
            if let id = plan.before {
                let sql = "SELECT \(OrderColumns.columns) FROM entry WHERE entry.id = ?"
                guard let cursor = try OrderColumns.fetchOne(db, sql: sql, arguments: [id]) else { throw StoreError.entryNotFound(id) }
                plan.startAfter(cursor.key)
            }
            if let area = plan.area {
                return try SearchSQL.nearest(plan, area: area, db).map { SearchMatch(id: $0.entry.id, distanceKm: $0.distanceKm) }
            }
            if let indexQuery = try plan.indexQuery(db) {
                let found: [OrderColumns] = try SearchSQL.newestMatches(
                    plan, indexQuery, selecting: SQL(sql: OrderColumns.columns), order: \OrderColumns.key, db)
                return found.map { SearchMatch(id: $0.key.id, distanceKm: nil) }
            }
            return try SearchSQL.newestFirst(plan).select(Entry.id, as: String.self).fetchAll(db).map {
                SearchMatch(id: $0, distanceKm: nil)
            }
        } catch let error as DatabaseError {
            throw StoreError.database("the search failed", error)
        }
    }
}

/// A match's place in the timeline from the three columns `TimelineOrder` compares, read as
/// `TimelineTile` reads them.
private struct OrderColumns: FetchableRecord {
    static let columns = "entry.id, entry.captured_local, entry.created_at"

    let key: TimelineOrder.Key

    init(row: Row) throws {
        key = TimelineOrder.Key(
            capturedLocal: (try row.decode(String?.self, atIndex: 1)).flatMap { LocalDateTime(iso: $0) },
            createdAt: try row.decode(atIndex: 2), id: try row.decode(atIndex: 0))
    }
}
