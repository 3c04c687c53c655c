import DaybookStore
import Foundation

/// What happened to one file. The CLI prints these; tests read them.
public enum IngestEvent: Sendable {
    case created(JournalEntry)
    /// The entry stored earlier from a truncated version of this file (same path) now holds
    /// this version: same id, the user's text and tags kept.
    case replaced(JournalEntry)
    /// The photo's bytes were in the journal already, read with another sidecar: their entry
    /// now holds what this sidecar says, in place (same id, the user's text and tags kept).
    case rereadWithSidecar(JournalEntry)
    case alreadyInJournal(path: String, id: String)
    /// The file is no entry: why, and where (`IngestError.path`).
    case failed(IngestError)
    /// The file failed in an earlier run and is unchanged since (same path, size and
    /// modification time, or the same bytes elsewhere): not read again, not a failure of this
    /// run. `daybook problems` lists it; a change to the file has it judged afresh.
    case knownProblem(IngestError)
    /// Found while walking a folder and not read: not a photo (a video, an Apple edit), or a
    /// RAW that LibRaw refuses. Counted by kind, not an error.
    case skipped(path: String, reason: SkipReason)
    /// A camera RAW beside a JPEG or HEIC of the same name: waiting for the photo's entry, or
    /// listed with it. Reported for the RAW's own reading and again when the photo's reading
    /// lists it, so a run says the same whichever came first.
    case rawPair(RAWPairOutcome)
    /// An XMP sidecar (`IMG_0001.xmp`, `IMG_0001.jpg.xmp`): read with its photo, never an
    /// entry, a failure or a skipped file of its own; counted apart.
    case sidecar(path: String)
    case warning(path: String, message: String)
    /// Not read yet: the JPEG ends early and was written to moments ago, so its writer may
    /// still be adding to it (only with `IngestOptions.incompleteSettleTime`). Unless it
    /// changes again, it can be ingested, as it is then, from `settlesAt` on.
    case incomplete(path: String, settlesAt: Date)
    /// The entry just stored (its terminal event came before) shows a first look, a picture
    /// its file already held, and waits in the refinement queue for its full thumbnail
    /// (`Refiner`). Not a file's outcome: counted apart.
    case firstLook(entryID: String)
}

public struct IngestSummary: Sendable, Equatable {
    public var created: [String] = []
    /// Of `created`, the videos.
    public var createdVideos = 0
    /// Entries that took a new version of their file in place of a truncated one.
    public var replaced: [String] = []
    /// Entries read again because their photo's sidecar changed.
    public var reread: [String] = []
    public var alreadyInJournal = 0
    public var failed = 0
    /// Files that failed in an earlier run, unchanged since (`IngestEvent.knownProblem`).
    public var knownProblems = 0
    /// Of `knownProblems`, those in a format or codec this machine does not read.
    public var knownUnsupported = 0
    public var skipped = 0
    /// `skipped`, by kind.
    public var skippedByKind: [SkipKind: Int] = [:]
    public var sidecars = 0
    /// Camera RAW files listed with the entry of the photo beside them in this run.
    public var rawsPaired: Set<String> = []
    /// Camera RAW files whose photo beside them was not an entry when they were read.
    public var rawsSeenWaiting: Set<String> = []
    public var warnings = 0
    public var incomplete = 0
    /// Entries stored with a first look, queued for their full thumbnails (`IngestEvent.firstLook`).
    public var firstLooks = 0
    public var repair: LibraryRepair.Report?

    public init() {}

    /// The RAW files still waiting for their photo's entry when the run ended.
    public var rawsWaiting: Set<String> { rawsSeenWaiting.subtracting(rawsPaired) }

    public var handled: Int {
        created.count + replaced.count + reread.count + alreadyInJournal + failed + knownProblems + skipped + sidecars + incomplete
            + rawsPaired.count + rawsWaiting.count
    }

    /// Counts one event: the one tally both the ingester's result and a live progress line use.
    public mutating func record(_ event: IngestEvent) {
        switch event {
        case .created(let entry):
            created.append(entry.id)
            if entry.media == .video { createdVideos += 1 }
        case .replaced(let entry): replaced.append(entry.id)
        case .rereadWithSidecar(let entry): reread.append(entry.id)
        case .sidecar: sidecars += 1
        case .incomplete: incomplete += 1
        case .firstLook: firstLooks += 1
        case .alreadyInJournal: alreadyInJournal += 1
        case .failed: failed += 1
        case .knownProblem(let error):
            knownProblems += 1
            if error.code == .unsupportedFormat { knownUnsupported += 1 }
        case .skipped(_, let reason):
            skipped += 1
            skippedByKind[reason.kind, default: 0] += 1
        case .warning: warnings += 1
        case .rawPair(let outcome):
            switch outcome.state {
            case .waiting: rawsSeenWaiting.insert(outcome.raw)
            case .paired: rawsPaired.insert(outcome.raw)
            // Listed by the photo's reading earlier in this run, it counts once, as paired.
            case .alreadyPaired: if outcome.fromRAW && !rawsPaired.contains(outcome.raw) { alreadyInJournal += 1 }
            }
        }
    }

    /// "1 known damaged file (see daybook problems)": the files earlier runs judged, which
    /// this run left alone; nil when there were none.
    public var knownProblemsLine: String? {
        guard knownProblems > 0 else { return nil }
        let what =
            knownUnsupported == 0 ? "damaged" : knownUnsupported == knownProblems ? "unsupported" : "damaged or unsupported"
        return "\(knownProblems) known \(what) file\(knownProblems == 1 ? "" : "s") (see daybook problems)"
    }

    /// "3 new, 7 already in the journal, 1 failed" (+ replaced/skipped/warnings when there are
    /// any; skipped files by kind: "4 skipped (3 camera RAW, 1 video)").
    public var line: String {
        let videos = createdVideos == 0 ? "" : " (\(createdVideos) video\(createdVideos == 1 ? "" : "s"))"
        var parts = ["\(created.count) new\(videos)", "\(alreadyInJournal) already in the journal", "\(failed) failed"]
        if replaced.count == 1 { parts.append("1 truncated entry replaced by its file's new version") }
        if replaced.count > 1 { parts.append("\(replaced.count) truncated entries replaced by their files' new versions") }
        if reread.count == 1 { parts.append("1 entry read again with its changed sidecar") }
        if reread.count > 1 { parts.append("\(reread.count) entries read again with their changed sidecars") }
        if incomplete > 0 { parts.append("\(incomplete) still being written") }
        if skipped > 0 {
            let kinds = SkipKind.allCases.compactMap { kind in skippedByKind[kind].map { "\($0) \(kind.label)" } }
            parts.append("\(skipped) skipped (\(kinds.joined(separator: ", ")))")
        }
        if !rawsPaired.isEmpty {
            let one = rawsPaired.count == 1
            parts.append("\(rawsPaired.count) RAW file\(one ? "" : "s") paired with \(one ? "its photo" : "their photos")")
        }
        if !rawsWaiting.isEmpty {
            let one = rawsWaiting.count == 1
            parts.append("\(rawsWaiting.count) RAW file\(one ? "" : "s") waiting for \(one ? "its photo" : "their photos")")
        }
        if sidecars > 0 {
            parts.append("\(sidecars) sidecar\(sidecars == 1 ? "" : "s") (read with \(sidecars == 1 ? "its photo" : "their photos"))")
        }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
