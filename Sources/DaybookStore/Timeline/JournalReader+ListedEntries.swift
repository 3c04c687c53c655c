import DaybookCore
import GRDB

/// The CLI's long lists as `ListedEntry`s: each query's own walk reads the tile's columns of its
/// rows with their tags (`TimelineRows`, a search's too: `searchRows`), then their weather
/// words in one query, inside one read transaction. The same entries, in the same order, as the whole-entry reads (`onThisDay`, `search`, `latest`, `entries`) that `--json`
/// keeps, since it prints every field.
extension JournalReader {
    package func onThisDayList(_ ask: OnThisDayAsk, limit: Int? = nil) throws -> [ListedEntry] {
        try listed(onThisDayRows(ask, afterID: nil, limit: limit ?? Int.max) ?? TimelineRows())
    }

    /// `search(_:)`'s matches, with their distances for "near".
    package func searchList(_ query: JournalQuery) throws -> [ListedEntry] {
        let found = try searchRows(query)
        let annotations = try tileAnnotations(for: found.rows.tiles.map(\.id), tags: found.rows.tags)
        return found.rows.tiles.map { ListedEntry($0, annotations: annotations[$0.id], distanceKm: found.distances[$0.id]) }
    }

    /// `latest(_:)`: the most recently added entries.
    package func latestList(_ count: Int) throws -> [ListedEntry] {
        try listed(TimelineRows.fetch(Row.fetchCursor(db, Self.latestRequest(count).select(sql: TimelineRows.columns, as: Row.self))))
    }

    /// `JournalStore.entries(limit:)`: every entry (stacked frames too) in the timeline's order.
    package func timelineList(limit: Int? = nil) throws -> [ListedEntry] {
        let request = JournalEntry.order(TimelineOrder.newestFirst).select(sql: TimelineRows.columns, as: Row.self)
        return try listed(TimelineRows.fetch(Row.fetchCursor(db, limit.map { request.limit($0) } ?? request)))
    }

    private func listed(_ rows: TimelineRows) throws -> [ListedEntry] {
        let annotations = try tileAnnotations(for: rows.tiles.map(\.id), tags: rows.tags)
        return rows.tiles.map { ListedEntry($0, annotations: annotations[$0.id]) }
    }
}

extension JournalStore {
    package func onThisDayList(_ ask: OnThisDayAsk, limit: Int? = nil) throws -> [ListedEntry] {
        try readNow { try $0.onThisDayList(ask, limit: limit) }
    }

    package func searchList(_ query: JournalQuery) throws -> [ListedEntry] {
        try readNow { try $0.searchList(query) }
    }

    /// Entries captured in a month, newest first (`entries(month:limit:)`).
    package func monthList(_ month: CalendarMonth, limit: Int? = nil) throws -> [ListedEntry] {
        try searchList(JournalQuery(fromDate: month.firstDay, toDate: month.lastDay, limit: limit))
    }

    package func latestList(_ count: Int) throws -> [ListedEntry] {
        try readNow { try $0.latestList(count) }
    }

    package func timelineList(limit: Int? = nil) throws -> [ListedEntry] {
        try readNow { try $0.timelineList(limit: limit) }
    }
}
