import DaybookCore
import GRDB

/// The CLI's long lists as `ListLine`s: each query's own walk reads the tile's columns of its
/// rows with their tags (`TimelineRows`, a search's too: `searchRows`), then their weather
/// words in one query, inside one read transaction. The same entries, in the same order, as the whole-entry reads (`onThisDay`, `search`, `latest`, `entries`) that `--json`
/// keeps, since it prints every field.
extension JournalReader {
    package func onThisDayLines(_ ask: OnThisDayAsk, limit: Int? = nil) throws -> [ListLine] {
        try lines(onThisDayRows(ask, afterID: nil, limit: limit ?? Int.max) ?? TimelineRows())
    }

    /// `search(_:)`'s matches, with their distances for "near".
    package func searchLines(_ query: JournalQuery) throws -> [ListLine] {
        let found = try searchRows(query)
        let annotations = try tileAnnotations(for: found.rows.tiles.map(\.id), tags: found.rows.tags)
        return found.rows.tiles.map { ListLine($0, annotations: annotations[$0.id], distanceKm: found.distances[$0.id]) }
    }

    /// `latest(_:)`: the most recently added entries.
    package func latestLines(_ count: Int) throws -> [ListLine] {
        try lines(TimelineRows.fetch(Row.fetchCursor(db, Self.latestRequest(count).select(sql: TimelineRows.columns, as: Row.self))))
    }

    /// `JournalStore.entries(limit:)`: every entry (stacked frames too) in the timeline's order.
    package func timelineLines(limit: Int? = nil) throws -> [ListLine] {
        let request = JournalEntry.order(TimelineOrder.newestFirst).select(sql: TimelineRows.columns, as: Row.self)
        return try lines(TimelineRows.fetch(Row.fetchCursor(db, limit.map { request.limit($0) } ?? request)))
    }

    private func lines(_ rows: TimelineRows) throws -> [ListLine] {
        let annotations = try tileAnnotations(for: rows.tiles.map(\.id), tags: rows.tags)
        return rows.tiles.map { ListLine($0, annotations: annotations[$0.id]) }
    }
}

extension JournalStore {
    package func onThisDayLines(_ ask: OnThisDayAsk, limit: Int? = nil) throws -> [ListLine] {
        try readNow { try $0.onThisDayLines(ask, limit: limit) }
    }

    package func searchLines(_ query: JournalQuery) throws -> [ListLine] {
        try readNow { try $0.searchLines(query) }
    }

    /// Entries captured in a month, newest first (`entries(month:limit:)`).
    package func monthLines(_ month: CalendarMonth, limit: Int? = nil) throws -> [ListLine] {
        try searchLines(JournalQuery(fromDate: month.firstDay, toDate: month.lastDay, limit: limit))
    }

    package func latestLines(_ count: Int) throws -> [ListLine] {
        try readNow { try $0.latestLines(count) }
    }

    package func timelineLines(limit: Int? = nil) throws -> [ListLine] {
        try readNow { try $0.timelineLines(limit: limit) }
    }
}
