import Foundation

/// A fixed number of threads pulling work items until `next` runs dry. The photo work is
/// synchronous C and CPU-bound, so plain threads (not the cooperative async pool) carry it.
enum WorkerPool {
    static func run<Item>(jobs: Int, next: @escaping @Sendable () -> Item?, body: @escaping @Sendable (Item) -> Void) {
        let done = DispatchGroup()
        for _ in 0..<max(1, jobs) {
            done.enter()
            Thread.detachNewThread {
                while let item = next() { body(item) }
                done.leave()
            }
        }
        done.wait()
    }
}
