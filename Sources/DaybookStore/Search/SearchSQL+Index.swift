import GRDB

extension SearchSQL {
    /// A search with words or tags, from the full-text index read newest first (`SearchOrder`):
    /// FTS5 walks its lists backwards from the top of `keyRange` and stops after `limit`
    /// matches that pass every check, so the cost follows the page, not the number of matches.
    ///
    /// Keys order capture seconds, not the ties within one, so the entries of the last second
    /// reached are all read (a few, for a burst) and the page is sorted in the timeline's order.
    static func newestMatches(_ plan: SearchPlan, _ indexQuery: String, _ db: Database) throws -> [JournalEntry] {
        try newestMatches(plan, indexQuery, selecting: "entry.*", order: TimelineOrder.Key.init, db)
    }

    /// `newestMatches` reading `columns` of each match (of `entry`), as `Match`, which gives
    /// its place in the timeline (`order`): whole entries, or only what a page of tiles needs.
    static func newestMatches<Match: FetchableRecord>(
        _ plan: SearchPlan, _ indexQuery: String, selecting columns: String, order: (Match) -> TimelineOrder.Key, _ db: Database
    ) throws -> [Match] {
        var found: [Match] = try walk(plan, indexQuery, columns, keys: plan.keyRange, limit: plan.limit, db)
        if let limit = plan.limit, found.count == limit, let last = found.last,
            let lastKey = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT key FROM search_key WHERE entry_id = ?"), arguments: [order(last).id])
        {
            let first = max(SearchOrder.keysOfSecond(holding: lastKey).lowerBound, plan.keyRange.lowerBound)
            if first < lastKey { found += try walk(plan, indexQuery, columns, keys: first...(lastKey - 1), limit: nil, db) }
        }
        let matches = found.map { (order: order($0), match: $0) }
            .sorted { $0.order.precedes($1.order) }.map(\.match)
        return plan.limit.map { Array(matches.prefix($0)) } ?? matches
    }

    /// Matches with keys in `keys`, highest key first. Fetched as records, not rows: GRDB
    /// then finds each column once per statement, not once per row by name.
    private static func walk<Match: FetchableRecord>(
        _ plan: SearchPlan, _ indexQuery: String, _ columns: String, keys: ClosedRange<Int64>, limit: Int?, _ db: Database
    ) throws -> [Match] {
        let walk = walkSQL(plan, indexQuery, columns, keys: keys, limit: limit)
        return try Match.fetchAll(db.cachedStatement(sql: walk.sql), arguments: StatementArguments(walk.arguments))
    }

    /// FTS5 consumes the ORDER BY on its rowid and the range; each entry is then found by its
    /// key and checked. CROSS JOIN keeps the index first: a cursor's or a day's range on
    /// captured_local would otherwise tempt SQLite to start from the entries, and MATCH
    /// cannot be checked row by row.
    ///
    /// Text whose shape alone varies (the number of tags, which conditions, whether a limit),
    /// the values bound: the statement is prepared once per connection and found again by its
    /// text, where building it from GRDB expressions would cost every page that work again.
    private static func walkSQL(
        _ plan: SearchPlan, _ indexQuery: String, _ columns: String, keys: ClosedRange<Int64>, limit: Int?
    ) -> TimelineOrder.Condition {
        // Every tag probed on the entry: the matches come from the index, already filtered
        // by the tags' phrases.
        let conditions = checks(plan, probingTags: true)
        var arguments: [DatabaseValue] = [indexQuery.databaseValue, keys.lowerBound.databaseValue, keys.upperBound.databaseValue]
        arguments += conditions.flatMap(\.arguments)
        let checked = conditions.map { " AND \($0.sql)" }.joined()
        var limited = ""
        if let limit {
            limited = " LIMIT ?"
            arguments.append(limit.databaseValue)
        }
        return TimelineOrder.Condition(
            sql: """
                SELECT \(columns) FROM entry_search
                CROSS JOIN search_key ON search_key.key = entry_search.rowid
                CROSS JOIN entry ON entry.id = search_key.entry_id
                WHERE entry_search MATCH ? AND entry_search.rowid BETWEEN ? AND ?\(checked)
                ORDER BY entry_search.rowid DESC\(limited)
                """,
            arguments: arguments)
    }

    /// `EXPLAIN QUERY PLAN` of the statement a search starts with, one line per step, indented
    /// as SQLite nests them (the benchmark's `--explain`).
    static func explain(_ query: JournalQuery, _ db: Database) throws -> [String] {
        let plan = try SearchPlan(query)
        let request: any FetchRequest
        if let indexQuery = try plan.indexQuery(db) {
            let walk = walkSQL(plan, indexQuery, "entry.*", keys: plan.keyRange, limit: plan.limit)
            request = SQLRequest<Row>(sql: walk.sql, arguments: StatementArguments(walk.arguments))
        } else if plan.area != nil {
            request = filtered(plan).select(Entry.id, Entry.latitude, Entry.longitude)
        } else {
            request = newestFirst(plan)
        }
        let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
        var depth: [Int: Int] = [:]
        return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments).map { row in
            let level = (depth[row["parent"]] ?? -1) + 1
            depth[row["id"]] = level
            return String(repeating: "  ", count: level) + (row["detail"] as String)
        }
    }
}
