import DaybookImaging
import DaybookStore
import DaybookSupport
import Foundation
import Synchronization

/// Works the refinement queue: for each entry whose thumbnail is a first look, reads its file
/// again, checks that it still holds the entry's bytes, runs the full analysis ingest runs
/// without first looks, and stores the full thumbnail in place of the first look
/// (`JournalStore.finishRefinement`), at the size the ingest that queued it asked for. The
/// entry's frame size follows the full decode; its colour tags stay those of the first look
/// (the same picture, smaller: a second set would only move their scores); a photo stacked
/// at ingest takes the full thumbnail's perceptual hash and joins the stacks it now links to.
///
/// `jobs` worker threads (`WorkerPool`), never the cooperative pool. One process at a time
/// (`RefinerLock`); a run that finds another refining returns nil at once. A run starts by
/// repairing what a killed one left (`Ingester.repairUnlessBusy`: its temporary files), and
/// every step is its own transaction, so killed at any moment the next run takes up the
/// queue where it stopped.
package final class Refiner: Sendable {
    let ingester: Ingester
    let analyzer: PhotoAnalyzer
    private let stopped = Atomic<Bool>(false)

    /// Refines with `ingester`'s options (its limits and jobs) and its library.
    package init(ingester: Ingester) {
        self.ingester = ingester
        var analyzer = ingester.analyzer
        analyzer.firstLook = false
        analyzer.colourTags = false
        self.analyzer = analyzer
    }

    var store: JournalStore { ingester.store }

    /// Asks a run in progress to stop after the entries in its workers' hands; a run started
    /// afterwards stops at once (a refiner stopped is done).
    package func stop() { stopped.store(true, ordering: .relaxed) }

    /// One pass over the queue. `onOutcome` is called from worker threads, one call at a time.
    /// Nil when another process (or another refiner of this one) is working the queue.
    package func run(onOutcome: @escaping @Sendable (RefineOutcome) -> Void = { _ in }) async throws -> RefineSummary? {
        let lane = BlockingLane("daybook-refine")
        guard let work = try await lane.run({ try self.start(onOutcome: onOutcome) }) else { return nil }
        await WorkerPool.run(jobs: ingester.options.jobs, next: work.next, body: work.body)
        return try await lane.run { try self.end(work) }
    }

    /// `run` for a synchronous caller, whose thread waits.
    @available(*, noasync, message: "blocks its thread until the queue is worked: await run(onOutcome:)")
    package func runWaiting(onOutcome: @escaping @Sendable (RefineOutcome) -> Void = { _ in }) throws -> RefineSummary? {
        guard let work = try start(onOutcome: onOutcome) else { return nil }
        WorkerPool.runWaiting(jobs: ingester.options.jobs, next: work.next, body: work.body)
        return try end(work)
    }

    private func start(onOutcome: @escaping @Sendable (RefineOutcome) -> Void) throws -> RefineWork? {
        guard let lock = try RefinerLock.take(store.library) else { return nil }
        _ = try ingester.repairUnlessBusy()
        try store.retryStalledRefinements()
        return RefineWork(self, lock: lock, onOutcome: onOutcome)
    }

    private func end(_ work: RefineWork) throws -> RefineSummary {
        ingester.markCleanIfOnlyOurs()
        var summary = work.summary
        summary.queue = try store.refinementCounts()
        summary.stopped = isStopped
        return summary
    }

    var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
