import DaybookCore
import GRDB

/// What a search means, decided apart from the SQL that finds it (`SearchSQL`): the full-text
/// query, the tags every entry must carry, the capture days, the area around a place, the
/// order and the limit, and which of the index's rows (`SearchOrder`) can hold the answer.
struct SearchPlan: Sendable, Hashable {
    /// An FTS5 query over each entry's text and tags, when the search has words: every word
    /// as a prefix and, after them, every required tag as a phrase in the tags column. FTS
    /// intersects them far faster than separate lists would; `tags` still decides, so a
    /// phrase matching across two tags cannot slip through.
    let fullText: String?
    /// The words alone, every one a prefix, as `fullText` begins.
    let words: String?
    /// Tags every entry must carry, normalised as they are stored.
    let tags: [String]
    /// Capture local time on or after the start of this day.
    let capturedFrom: CivilDate?
    /// Capture local time before the start of this day: the day after the last one asked.
    let capturedBefore: CivilDate?
    let area: Area?
    let limit: Int?
    /// The entry (by id) whose successors in the timeline are wanted: `JournalQuery.before`.
    let before: String?
    /// The words have no letter or digit: nothing matches, and no SQL runs.
    let findsNothing: Bool
    /// Where `before` stands in the timeline, read in the search's own transaction
    /// (`startAfter(_:)`), so an edit between two pages cannot shift it.
    private(set) var cursor: TimelineOrder.Key?

    /// Near a place: the box the (latitude, longitude) index can search, then the exact
    /// distance, which also orders the results (nearest first).
    struct Area: Sendable, Hashable {
        let latitude: Double
        let longitude: Double
        let radiusKm: Double
        let box: GreatCircle.BoundingBox

        init(_ near: JournalQuery.Near) {
            latitude = near.latitude
            longitude = near.longitude
            radiusKm = near.radiusKm
            box = GreatCircle.boundingBox(latitude: near.latitude, longitude: near.longitude, radiusKm: near.radiusKm)
        }

        /// The distance to a point in the box, nil when it lies outside the circle.
        func distanceKm(latitude: Double, longitude: Double) -> Double? {
            let distance = GreatCircle.distanceKm(self.latitude, self.longitude, latitude, longitude)
            return distance <= radiusKm ? distance : nil
        }
    }

    init(_ query: JournalQuery) throws {
        // Checked before the names, so a huge list costs nothing more than counting it.
        guard query.tags.count <= JournalQuery.maximumTags else { throw StoreError.tooManyTags(query.tags.count) }
        var seen = Set<String>()
        let tags = try query.tags.map(JournalTag.normalizedName).filter { seen.insert($0).inserted }
        self.tags = tags
        findsNothing = query.hasNothingToFind
        words = query.text.flatMap(SearchIndex.matchExpression)
        fullText = words.map { words in ([words] + tags.compactMap(SearchIndex.tagPhrase)).joined(separator: " ") }
        capturedFrom = query.fromDate
        capturedBefore = query.toDate?.adding(days: 1)
        area = query.near.map(Area.init)
        limit = query.limit
        before = query.before
    }

    mutating func startAfter(_ entry: JournalEntry) {
        startAfter(TimelineOrder.Key(entry))
    }

    mutating func startAfter(_ key: TimelineOrder.Key) {
        cursor = key
    }

    /// What the full-text index finds, newest first (`SearchOrder`), when the search has words
    /// or tags and is not ordered by distance: the words and tags as `fullText`, or the tags'
    /// phrases alone. Nil when the index cannot help (no words, no tag with a letter or digit).
    var indexQuery: String? {
        guard area == nil else { return nil }
        if let fullText { return fullText }
        let phrases = tags.compactMap(SearchIndex.tagPhrase)
        return phrases.isEmpty ? nil : phrases.joined(separator: " ")
    }

    /// `indexQuery` with its words of 4 characters or more as the OR of the terms they begin
    /// (`SearchTerms`), which FTS5 walks newest first without building a prefix's whole list.
    func indexQuery(_ db: Database) throws -> String? {
        guard let indexQuery else { return nil }
        guard let words, let expanded = try SearchTerms.expanding(words, db) else { return indexQuery }
        return ([expanded] + tags.compactMap(SearchIndex.tagPhrase)).joined(separator: " AND ")
    }

    /// The index's rowids the capture days and the cursor leave (`SearchOrder`): a range FTS5
    /// seeks to rather than filters. The exact conditions are still checked on each entry.
    var keyRange: ClosedRange<Int64> {
        var lower: Int64 = 1
        var upper = Int64.max
        if capturedFrom != nil || capturedBefore != nil { lower = SearchOrder.datedStart }
        if let capturedFrom { lower = max(lower, SearchOrder.firstKey(seconds: Int64(capturedFrom.daysSinceEpoch) * 86_400)) }
        if let capturedBefore { upper = SearchOrder.firstKey(seconds: Int64(capturedBefore.daysSinceEpoch) * 86_400) - 1 }
        if let cursor { upper = min(upper, SearchOrder.keysOfSecond(cursor.capturedLocal).upperBound) }
        // An empty range as a valid one that no key falls in.
        return lower <= upper ? lower...upper : 0...0
    }
}
