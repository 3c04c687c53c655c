import DaybookCore
import GRDB

extension JournalStore {
    /// A page of the timeline (`JournalReader.timeline(after:limit:)`).
    public func timeline(after entry: JournalEntry?, limit: Int) throws -> [JournalEntry] {
        try readNow { try $0.timeline(after: entry, limit: limit) }
    }

    /// The timeline from the newest entry captured before `date`.
    public func timeline(capturedBefore date: CivilDate, limit: Int) throws -> [JournalEntry] {
        try readNow { try $0.timeline(capturedBefore: date, limit: limit) }
    }

    /// The entries just before (newer) and just after (older) `entry` in the timeline.
    public func timelineNeighbours(of entry: JournalEntry) throws -> (newer: JournalEntry?, older: JournalEntry?) {
        try readNow { try $0.neighbours(of: entry) }
    }
}

extension JournalReader {
    /// `timeline(after:limit:)` as tiles: the same order and cursor, the tile's columns only.
    package func timelineTiles(after entry: JournalEntry?, limit: Int) throws -> [TimelineTile] {
        try TimelineOrder.page(after: entry.map(TimelineOrder.Key.init), limit: limit) { try tiles($0, limit: $1) }
    }

    /// `timeline(capturedBefore:limit:)` as tiles.
    package func timelineTiles(capturedBefore date: CivilDate, limit: Int) throws -> [TimelineTile] {
        try TimelineOrder.page(capturedBefore: date, limit: limit) { try tiles($0, limit: $1) }
    }

    private func tiles(_ condition: SQLExpression, limit: Int) throws -> [TimelineTile] {
        let sql = TimelineOrder.query(selecting: SQL(sql: TimelineTile.columns), where: condition, limit: limit)
        return try SQLRequest<TimelineTile>(literal: sql, cached: true).fetchAll(db)
    }
}
