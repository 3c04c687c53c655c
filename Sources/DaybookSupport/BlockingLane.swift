import Dispatch

/// A serial queue of its own for blocking work: libjpeg decoding, SQLite, a blocking read or
/// poll, walking a folder tree. Swift's cooperative pool has about one thread per core, and a
/// thread blocked there stalls every task queued behind it (on two cores, two decodes would
/// stall the watcher's coordinator and its timers). A `DispatchQueue` made with a label runs
/// on libdispatch's overcommitting pool, which adds a thread when its threads are blocked.
package struct BlockingLane: Sendable {
    private let queue: DispatchQueue

    package init(_ label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `body` on the lane and suspends (holding no thread) until it returns.
    package func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(E) -> T in try body() }) }
        }
        return try result.get()
    }
}
