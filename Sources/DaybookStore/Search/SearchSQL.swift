import GRDB

extension JournalStore {
    package func search(_ query: JournalQuery) throws -> [SearchResult] {
        try readNow { try $0.search(query) }
    }

    /// How SQLite runs a search's first statement (`EXPLAIN QUERY PLAN`), for the benchmark.
    package func explainSearch(_ query: JournalQuery) throws -> [String] {
        try readNow { try SearchSQL.explain(query, $0.db) }
    }
}

/// A `SearchPlan` as SQL, through GRDB's query interface, and its run. The full-text index's
/// tables (`SearchIndex`) have no record types: they are named here as `Table`s.
enum SearchSQL {
    /// The plan's matches, its cursor read in the same transaction, so an edit between two
    /// pages cannot shift it.
    static func run(_ asked: SearchPlan, _ db: Database) throws -> [SearchResult] {
        var plan = asked
        if let id = plan.before {
            guard let entry = try JournalEntry.fetchOne(db, key: id) else { throw StoreError.entryNotFound(id) }
            plan.startAfter(entry)
        }
        if let area = plan.area { return try nearest(plan, area: area, db) }
        if let indexQuery = try plan.indexQuery(db) {
            return try newestMatches(plan, indexQuery, db).map { SearchResult(entry: $0, distanceKm: nil) }
        }
        return try newestFirst(plan).fetchAll(db).map { SearchResult(entry: $0, distanceKm: nil) }
    }

    private static let searchKeys = Table("search_key")
    private static let fullTextIndex = Table("entry_search")
    private static let key = Column("key")
    private static let keyEntryID = Column("entry_id")
    typealias Entry = JournalEntry.Columns

    /// Rowids of the full-text index's matches. The query is passed as text, not as an
    /// `FTS5Pattern`: its words are one already (`SearchIndex.matchExpression`) and its tag
    /// phrases are built from checked names; a pattern of the whole would cost a throwaway
    /// database on every search to check it again.
    static func matches(_ fullText: String) -> QueryInterfaceRequest<Row> {
        fullTextIndex.select(Column.rowID).filter(sql: "entry_search MATCH ?", arguments: [fullText])
    }

    /// Entries in the timeline's order, limited as the plan says.
    static func newestFirst(_ plan: SearchPlan) -> QueryInterfaceRequest<JournalEntry> {
        let request = filtered(plan).order(TimelineOrder.newestFirst)
        return plan.limit.map { request.limit($0) } ?? request
    }

    /// Near: exact distances from the box's candidates (id and position only), then whole
    /// rows for the nearest few. Near alone reads its candidates from the spatial index
    /// (`NearSearch`); with other conditions, the box is one condition among them.
    static func nearest(_ plan: SearchPlan, area: SearchPlan.Area, _ db: Database) throws -> [SearchResult] {
        if plan.isAreaAlone { return try NearSearch.nearest(area, limit: plan.limit, db) }
        let candidates = try filtered(plan).select(Entry.id, Entry.latitude, Entry.longitude).asRequest(of: Row.self).fetchAll(db)
        var nearest = candidates.compactMap { row -> (id: String, distance: Double)? in
            area.distanceKm(latitude: row[Entry.latitude], longitude: row[Entry.longitude]).map { (row[Entry.id], $0) }
        }.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        if let limit = plan.limit { nearest = Array(nearest.prefix(limit)) }
        let entries = try JournalEntry.filter(keys: nearest.map(\.id)).fetchAll(db)
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
        return nearest.compactMap { item in byID[item.id].map { SearchResult(entry: $0, distanceKm: item.distance) } }
    }

    /// The entries meeting every condition of the plan, in no particular order.
    static func filtered(_ plan: SearchPlan) -> QueryInterfaceRequest<JournalEntry> {
        var conditions = checks(plan, probingTags: plan.fullText != nil).map(\.expression)
        if let fullText = plan.fullText {
            conditions.append(searchKeys.select(keyEntryID).filter(matches(fullText).contains(key)).contains(Entry.id))
        }
        return conditions.isEmpty ? JournalEntry.all() : JournalEntry.filter(conditions.joined(operator: .and))
    }

    /// Every condition of the plan but its words, on the table `entry`, as text and values:
    /// the full-text walk (`walkSQL`) joins them into its statement's text, `filtered` takes
    /// them as expressions, so each rule is stated once, here. A tag is probed per entry when
    /// the entries come from the (already tag-filtered) full-text matches, and is its own list
    /// of entries otherwise. (The entry id is selected either way: the probe then reads the
    /// index alone.)
    static func checks(_ plan: SearchPlan, probingTags: Bool) -> [TimelineOrder.Condition] {
        var conditions: [TimelineOrder.Condition] = []
        let tagged = probingTags ? taggedProbe : taggedList
        for name in plan.tags { conditions.append(.init(sql: tagged, arguments: [name.databaseValue])) }
        if let from = plan.capturedFrom {
            conditions.append(.init(sql: "entry.captured_local >= ?", arguments: [from.databaseValue]))
        }
        if let before = plan.capturedBefore {
            conditions.append(.init(sql: "entry.captured_local < ?", arguments: [before.databaseValue]))
        }
        if let cursor = plan.cursor { conditions.append(TimelineOrder.afterCondition(cursor)) }
        if let box = plan.area?.box {
            conditions.append(.init(sql: "entry.latitude BETWEEN ? AND ?", arguments: bounds(box.latitude)))
            conditions.append(
                .init(
                    sql: "(" + box.longitudes.map { _ in "entry.longitude BETWEEN ? AND ?" }.joined(separator: " OR ") + ")",
                    arguments: box.longitudes.flatMap(bounds)))
        }
        return conditions
    }

    private static let taggedProbe = "EXISTS (SELECT entry_id FROM tag WHERE name = ? AND entry_id = entry.id)"
    private static let taggedList = "entry.id IN (SELECT entry_id FROM tag WHERE name = ?)"

    private static func bounds(_ range: ClosedRange<Double>) -> [DatabaseValue] {
        [range.lowerBound.databaseValue, range.upperBound.databaseValue]
    }
}
