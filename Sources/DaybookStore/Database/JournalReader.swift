import DaybookCore
import GRDB

/// The journal as one read transaction sees it. A web page reads everything it shows through
/// one `JournalStore.read(_:)`: one snapshot, and one wait for SQLite that suspends the page's
/// task instead of holding a thread of the cooperative pool. The store's synchronous reads
/// (CLI, export) run the same functions.
package struct JournalReader {
    let db: Database
    private typealias Entry = JournalEntry.Columns

    /// The entry with this id or unique id prefix; nil when there is none or several.
    package func entry(idPrefix: String) throws -> JournalEntry? {
        let matches = try JournalReader.entries(db, idPrefix: idPrefix, limit: 2)
        return matches.count == 1 ? matches[0] : nil
    }

    /// The entry made from these bytes, if any.
    package func entry(contentHash: String) throws -> JournalEntry? {
        try JournalEntry.filter(Entry.contentHash == contentHash).fetchOne(db)
    }

    static func entries(_ db: Database, idPrefix: String, limit: Int) throws -> [JournalEntry] {
        guard let prefix = EntryIDPrefix(idPrefix) else { return [] }
        // A cached statement: every entry page starts here.
        let statement = try db.cachedStatement(sql: EntryIDPrefix.selectSQL("*", limit: limit))
        return try JournalEntry.fetchAll(statement, arguments: prefix.arguments)
    }

    /// A page of the timeline: the `limit` entries after `entry` in `TimelineOrder`, or from
    /// the start. Keyset paging: a page costs the same however deep it is, and an entry added
    /// or deleted meanwhile shifts nothing. Dated and undated entries are asked apart, so
    /// each query walks the captured_local index from the cursor.
    package func timeline(after entry: JournalEntry?, limit: Int) throws -> [JournalEntry] {
        try TimelineOrder.page(after: entry.map(TimelineOrder.Key.init), limit: limit) { try page($0, limit: $1) }
    }

    /// The timeline from the newest entry captured before `date` (a "jump to month" starts at
    /// the first day of the month after the one chosen).
    package func timeline(capturedBefore date: CivilDate, limit: Int) throws -> [JournalEntry] {
        try TimelineOrder.page(capturedBefore: date, limit: limit) { try page($0, limit: $1) }
    }

    /// The entries just before (newer) and just after (older) `entry` in the timeline.
    package func neighbours(of entry: JournalEntry) throws -> (newer: JournalEntry?, older: JournalEntry?) {
        let order = TimelineOrder.oldestFirst.map { SQL("\($0)") }.joined(separator: ", ")
        let sql: SQL =
            "SELECT * FROM \(JournalEntry.self) WHERE \(TimelineOrder.before(TimelineOrder.Key(entry)) && TimelineOrder.shown) ORDER BY \(order) LIMIT 1"
        let newer = try SQLRequest<JournalEntry>(literal: sql, cached: true).fetchOne(db)
        return (newer, try timeline(after: entry, limit: 1).first)
    }

    package func annotations(for entryIDs: [String]) throws -> [String: EntryAnnotations] {
        var result: [String: EntryAnnotations] = [:]
        for chunk in entryIDs.boundValueChunks() {
            // Cached statements, as for a timeline page: one per number of ids, which is the
            // page size nearly always.
            let tags: SQL = """
                SELECT * FROM \(JournalTag.self) WHERE \(chunk.contains(JournalTag.Columns.entryId)) \
                ORDER BY \(sql: JournalTag.displayOrder)
                """
            for tag in try SQLRequest<JournalTag>(literal: tags, cached: true).fetchAll(db) {
                result[tag.entryId, default: EntryAnnotations()].tags.append(tag)
            }
            let weathers: SQL = "SELECT * FROM \(WeatherRecord.self) WHERE \(chunk.contains(WeatherRecord.Columns.entryId))"
            for weather in try SQLRequest<WeatherRecord>(literal: weathers, cached: true).fetchAll(db) {
                result[weather.entryId, default: EntryAnnotations()].weather = weather
            }
        }
        return result
    }

    package func tags(entryID: String) throws -> [JournalTag] { try JournalStore.tags(db, entryID: entryID) }

    package func weather(entryID: String) throws -> WeatherRecord? {
        let sql: SQL = "SELECT * FROM \(WeatherRecord.self) WHERE \(WeatherRecord.Columns.entryId == entryID)"
        return try SQLRequest<WeatherRecord>(literal: sql, cached: true).fetchOne(db)
    }

    /// `JournalStore.search(_:)` inside this read.
    package func search(_ query: JournalQuery) throws -> [SearchResult] {
        let asked = try SearchPlan(query)
        guard !asked.findsNothing else { return [] }
        do {
            return try SearchSQL.run(asked, db)
        } catch let error as DatabaseError {
            throw StoreError.database("the search failed", error)
        }
    }

    /// The query written as an SQL literal from `TimelineOrder`'s expressions, so that its
    /// statement is prepared once per connection (`cached`): preparing it again for every page
    /// (and GRDB's authorizer on each prepare) would cost every page the parse and plan anew.
    private func page(_ condition: SQLExpression, limit: Int) throws -> [JournalEntry] {
        let sql = TimelineOrder.query(selecting: "*", where: condition, limit: limit)
        return try SQLRequest<JournalEntry>(literal: sql, cached: true).fetchAll(db)
    }
}

extension JournalStore {
    /// Runs `body` in one read transaction, awaited: the task waits for a connection and for
    /// SQLite on GRDB's own queues, never blocking a thread of the cooperative pool.
    package func read<T: Sendable>(_ body: @escaping @Sendable (JournalReader) throws -> T) async throws -> T {
        try await pool.read { db in try body(JournalReader(db: db)) }
    }

    /// A synchronous `read(_:)`, for callers outside Swift concurrency (the CLI, an export).
    package func readNow<T>(_ body: (JournalReader) throws -> T) throws -> T {
        try pool.read { db in try body(JournalReader(db: db)) }
    }
}
