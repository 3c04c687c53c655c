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
