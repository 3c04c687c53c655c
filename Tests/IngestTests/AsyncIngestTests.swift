import DaybookIngest
import DaybookStore
import Dispatch
import Foundation
import Synchronization
import XCTest

/// The async ingest paths suspend their caller while the workers run, rather than block its
/// thread. Shown on an executor of one thread, where a blocked thread stops every other task
/// for as long as it blocks: the real cooperative pool has one thread per core, and on Linux
/// libdispatch may add a thread after a while when they are all blocked, which would hide a
/// block behind a delay rather than show it.
final class AsyncIngestTests: XCTestCase {
    /// While the workers store the photos, the first event waits, on its worker thread, for
    /// another task on the ingest's own one-thread executor to run. Were the ingest blocking
    /// that thread until the workers finish, the other task could only run after it: the
    /// wait would never end (the probe's time limit turns that deadlock into a failure).
    func testAwaitingIngestOfPathsLeavesItsThreadToOtherTasks() async throws {
        let journal = try TestJournal(jobs: 2)
        let executor = OneThreadExecutor("daybook-test-ingest")
        let probe = Probe(executor)
        let summary = try await withTaskExecutorPreference(executor) {
            try await journal.ingester.ingest(paths: [Fixtures.samples.path]) { _ in probe.runAnotherTaskOnce() }
        }
        XCTAssertEqual(probe.outcome, .ranWhileIngesting)
        XCTAssertEqual(summary.created.count, 10)
        XCTAssertEqual(try journal.store.count(), 10)
    }

    /// The same for the watcher's path, which pulls files one at a time.
    func testAwaitingIngestOfPulledFilesLeavesItsThreadToOtherTasks() async throws {
        let journal = try TestJournal(jobs: 2)
        let executor = OneThreadExecutor("daybook-test-pulling")
        let probe = Probe(executor)
        let files = Mutex(try Fixtures.sampleNames().map { Fixtures.samples.appendingPathComponent($0).path }[...])
        let created = Mutex(0)
        await withTaskExecutorPreference(executor) {
            await journal.ingester.ingest(pulling: { files.withLock { $0.popFirst() } }) { event in
                if case .created = event { created.withLock { $0 += 1 } }
                probe.runAnotherTaskOnce()
            }
        }
        XCTAssertEqual(probe.outcome, .ranWhileIngesting)
        XCTAssertEqual(created.withLock { $0 }, 10)
    }
}

/// A task executor with one serial queue: a cooperative pool one thread wide.
private final class OneThreadExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(_ label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Called from a worker thread: the first call starts a task on the executor and waits
/// until that task has run.
private final class Probe: Sendable {
    enum Outcome: Equatable {
        case notCalled, ranWhileIngesting, neverRan
    }

    private let executor: OneThreadExecutor
    private let state = Mutex(Outcome.notCalled)
    private let started = Atomic(false)
    private let ran = DispatchSemaphore(value: 0)

    init(_ executor: OneThreadExecutor) { self.executor = executor }

    var outcome: Outcome { state.withLock { $0 } }

    func runAnotherTaskOnce() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let ran = self.ran
        Task(executorPreference: executor) { ran.signal() }
        // Only a deadlock ever reaches the limit.
        let answer = ran.wait(timeout: .now() + 30)
        state.withLock { $0 = answer == .success ? .ranWhileIngesting : .neverRan }
    }
}
