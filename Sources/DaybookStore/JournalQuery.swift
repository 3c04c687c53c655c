import DaybookCore
import Foundation
import GRDB

/// A search over the journal: every given condition must hold.
package struct JournalQuery: Sendable, Hashable {
    /// Words to find in the entry's text and tags (prefixes, case and accents ignored).
    package var text: String?
    /// Tags the entry must all carry.
    package var tags: [String] = []
    /// Capture local dates, inclusive.
    package var fromDate: CivilDate?
    package var toDate: CivilDate?
    package var near: Near?
    package var limit: Int?

    package struct Near: Sendable, Hashable {
        package var latitude: Double
        package var longitude: Double
        package var radiusKm: Double
        package init(latitude: Double, longitude: Double, radiusKm: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.radiusKm = radiusKm
        }
    }

    package init(
        text: String? = nil, tags: [String] = [], fromDate: CivilDate? = nil, toDate: CivilDate? = nil,
        near: Near? = nil, limit: Int? = nil
    ) {
        self.text = text
        self.tags = tags
        self.fromDate = fromDate
        self.toDate = toDate
        self.near = near
        self.limit = limit
    }
}

package struct SearchResult: Sendable, Hashable {
    package let entry: JournalEntry
    /// Great-circle distance from the query's point, when it had one.
    package let distanceKm: Double?
}

/// Geometry for "near a place": a bounding box the (latitude, longitude) index can use,
/// then the exact great-circle distance.
package enum GreatCircle {
    package static let earthRadiusKm = 6371.0088

    package static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let lat1r = lat1 * .pi / 180, lat2r = lat2 * .pi / 180
        let dLat = (lat2 - lat1) * .pi / 180, dLon = (lon2 - lon1) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1r) * cos(lat2r) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(a)))
    }

    /// Latitude band and longitude ranges covering every point within `radiusKm`. Two
    /// longitude ranges when the circle crosses the antimeridian; the whole circle of
    /// longitudes when it reaches a pole.
    package static func boundingBox(latitude: Double, longitude: Double, radiusKm: Double)
        -> (latitude: ClosedRange<Double>, longitudes: [ClosedRange<Double>])
    {
        let angular = radiusKm / earthRadiusKm * 180 / .pi
        let south = latitude - angular, north = latitude + angular
        if south <= -90 || north >= 90 {
            return (max(south, -90)...min(north, 90), [-180...180])
        }
        // The widest longitude spread of the circle (at the latitude of tangency).
        let spread = asin(min(1, sin(angular * .pi / 180) / cos(latitude * .pi / 180))) * 180 / .pi
        let west = longitude - spread, east = longitude + spread
        if west < -180 { return (south...north, [(west + 360)...180, -180...east]) }
        if east > 180 { return (south...north, [west...180, -180...(east - 360)]) }
        return (south...north, [west...east])
    }
}

extension JournalStore {
    package func search(_ query: JournalQuery) throws -> [SearchResult] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        let tagNames = try query.tags.map(JournalTag.normalizedName)
        // With words to match, the tags join the full-text query too (as phrases in the tags
        // column): FTS intersects them far faster than separate lists. The exact tag checks
        // below still decide, so a phrase matching across two tags cannot slip through.
        let match = query.text.flatMap(SearchIndex.matchExpression).map { words in
            ([words] + tagNames.compactMap(SearchIndex.tagPhrase)).joined(separator: " ")
        }
        let newestFirst = try prefersNewestFirst(query, match: match, tags: tagNames)
        if let match {
            // The unary + keeps SQLite from starting at the match list.
            conditions.append(
                newestFirst
                    ? "+search_key.key IN (SELECT rowid FROM entry_search WHERE entry_search MATCH ?)"
                    : SearchIndex.matchingEntriesSQL)
            arguments += [match]
        }
        for name in tagNames {
            // A per-entry probe when entries come from a date walk or from the (already tag-
            // filtered) word matches; the tag's own list only when it is the sole short list.
            conditions.append(
                newestFirst || match != nil
                    ? "EXISTS (SELECT 1 FROM tag WHERE tag.entry_id = entry.id AND tag.name = ?)"
                    : "entry.id IN (SELECT entry_id FROM tag WHERE tag.name = ?)")
            arguments += [name]
        }
        let joins = newestFirst && match != nil ? " JOIN search_key ON search_key.entry_id = entry.id" : ""
        if let from = query.fromDate {
            conditions.append("entry.captured_local >= ?")
            arguments += [from]
        }
        if let to = query.toDate {
            // Inclusive end date: everything before the next day.
            conditions.append("entry.captured_local < ?")
            arguments += [to.adding(days: 1)]
        }
        if let near = query.near {
            let box = GreatCircle.boundingBox(latitude: near.latitude, longitude: near.longitude, radiusKm: near.radiusKm)
            conditions.append("entry.latitude BETWEEN ? AND ?")
            arguments += [box.latitude.lowerBound, box.latitude.upperBound]
            let ranges = box.longitudes.map { _ in "entry.longitude BETWEEN ? AND ?" }
            conditions.append("(" + ranges.joined(separator: " OR ") + ")")
            for range in box.longitudes { arguments += [range.lowerBound, range.upperBound] }
        }
        let whereClause = joins + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        let finalArguments = arguments
        guard let near = query.near else {
            // DESC puts NULL (undated) last, and keeps the captured_local index usable.
            var sql = "SELECT entry.* FROM entry\(whereClause) ORDER BY entry.captured_local DESC, entry.created_at DESC"
            if let limit = query.limit { sql += " LIMIT \(limit)" }
            let finalSQL = sql
            return try pool.read { db in try JournalEntry.fetchAll(db, sql: finalSQL, arguments: finalArguments) }
                .map { SearchResult(entry: $0, distanceKm: nil) }
        }
        // Near: exact distances from the box's candidates (id and position only), then whole
        // rows for the nearest few.
        return try pool.read { db in
            let candidates = try Row.fetchAll(
                db, sql: "SELECT entry.id, entry.latitude, entry.longitude FROM entry\(whereClause)",
                arguments: finalArguments)
            var nearest = candidates.compactMap { row -> (id: String, distance: Double)? in
                let distance = GreatCircle.distanceKm(near.latitude, near.longitude, row["latitude"], row["longitude"])
                return distance <= near.radiusKm ? (row["id"], distance) : nil
            }.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
            if let limit = query.limit { nearest = Array(nearest.prefix(limit)) }
            let entries = try JournalEntry.filter(keys: nearest.map(\.id)).fetchAll(db)
            let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
            return nearest.compactMap { item in byID[item.id].map { SearchResult(entry: $0, distanceKm: item.distance) } }
        }
    }

    /// Whether to walk entries newest first and stop after LIMIT hits, rather than start from
    /// the list of matches and sort it. Walking reads about LIMIT × entries / matches rows;
    /// starting from the list reads all matches; so walk when matches² > LIMIT × entries.
    /// Matches are estimated from each word's and tag's count, taken as independent.
    private func prefersNewestFirst(_ query: JournalQuery, match: String?, tags: [String]) throws -> Bool {
        guard let limit = query.limit, query.near == nil, match != nil || !tags.isEmpty else { return false }
        return try pool.read { db in
            // The largest search key is the number of entries ever added: a free estimate.
            let total = Double(try Int.fetchOne(db, sql: "SELECT max(key) FROM search_key") ?? 0)
            guard total > 0 else { return false }
            var expected = total
            if let match {
                expected *=
                    Double(
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM entry_search WHERE entry_search MATCH ?", arguments: [match]) ?? 0)
                    / total
            }
            // With words, the match count already includes the tags (see `search`).
            for name in match == nil ? tags : [] {
                expected *= Double(try Int.fetchOne(db, sql: "SELECT count(*) FROM tag WHERE name = ?", arguments: [name]) ?? 0) / total
            }
            return expected * expected > Double(limit) * total
        }
    }

    /// Entries taken on `monthDay` in years before `beforeYear`, newest year first.
    /// On 28 February of a common year, 29 February entries are included too, so leap-day
    /// photos still come round.
    package func onThisDay(monthDay: MonthDay, beforeYear: Int, includeLeapDay: Bool) throws -> [JournalEntry] {
        guard let firstDayOfYear = CivilDate(year: min(beforeYear, 9999), month: 1, day: 1) else { return [] }
        return try pool.read { db in
            var days = [monthDay]
            if includeLeapDay { days.append(MonthDay.leapDay) }
            // The expression of the entry_month_day index, so that index answers.
            return try JournalEntry.filter(days.contains(SQL("substr(captured_local, 6, 5)")))
                .filter(JournalEntry.Columns.capturedLocal < firstDayOfYear)
                .order(JournalEntry.Columns.capturedLocal.desc).fetchAll(db)
        }
    }

    /// Most recently added entries.
    public func latest(_ count: Int) throws -> [JournalEntry] {
        try pool.read { db in
            try JournalEntry.order(JournalEntry.Columns.createdAt.desc, JournalEntry.Columns.id).limit(count).fetchAll(db)
        }
    }

    /// Entries captured in a month, newest first.
    public func entries(month: CalendarMonth, limit: Int? = nil) throws -> [JournalEntry] {
        try search(JournalQuery(fromDate: month.firstDay, toDate: month.lastDay, limit: limit)).map(\.entry)
    }
}
