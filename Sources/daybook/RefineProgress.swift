import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation
import Synchronization

/// Stage 2 on a terminal: the refinement queue worked with its own progress line, a bar and
/// an estimate of the time left, from the queue's counts (`RefinementCounts`: what was
/// refined since the queue was last empty counts as done, whichever run did it). Off a
/// terminal, nothing is drawn, as for ingest's own progress. Ctrl-C asks the refiner to stop
/// after the photos in its workers' hands, so the counts printed after it are true ones, and
/// the command then exits 130, as a shell reports a process ended by Ctrl-C.
enum RefineStage {
    static let interruptedStatus: Int32 = 130

    static let busyLine =
        "full-quality thumbnails: another daybook process is making them; this one leaves the queue to it"

    /// After stage 1, when entries wait: the journal can be browsed already.
    static func browsableLine(_ queue: RefinementCounts) -> String {
        let count = queue.waiting
        return "the journal is browsable now; \(count) \(count == 1 ? "entry shows" : "entries show") a first look "
            + "until \(count == 1 ? "its" : "their") full-quality thumbnail\(count == 1 ? " is" : "s are") made"
    }

    /// After stage 1 with --no-wait, when entries wait: who makes them.
    static func leftLine(_ queue: RefinementCounts) -> String {
        let count = queue.waiting
        return "\(count) full-quality thumbnail\(count == 1 ? "" : "s") pending: "
            + "`daybook serve`, `daybook watch` or `daybook refine` makes them"
    }

    /// Works the queue once; nil when another process is working it.
    static func run(_ refiner: Refiner, store: JournalStore, verbose: Bool = false) async throws -> RefineSummary? {
        let start = try store.refinementCounts()
        let progress = ProgressLine()
        let tally = RefineTally(before: start)
        let interrupt = StopOnInterrupt { refiner.stop() }
        defer { interrupt.end() }
        let summary = try await refiner.run { outcome in
            tally.record(outcome)
            switch outcome {
            case .failed(let id, let reason): progress.printLine(TerminalText("daybook: error: entry \(id.prefix(8)): \(reason)"))
            case .stalled(let id, let path, let reason):
                progress.printLine(TerminalText("daybook: warning: \(path): \(reason); entry \(id.prefix(8)) keeps its first look for now"))
            case .keptFirstLook(let id, let reason):
                if verbose { progress.printLine(TerminalText("daybook: entry \(id.prefix(8)) keeps its first look: \(reason)")) }
            case .refined, .superseded: break
            }
            progress.update(TerminalText(tally.line))
        }
        progress.clear()
        if let summary, summary.stopped {
            Console.writeError(
                TerminalText("daybook: stopped: \(summary.line); `daybook refine` (or serve, or watch) makes the rest"))
        }
        return summary
    }
}

/// The running counts behind stage 2's progress line.
private final class RefineTally: Sendable {
    private let state: Mutex<RefineSummary>
    private let before: RefinementCounts
    private let start = Date()

    init(before: RefinementCounts) {
        self.before = before
        state = Mutex(RefineSummary())
    }

    func record(_ outcome: RefineOutcome) { state.withLock { $0.record(outcome) } }

    /// "full-quality thumbnails [#######.............] 1,234 of 10,000, 12.5/s, about 11 min left"
    var line: String {
        let handled = state.withLock { $0.handled }
        let total = max(before.total, 1)
        let done = min(before.refined + handled, total)
        let width = 20
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let rate = Double(handled) / elapsed
        var text = "full-quality thumbnails [\(bar)] \(Self.number(done)) of \(Self.number(total)), \(String(format: "%.1f", rate))/s"
        if handled >= 3 && rate > 0 { text += ", \(Self.timeLeft(Double(total - done) / rate))" }
        return text
    }

    static func number(_ value: Int) -> String { CountText.grouped(value) }

    static func timeLeft(_ seconds: Double) -> String {
        if seconds < 60 { return "under a minute left" }
        if seconds < 3600 { return "about \(Int((seconds / 60).rounded())) min left" }
        return String(format: "about %.1f h left", seconds / 3600)
    }
}

/// While it lives, Ctrl-C (SIGINT) runs `onInterrupt` instead of ending the process at once;
/// `end` gives the signal back its default.
private final class StopOnInterrupt {
    private let source: any DispatchSourceSignal
    init(_ onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { onInterrupt() }
        source.resume()
    }

    func end() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
