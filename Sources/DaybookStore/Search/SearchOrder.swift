import DaybookCore
import GRDB

/// The full-text index's rowids (the entries' search keys) follow the timeline: an entry's
/// key is its capture second, shifted left, plus a count among the entries of that second;
/// undated entries come below every dated one. FTS5 then answers "the newest k matches" with
/// `ORDER BY rowid DESC LIMIT k` by reading its lists backwards and stopping early, instead
/// of finding and sorting every match, work that grows with the journal.
///
/// Keys order seconds exactly, not the entries within one second: the timeline breaks those
/// ties by when the entry was added and its id (`TimelineOrder`), which a key given at insert
/// cannot follow. A search therefore reads the whole last second it reaches and sorts.
///
/// The index's triggers (migration v16 and later) give new and moved entries their keys by
/// the same rule, in SQL.
enum SearchOrder {
    /// Entries one second can hold (2²²): a second that somehow held more would spill its
    /// last keys into the next second's range, or fail the insert on a taken key.
    static let perSecond: Int64 = 1 << 22
    /// Undated entries' keys lie in [1, datedStart).
    static let datedStart: Int64 = 1 << 40
    /// Seconds from 0000-01-01 to 1970-01-01, so that every year SQLite reads (0000–9999)
    /// gives a positive key below 2⁶¹.
    static let epochOffset: Int64 = 62_167_219_200

    /// The first key of the second `seconds` (since 1970, local time read as UTC).
    static func firstKey(seconds: Int64) -> Int64 {
        (seconds + epochOffset) * perSecond + datedStart
    }

    /// The keys of the second holding `key` (of the undated range for an undated key).
    static func keysOfSecond(holding key: Int64) -> ClosedRange<Int64> {
        guard key >= datedStart else { return 1...(datedStart - 1) }
        let first = (key - datedStart) / perSecond * perSecond + datedStart
        return first...(first + perSecond - 1)
    }

    /// The keys of entries captured in the second of `captured`, or undated.
    static func keysOfSecond(_ captured: LocalDateTime?) -> ClosedRange<Int64> {
        guard let captured else { return 1...(datedStart - 1) }
        return keysOfSecond(holding: firstKey(seconds: captured.secondsSinceEpochIgnoringZone))
    }
}
