import DaybookStore

/// What happened to one file. The CLI prints these; tests read them.
public enum IngestEvent: Sendable {
    case created(JournalEntry)
    case alreadyInJournal(path: String, id: String)
    case failed(path: String, reason: String)
    /// Not a photo, found while walking a folder: counted, not an error.
    case skipped(path: String, reason: String)
    case warning(path: String, message: String)
}

public struct IngestSummary: Sendable, Equatable {
    public var created: [String] = []
    public var alreadyInJournal = 0
    public var failed = 0
    public var skipped = 0
    public var warnings = 0
    public var repair: LibraryRepair.Report?

    public init() {}

    public var handled: Int { created.count + alreadyInJournal + failed + skipped }

    /// Counts one event: the one tally both the ingester's result and a live progress line use.
    public mutating func record(_ event: IngestEvent) {
        switch event {
        case .created(let entry): created.append(entry.id)
        case .alreadyInJournal: alreadyInJournal += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .warning: warnings += 1
        }
    }

    /// "3 new, 7 already in the journal, 1 failed" (+ skipped/warnings when there are any).
    public var line: String {
        var parts = ["\(created.count) new", "\(alreadyInJournal) already in the journal", "\(failed) failed"]
        if skipped > 0 { parts.append("\(skipped) skipped (not photos)") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
