import DaybookCore
import Foundation
import GRDB

/// A search over the journal as asked: every given condition must hold. `SearchPlan` decides
/// what it means, `SearchSQL` finds it.
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
    /// The id of the entry a previous page ended with: only matches after it in the timeline's
    /// order (newest capture first, undated last, then newest added, then id) are found, so
    /// paging is exact whatever the page size. The entry need not match the search itself.
    package var before: String?

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
        near: Near? = nil, limit: Int? = nil, before: String? = nil
    ) {
        self.text = text
        self.tags = tags
        self.fromDate = fromDate
        self.toDate = toDate
        self.near = near
        self.limit = limit
        self.before = before
    }
}

package struct SearchResult: Sendable, Hashable {
    package let entry: JournalEntry
    /// Great-circle distance from the query's point, when it had one.
    package let distanceKm: Double?

    package init(entry: JournalEntry, distanceKm: Double?) {
        self.entry = entry
        self.distanceKm = distanceKm
    }
}

extension JournalStore {
    /// Entries taken on `monthDay` in years before `beforeYear` (`JournalReader.onThisDay`).
    package func onThisDay(monthDay: MonthDay, beforeYear: Int, includeLeapDay: Bool) throws -> [JournalEntry] {
        try readNow { try $0.onThisDay(monthDay: monthDay, beforeYear: beforeYear, includeLeapDay: includeLeapDay) }
    }

    /// Most recently added entries.
    package func latest(_ count: Int) throws -> [JournalEntry] { try readNow { try $0.latest(count) } }

    /// Entries captured in a month, newest first.
    package func entries(month: CalendarMonth, limit: Int? = nil) throws -> [JournalEntry] {
        try search(JournalQuery(fromDate: month.firstDay, toDate: month.lastDay, limit: limit)).map(\.entry)
    }
}
