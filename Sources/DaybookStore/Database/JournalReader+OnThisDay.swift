import DaybookCore
import GRDB

/// The day of the year looked back on, and which years count.
package struct OnThisDayAsk: Sendable, Hashable {
    package let monthDay: MonthDay
    /// Only years before this one.
    package let beforeYear: Int
    /// On 28 February of a common year, 29 February entries are included too, so leap-day
    /// photos still come round.
    package let includeLeapDay: Bool

    package init(monthDay: MonthDay, beforeYear: Int, includeLeapDay: Bool) {
        self.monthDay = monthDay
        self.beforeYear = beforeYear
        self.includeLeapDay = includeLeapDay
    }

    /// The asked days as the index stores them (`OnThisDayIndex.monthDay`).
    var days: [String] { (includeLeapDay ? [monthDay, MonthDay.leapDay] : [monthDay]).map(\.description) }
}

/// The index "on this day" reads: month-day first, then the timeline's order
/// (`TimelineOrder.newestFirst`), so a page reads its own rows and stops, and the count reads
/// the index alone.
enum OnThisDayIndex {
    /// "MM-DD" of the capture's local time (captured_local is "YYYY-MM-DDTHH:MM:SS").
    static let monthDay = SQL("substr(captured_local, 6, 5)")
}

extension JournalReader {
    /// Entries taken on the asked day in earlier years, in the timeline's order (newest year
    /// first): the `limit` after `cursor`, or all of them.
    package func onThisDay(_ ask: OnThisDayAsk, after cursor: JournalEntry? = nil, limit: Int? = nil) throws -> [JournalEntry] {
        guard limit.map({ $0 > 0 }) ?? true else { return [] }
        let sql = onThisDaySQL(ask, selecting: "*", after: cursor.map(TimelineOrder.Key.init), limit: limit)
        return try SQLRequest<JournalEntry>(literal: sql, cached: true).fetchAll(db)
    }

    /// `onThisDay(_:after:limit:)` as tiles: the same entries and order, the tile's columns
    /// only, after a cursor that is a tile too (all a page of tiles reads).
    package func onThisDayTiles(_ ask: OnThisDayAsk, after cursor: TimelineTile? = nil, limit: Int? = nil) throws -> [TimelineTile] {
        guard limit.map({ $0 > 0 }) ?? true else { return [] }
        let sql = onThisDaySQL(ask, selecting: SQL(sql: TimelineTile.columns), after: cursor.map(TimelineOrder.Key.init), limit: limit)
        return try SQLRequest<TimelineTile>(literal: sql, cached: true).fetchAll(db)
    }

    /// A page of `onThisDayTiles` (the server's, and the CLI's lines): the `limit` after the entry with this id or unique id
    /// prefix (from the newest when nil), and which of them are in a stack, so that a page
    /// asks stack sizes for those alone, as the timeline does (`TimelineRows`). The cursor is
    /// read as the timeline reads its own (`TimelineCursor`), and the SQL is text whose shape
    /// alone varies, prepared once per connection. Nil when no entry, or several, have that id.
    package func onThisDayRows(_ ask: OnThisDayAsk, afterID id: String?, limit: Int) throws -> TimelineRows? {
        var cursor: TimelineOrder.Key?
        if let id {
            guard let key = try TimelineCursor.key(idPrefix: id, db) else { return nil }
            cursor = key
        }
        guard limit > 0, let condition = conditionText(ask, after: cursor) else { return TimelineRows() }
        let statement = try db.cachedStatement(
            sql: "SELECT \(TimelineRows.columns) FROM \(JournalEntry.databaseTableName) "
                + "WHERE \(condition.sql) ORDER BY \(TimelineOrder.newestFirstSQL) LIMIT ?")
        return try TimelineRows.fetch(
            Row.fetchCursor(statement, arguments: StatementArguments(condition.arguments + [limit.databaseValue])))
    }

    private func onThisDaySQL(_ ask: OnThisDayAsk, selecting columns: SQL, after cursor: TimelineOrder.Key?, limit: Int?) -> SQL {
        let order = TimelineOrder.newestFirst.map { SQL("\($0)") }.joined(separator: ", ")
        var sql: SQL =
            "SELECT \(columns) FROM \(JournalEntry.self) WHERE \(conditionText(ask, after: cursor)?.expression ?? false.sqlExpression) ORDER BY \(order)"
        if let limit { sql.append(literal: " LIMIT \(limit)") }
        return sql
    }

    /// How many entries `onThisDay(_:)` has in all, from the index alone.
    package func onThisDayCount(_ ask: OnThisDayAsk) throws -> Int {
        guard let condition = conditionText(ask, after: nil) else { return 0 }
        let statement = try db.cachedStatement(sql: "SELECT count(*) FROM \(JournalEntry.databaseTableName) WHERE \(condition.sql)")
        return try Int.fetchOne(statement, arguments: StatementArguments(condition.arguments)) ?? 0
    }

    /// Entries taken on `monthDay` in years before `beforeYear`, newest year first.
    package func onThisDay(monthDay: MonthDay, beforeYear: Int, includeLeapDay: Bool) throws -> [JournalEntry] {
        try onThisDay(OnThisDayAsk(monthDay: monthDay, beforeYear: beforeYear, includeLeapDay: includeLeapDay))
    }

    /// The index's expression and its order's columns, so that the index answers; one day is
    /// an equality, read in order; two (the leap day) are merged by a sort of their rows. Text
    /// and values (`TimelineOrder.Condition`): the text varies with the number of days and the
    /// cursor's shape only. Nil when no year can count.
    private func conditionText(_ ask: OnThisDayAsk, after cursor: TimelineOrder.Key?) -> TimelineOrder.Condition? {
        guard let firstDayOfYear = CivilDate(year: min(ask.beforeYear, 9999), month: 1, day: 1) else { return nil }
        let days = ask.days
        let dated = TimelineOrder.datedCondition(after: cursor)
        let day = days.count == 1 ? "= ?" : "IN (\(Array(repeating: "?", count: days.count).joined(separator: ", ")))"
        return TimelineOrder.Condition(
            sql: "substr(captured_local, 6, 5) \(day) AND captured_local < ? AND (\(dated.sql))",
            arguments: days.map(\.databaseValue) + [firstDayOfYear.databaseValue] + dated.arguments)
    }
}

extension JournalStore {
    package func onThisDay(_ ask: OnThisDayAsk, after cursor: JournalEntry? = nil, limit: Int? = nil) throws -> [JournalEntry] {
        try readNow { try $0.onThisDay(ask, after: cursor, limit: limit) }
    }

    package func onThisDayCount(_ ask: OnThisDayAsk) throws -> Int {
        try readNow { try $0.onThisDayCount(ask) }
    }
}
