import DaybookCore

/// What a search means, decided apart from the SQL that finds it (`SearchSQL`): the full-text
/// query, the tags every entry must carry, the capture days, the area around a place, the
/// order and the limit, and, once the journal's counts are known, which rows to start from.
struct SearchPlan: Sendable, Hashable {
    /// An FTS5 query over each entry's text and tags, when the search has words: every word
    /// as a prefix and, after them, every required tag as a phrase in the tags column. FTS
    /// intersects them far faster than separate lists would; `tags` still decides, so a
    /// phrase matching across two tags cannot slip through.
    let fullText: String?
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
    /// Which rows SQLite starts from: `chooseStart(entries:listSizes:)` sets it.
    private(set) var start = Start.lists
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

    enum Start: Sendable, Hashable {
        /// The short lists (full-text matches, a tag's entries), all of them, then sorted.
        case lists
        /// Entries newest first, each checked, stopping after `limit` hits.
        case newestFirst
    }

    /// A list of entries whose size SQLite can tell cheaply.
    enum ShortList: Sendable, Hashable {
        case fullText(String)
        case tag(String)
    }

    init(_ query: JournalQuery) throws {
        // Checked before the names, so a huge list costs nothing more than counting it.
        guard query.tags.count <= JournalQuery.maximumTags else { throw StoreError.tooManyTags(query.tags.count) }
        var seen = Set<String>()
        let tags = try query.tags.map(JournalTag.normalizedName).filter { seen.insert($0).inserted }
        self.tags = tags
        findsNothing = query.hasNothingToFind
        fullText = query.text.flatMap(SearchIndex.matchExpression).map { words in
            ([words] + tags.compactMap(SearchIndex.tagPhrase)).joined(separator: " ")
        }
        capturedFrom = query.fromDate
        capturedBefore = query.toDate?.adding(days: 1)
        area = query.near.map(Area.init)
        limit = query.limit
        before = query.before
    }

    mutating func startAfter(_ entry: JournalEntry) {
        cursor = TimelineOrder.Key(entry)
    }

    /// The lists whose sizes decide `start`, empty when there is nothing to decide: only a
    /// limited search in date order with words or tags may walk. With words, the full-text
    /// query already holds the tags.
    var listsToCount: [ShortList] {
        guard limit != nil, area == nil else { return [] }
        if let fullText { return [.fullText(fullText)] }
        return tags.map(ShortList.tag)
    }

    /// Walking newest first reads about limit × entries / matches rows; starting from the
    /// lists reads every match; so walk when matches² > limit × entries. Matches are
    /// estimated from each list's size (`listsToCount`), taken as independent.
    mutating func chooseStart(entries: Int, listSizes: [Int]) {
        guard let limit, entries > 0, !listSizes.isEmpty else {
            start = .lists
            return
        }
        let total = Double(entries)
        let expected = listSizes.reduce(total) { estimate, size in estimate * Double(size) / total }
        start = expected * expected > Double(limit) * total ? .newestFirst : .lists
    }
}
