import DaybookCore
import Foundation
import GRDB

/// A search over the journal as asked: every given condition must hold. `SearchPlan` decides
/// what it means, `SearchSQL` finds it.
public struct JournalQuery: Sendable, Hashable {
    /// Words to find in the entry's text and tags (prefixes, case and accents ignored).
    public var text: String?
    /// Tags the entry must all carry.
    public var tags: [String] = []
    /// Capture local dates, inclusive.
    public var fromDate: CivilDate?
    public var toDate: CivilDate?
    public var near: Near?
    public var limit: Int?

    public struct Near: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double
        public var radiusKm: Double
        public init(latitude: Double, longitude: Double, radiusKm: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.radiusKm = radiusKm
        }
    }

    public init(
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

public struct SearchResult: Sendable, Hashable {
    public let entry: JournalEntry
    /// Great-circle distance from the query's point, when it had one.
    public let distanceKm: Double?
}

extension JournalStore {
    /// Entries taken on `monthDay` in years before `beforeYear`, newest year first.
    /// On 28 February of a common year, 29 February entries are included too, so leap-day
    /// photos still come round.
    public func onThisDay(monthDay: MonthDay, beforeYear: Int, includeLeapDay: Bool) throws -> [JournalEntry] {
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
