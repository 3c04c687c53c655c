import DaybookCore

/// One entry that needs weather.
package struct BackfillItem: Sendable, Hashable {
    package let entryID: String
    package let latitude: Double
    package let longitude: Double
    /// The capture's local date.
    package let date: CivilDate

    package init(entryID: String, latitude: Double, longitude: Double, date: CivilDate) {
        self.entryID = entryID
        self.latitude = latitude
        self.longitude = longitude
        self.date = date
    }

    package var cell: GeoCell { GeoCell(latitude: latitude, longitude: longitude) }
}

/// A request and the entries it serves.
package struct PlannedRequest: Sendable, Hashable {
    package let request: WeatherRequest
    /// Sorted by (date, entry id).
    package let entryIDs: [String]

    package init(request: WeatherRequest, entryIDs: [String]) {
        self.request = request
        self.entryIDs = entryIDs
    }
}

package enum BackfillPlanner {
    /// Default longest span of entry dates in one request: a leap year.
    package static let defaultMaxRangeDays = 366

    /// Groups by `GeoCell`, sorts each cell's dates, and cuts them into ranges whose dates
    /// span at most `maxRangeDays` days (first to last date inclusive) — one request per
    /// range. A range includes the gaps between its dates; a new range starts at the first
    /// date that does not fit (greedy from the earliest date, which gives the fewest ranges).
    ///
    /// Each request is then widened by `paddingDays` (default 1) on both sides, so an
    /// instant near midnight — or an entry whose own offset puts it on the place's previous
    /// or next day — still has its neighbouring hours. Padding never goes before
    /// `availableFrom` or after `availableThrough` (when given), and never narrows a range
    /// below its own entries' dates. With padding a request can cover up to
    /// `maxRangeDays + 2 * paddingDays` days, and consecutive ranges of a cell may overlap by
    /// their padding. `paddingDays: 0` gives tight ranges (first to last entry date).
    ///
    /// `maxGapDays` (default `nil`: off) also starts a new range after a gap of more than
    /// that many days without entries. Providers that count by days (Open-Meteo: a year ≈
    /// 26 calls) then do not pay for long empty stretches, e.g. two visits to a place a
    /// year apart cost 2 small requests instead of one year.
    ///
    /// Deterministic order: by cell, then start. `maxRangeDays` below 1 counts as 1.
    package static func plan(
        _ items: [BackfillItem], maxRangeDays: Int = defaultMaxRangeDays, paddingDays: Int = 1,
        maxGapDays: Int? = nil,
        availableFrom: CivilDate? = nil, availableThrough: CivilDate? = nil
    ) -> [PlannedRequest] {
        let span = max(1, maxRangeDays)
        let gapLimit = maxGapDays.map { max(0, $0) } ?? Int.max
        let padding = max(0, paddingDays)
        var byCell: [GeoCell: [BackfillItem]] = [:]
        for item in items { byCell[item.cell, default: []].append(item) }
        var planned: [PlannedRequest] = []
        for cell in byCell.keys.sorted() {
            let cellItems = byCell[cell]!.sorted { ($0.date, $0.entryID) < ($1.date, $1.entryID) }
            var index = 0
            while index < cellItems.count {
                let first = cellItems[index].date
                var last = first
                var ids: [String] = []
                while index < cellItems.count, cellItems[index].date - first < span,
                    ids.isEmpty || cellItems[index].date - last - 1 <= gapLimit
                {
                    last = cellItems[index].date
                    ids.append(cellItems[index].entryID)
                    index += 1
                }
                var start = first.adding(days: -padding)
                if let from = availableFrom { start = min(first, max(start, from)) }
                var end = last.adding(days: padding)
                if let through = availableThrough { end = max(last, min(end, through)) }
                planned.append(PlannedRequest(request: WeatherRequest(cell: cell, start: start, end: end), entryIDs: ids))
            }
        }
        return planned
    }

    /// Splits items into those the provider can answer (`date <= availableThrough`) and
    /// those left pending because they are newer than the archive's delay. `nil` = no limit.
    /// (Items before the provider's `earliestAvailableDate` are the caller's to refuse.)
    static func partition(_ items: [BackfillItem], availableThrough: CivilDate?)
        -> (ready: [BackfillItem], pending: [BackfillItem])
    {
        guard let limit = availableThrough else { return (items, []) }
        var ready: [BackfillItem] = [], pending: [BackfillItem] = []
        for item in items {
            if item.date <= limit { ready.append(item) } else { pending.append(item) }
        }
        return (ready, pending)
    }
}
