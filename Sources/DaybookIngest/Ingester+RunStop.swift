import Synchronization

/// Stops one `ingest(paths:)` run for good once its library's disk is full: the workers take
/// no further file, and only the first failure is reported (one line, not one per photo).
package final class RunStop: Sendable {
    private let stopped = Atomic(false)

    package init() {}

    package var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Stops the run; true for the one caller that stopped it.
    package func stopForFullDisk() -> Bool {
        stopped.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
