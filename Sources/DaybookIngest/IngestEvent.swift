import DaybookStore
import Foundation

/// What happened to one file. The CLI prints these; tests read them.
public enum IngestEvent: Sendable {
    case created(JournalEntry)
    /// The entry stored earlier from a truncated version of this file (same path) now holds
    /// this version: same id, the user's text and tags kept.
    case replaced(JournalEntry)
    case alreadyInJournal(path: String, id: String)
    case failed(path: String, reason: String)
    /// Not a photo, found while walking a folder: counted, not an error.
    case skipped(path: String, reason: String)
    case warning(path: String, message: String)
    /// Not read yet: the JPEG ends early and was written to moments ago, so its writer may
    /// still be adding to it (only with `IngestOptions.incompleteSettleTime`). Unless it
    /// changes again, it can be ingested, as it is then, from `settlesAt` on.
    case incomplete(path: String, settlesAt: Date)
}

public struct IngestSummary: Sendable, Equatable {
    public var created: [String] = []
    /// Entries that took a new version of their file in place of a truncated one.
    public var replaced: [String] = []
    public var alreadyInJournal = 0
    public var failed = 0
    public var skipped = 0
    public var warnings = 0
    public var incomplete = 0
    public var repair: LibraryRepair.Report?

    public init() {}

    public var handled: Int { created.count + replaced.count + alreadyInJournal + failed + skipped + incomplete }

    /// Counts one event: the one tally both the ingester's result and a live progress line use.
    public mutating func record(_ event: IngestEvent) {
        switch event {
        case .created(let entry): created.append(entry.id)
        case .replaced(let entry): replaced.append(entry.id)
        case .incomplete: incomplete += 1
        case .alreadyInJournal: alreadyInJournal += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .warning: warnings += 1
        }
    }

    /// "3 new, 7 already in the journal, 1 failed" (+ replaced/skipped/warnings when there are any).
    public var line: String {
        var parts = ["\(created.count) new", "\(alreadyInJournal) already in the journal", "\(failed) failed"]
        if replaced.count == 1 { parts.append("1 truncated entry replaced by its file's new version") }
        if replaced.count > 1 { parts.append("\(replaced.count) truncated entries replaced by their files' new versions") }
        if incomplete > 0 { parts.append("\(incomplete) still being written") }
        if skipped > 0 { parts.append("\(skipped) skipped (not photos)") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
