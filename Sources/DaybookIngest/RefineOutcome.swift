import DaybookStore

/// What became of one queued entry in a refinement run.
package enum RefineOutcome: Sendable, Equatable {
    /// Its full thumbnail replaced the first look, and it left the queue.
    case refined(entryID: String)
    /// The full decode gave no picture where the file's own preview did: the first look is
    /// the best it will have, and it left the queue.
    case keptFirstLook(entryID: String, reason: String)
    /// Its file was gone or held other bytes: it stays queued, set aside until the photo is
    /// seen at another path (a changed file is a new photo, which ingest reads as such).
    case stalled(entryID: String, path: String, reason: String)
    /// A failure of this machine (the disk, the journal): it stays queued for the next run.
    case failed(entryID: String, reason: String)
    /// Refined, replaced or deleted by another writer meanwhile: nothing to do.
    case superseded(entryID: String)
}

/// A refinement run's counts, and the queue as the run left it.
package struct RefineSummary: Sendable, Equatable {
    package var refined = 0
    package var keptFirstLook = 0
    package var stalled = 0
    package var failed = 0
    /// The queue after the run (`JournalStore.refinementCounts`).
    package var queue = RefinementCounts()
    /// The run was asked to stop (`Refiner.stop`) before it had read the whole queue.
    package var stopped = false

    package init() {}

    package var handled: Int { refined + keptFirstLook + stalled + failed }

    package mutating func record(_ outcome: RefineOutcome) {
        switch outcome {
        case .refined: refined += 1
        case .keptFirstLook: keptFirstLook += 1
        case .stalled: stalled += 1
        case .failed: failed += 1
        case .superseded: break
        }
    }

    /// "refined 120 thumbnails, 2 kept their first look, 1 waits for its file, 0 pending".
    package var line: String {
        var parts = ["refined \(refined) thumbnail\(refined == 1 ? "" : "s")"]
        if keptFirstLook > 0 { parts.append("\(keptFirstLook) kept \(keptFirstLook == 1 ? "its" : "their") first look") }
        if failed > 0 { parts.append("\(failed) failed") }
        let stalled = queue.stalled
        if stalled > 0 { parts.append("\(stalled) wait\(stalled == 1 ? "s" : "") for \(stalled == 1 ? "its file" : "their files")") }
        parts.append("\(queue.waiting) pending")
        return parts.joined(separator: ", ")
    }
}
