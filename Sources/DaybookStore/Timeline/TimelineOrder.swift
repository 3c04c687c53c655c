import DaybookCore
import GRDB

/// The timeline's order, defined here once: newest capture first, undated entries last, then
/// newest added, then id (which makes the order total, so a cursor splits it exactly). The
/// timeline, its neighbours, `entries()` and a search's pages all take their SQL from here.
enum TimelineOrder {
    private typealias Entry = JournalEntry.Columns

    /// An entry's place in the order: what a keyset cursor compares.
    struct Key: Sendable, Hashable {
        let capturedLocal: LocalDateTime?
        let createdAt: String
        let id: String

        /// `capturedLocal` as stored, made once: `precedes` compares it many times in a sort,
        /// and a page's query binds it.
        let capturedText: String?

        init(_ entry: JournalEntry) {
            capturedLocal = entry.capturedLocal
            capturedText = entry.capturedLocal?.isoText
            createdAt = entry.createdAt
            id = entry.id
        }

        /// The key's three columns as stored (`TimelineCursor`).
        init(capturedText: String?, createdAt: String, id: String) {
            self.init(capturedLocal: capturedText.flatMap { LocalDateTime(iso: $0) }, createdAt: createdAt, id: id)
        }

        /// The key from its three columns alone, for reads that need no more of the entry
        /// (a tile, a search's matches).
        init(capturedLocal: LocalDateTime?, createdAt: String, id: String) {
            self.capturedLocal = capturedLocal
            capturedText = capturedLocal?.isoText
            self.createdAt = createdAt
            self.id = id
        }

        /// `newestFirst` in Swift, comparing text as SQLite does (bytes), for a page read in
        /// another order (`SearchSQL.newestMatches`).
        func precedes(_ other: Key) -> Bool {
            switch (capturedText, other.capturedText) {
            case (nil, .some): return false
            case (.some, nil): return true
            case (.some(let mine), .some(let theirs)) where mine != theirs: return theirs.utf8.lexicographicallyPrecedes(mine.utf8)
            default: break
            }
            if createdAt != other.createdAt { return other.createdAt.utf8.lexicographicallyPrecedes(createdAt.utf8) }
            return id.utf8.lexicographicallyPrecedes(other.id.utf8)
        }
    }

    /// The timeline shows one entry per stack, its cover (every entry alone is its own); the
    /// hidden frames are few, so the captured_local index still leads (docs/stacks.md).
    static let shown: SQLExpression = Column("is_cover") == true

    /// DESC puts NULL (undated) last, and keeps the captured_local index usable.
    static let newestFirst: [SQLOrdering] = [Entry.capturedLocal.desc, Entry.createdAt.desc, Entry.id.asc]
    /// `newestFirst` backwards: for the entry just before another.
    static let oldestFirst: [SQLOrdering] = [Entry.capturedLocal.asc, Entry.createdAt.asc, Entry.id.desc]

    /// A condition of a page's query as SQL text and its values: the text depends only on the
    /// cursor's shape (none, dated, undated), never on its values, so a page's statement is
    /// prepared once per connection and found again by its text (`cachedStatement(sql:)`),
    /// where building the SQL from expressions for every page cost as much as running it.
    struct Condition {
        let sql: String
        let arguments: [DatabaseValue]

        var expression: SQLExpression { SQL(sql: sql, arguments: StatementArguments(arguments)).sqlExpression }
    }

    /// Dated entries after `key` (all of them from the start, none after an undated key).
    /// The range on captured_local first, so the index can start at the cursor.
    static func datedAfter(_ key: Key?) -> SQLExpression { datedCondition(after: key).expression }

    /// Undated entries after `key` (all of them after a dated key or from the start).
    static func undatedAfter(_ key: Key?) -> SQLExpression { undatedCondition(after: key).expression }

    static func datedCondition(after key: Key?) -> Condition {
        guard let key else { return Condition(sql: "captured_local IS NOT NULL", arguments: []) }
        guard let captured = key.capturedText else { return Condition(sql: "0", arguments: []) }
        return Condition(
            sql: "captured_local <= ? AND (captured_local < ? OR \(laterTie))",
            arguments: [captured.databaseValue, captured.databaseValue] + laterTieArguments(key))
    }

    static func undatedCondition(after key: Key?) -> Condition {
        guard let key, key.capturedText == nil else { return Condition(sql: "captured_local IS NULL", arguments: []) }
        return Condition(sql: "captured_local IS NULL AND (\(laterTie))", arguments: laterTieArguments(key))
    }

    /// The first `limit` entries after `key` (from the start when nil): the dated ones, then
    /// the undated, asked apart so that each query walks the captured_local index from the
    /// cursor. `fetch` runs one query: a condition and how many at most.
    static func page<T>(after key: Key?, limit: Int, _ fetch: (SQLExpression, Int) throws -> [T]) rethrows -> [T] {
        try page(after: key, limit: limit, byText: { try fetch($0.expression, $1) })
    }

    /// `page(after:limit:_:)` with each condition as text.
    static func page<T>(after key: Key?, limit: Int, byText fetch: (Condition, Int) throws -> [T]) rethrows -> [T] {
        guard limit > 0 else { return [] }
        let dated = key != nil && key?.capturedText == nil ? [] : try fetch(datedCondition(after: key), limit)
        guard dated.count < limit else { return dated }
        return dated + (try fetch(undatedCondition(after: key), limit - dated.count))
    }

    /// The first `limit` entries captured before `date`, then the undated ones.
    static func page<T>(capturedBefore date: CivilDate, limit: Int, _ fetch: (SQLExpression, Int) throws -> [T]) rethrows -> [T] {
        try page(capturedBefore: date, limit: limit, byText: { try fetch($0.expression, $1) })
    }

    /// `page(capturedBefore:limit:_:)` with each condition as text.
    static func page<T>(capturedBefore date: CivilDate, limit: Int, byText fetch: (Condition, Int) throws -> [T]) rethrows -> [T] {
        guard limit > 0 else { return [] }
        let dated = try fetch(Condition(sql: "captured_local < ?", arguments: [date.databaseValue]), limit)
        guard dated.count < limit else { return dated }
        return dated + (try fetch(undatedCondition(after: nil), limit - dated.count))
    }

    /// `query(selecting:where:limit:)` as text, the limit a value: one statement per cursor
    /// shape and column list.
    static func querySQL(selecting columns: String, where condition: Condition) -> String {
        "SELECT \(columns) FROM \(JournalEntry.databaseTableName) WHERE (\(condition.sql)) AND is_cover = 1 ORDER BY \(newestFirstSQL) LIMIT ?"
    }

    /// `newestFirst` as SQL text.
    static let newestFirstSQL = "captured_local DESC, created_at DESC, id ASC"

    /// One query of a page: `columns` of the shown entries that meet `condition`, newest first.
    /// An SQL literal, so that its statement is prepared once per connection (`cached`).
    static func query(selecting columns: SQL, where condition: SQLExpression, limit: Int) -> SQL {
        let order = newestFirst.map { SQL("\($0)") }.joined(separator: ", ")
        return "SELECT \(columns) FROM \(JournalEntry.self) WHERE \(condition && shown) ORDER BY \(order) LIMIT \(limit)"
    }

    /// Every entry after `key`, as one condition (a search's cursor), as text and values: the
    /// dated entries after `key` and every undated one, or after an undated key the undated
    /// after it.
    static func afterCondition(_ key: Key) -> Condition {
        if key.capturedLocal == nil {
            let undated = undatedCondition(after: key)
            return Condition(sql: "(\(undated.sql))", arguments: undated.arguments)
        }
        let dated = datedCondition(after: key)
        return Condition(sql: "((\(dated.sql)) OR captured_local IS NULL)", arguments: dated.arguments)
    }

    /// Every entry before `key`, in `oldestFirst` order the nearest comes first: the dated
    /// ones after it in time or its ties added later; for an undated key also every dated one.
    static func before(_ key: Key) -> SQLExpression {
        let earlierTie = Entry.createdAt > key.createdAt || (Entry.createdAt == key.createdAt && Entry.id < key.id)
        guard let captured = key.capturedLocal else {
            return (Entry.capturedLocal == nil && earlierTie) || Entry.capturedLocal != nil
        }
        return Entry.capturedLocal >= captured && (Entry.capturedLocal > captured || earlierTie)
    }

    /// Same capture time (or both undated), and later in the order: added earlier, or at the
    /// same instant with a greater id.
    private static let laterTie = "created_at < ? OR (created_at = ? AND id > ?)"

    private static func laterTieArguments(_ key: Key) -> [DatabaseValue] {
        [key.createdAt.databaseValue, key.createdAt.databaseValue, key.id.databaseValue]
    }
}
