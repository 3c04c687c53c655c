import DaybookSupport
import Foundation
import Synchronization

/// A fixed number of workers pulling work items until `next` runs dry. The photo work is
/// synchronous C and CPU-bound, so it runs on threads of its own, never on the cooperative
/// async pool.
enum WorkerPool {
    /// For synchronous callers (`retag`, tests): plain threads, and the caller's thread waits
    /// for them. An async caller uses `run`, which suspends instead.
    @available(*, noasync, message: "blocks its thread until the workers finish: await run(jobs:next:body:)")
    static func runWaiting<Item>(jobs: Int, next: @escaping @Sendable () -> Item?, body: @escaping @Sendable (Item) -> Void) {
        let done = DispatchSemaphore(value: 0)
        start(jobs: jobs, next: next, body: body) { done.signal() }
        done.wait()
    }

    /// For async callers whose work items come from blocking code (`ingest(paths:)` walks
    /// folders): the same plain threads, each calling `next` and `body`; the caller suspends,
    /// holding no thread, until the last of them finishes.
    static func run<Item>(jobs: Int, next: @escaping @Sendable () -> Item?, body: @escaping @Sendable (Item) -> Void) async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            start(jobs: jobs, next: next, body: body) { finished.resume() }
        }
    }

    /// Starts `jobs` threads pulling items until `next` returns nil; `finished` runs once,
    /// on the thread that finishes last.
    private static func start<Item>(
        jobs: Int, next: @escaping @Sendable () -> Item?, body: @escaping @Sendable (Item) -> Void,
        finished: @escaping @Sendable () -> Void
    ) {
        let workers = max(1, jobs)
        let running = Atomic<Int>(workers)
        for _ in 0..<workers {
            Thread.detachNewThread {
                while let item = next() { body(item) }
                if running.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { finished() }
            }
        }
    }

    /// For async callers whose work items come from async code (the watcher waits for files):
    /// `jobs` child tasks, each with a `BlockingLane` of its own. `next` may suspend to wait
    /// for work; `body` runs on the lane. Returns when every
    /// worker has run dry, without holding a thread while it waits.
    static func run<Item: Sendable>(
        jobs: Int, label: String, next: @escaping @Sendable () async -> Item?,
        body: @escaping @Sendable (Item) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<max(1, jobs) {
                let lane = BlockingLane("\(label)-\(index)")
                group.addTask {
                    while let item = await next() { await lane.run { body(item) } }
                }
            }
        }
    }
}
