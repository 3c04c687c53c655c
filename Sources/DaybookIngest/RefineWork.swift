import DaybookStore
import Foundation
import Synchronization

/// One refinement run as work for the pool: the queue read in batches, in its order, once
/// (an entry the run could not finish is not met again in it), and the outcomes' tally.
final class RefineWork: Sendable {
    private struct State {
        var batch: [RefinementTask] = []
        var lastSeq: Int64 = 0
        var exhausted = false
        var summary = RefineSummary()
    }

    private static let batchSize = 32
    private let refiner: Refiner
    private let state = Mutex(State())
    private let onOutcome: @Sendable (RefineOutcome) -> Void
    /// Held until the run ends: no other process refines meanwhile.
    private let lock: RefinerLock

    init(_ refiner: Refiner, lock: RefinerLock, onOutcome: @escaping @Sendable (RefineOutcome) -> Void) {
        self.refiner = refiner
        self.lock = lock
        self.onOutcome = onOutcome
    }

    var summary: RefineSummary { state.withLock { $0.summary } }

    func next() -> RefinementTask? {
        if refiner.isStopped { return nil }
        return state.withLock { state in
            if state.batch.isEmpty && !state.exhausted {
                do {
                    state.batch = try refiner.store.refinementBatch(after: state.lastSeq, limit: Self.batchSize)
                } catch {
                    // The journal cannot be read: the rest waits for the next run.
                    state.batch = []
                }
                state.exhausted = state.batch.isEmpty
                if let last = state.batch.last { state.lastSeq = last.seq }
            }
            return state.batch.isEmpty ? nil : state.batch.removeFirst()
        }
    }

    func body(_ task: RefinementTask) {
        let outcome = refiner.refine(task)
        state.withLock { state in
            state.summary.record(outcome)
            onOutcome(outcome)
        }
    }
}
