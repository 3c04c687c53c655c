import Foundation

extension Ingester {
    /// Ingests files handed over one at a time by `next`, `jobs` at a time, until `next`
    /// returns nil; returns when every worker has finished the file in its hands.
    ///
    /// This is the pipeline of `ingest(paths:)` for a caller that finds files itself (the
    /// watcher): each file goes through `ingest(_:emit:)` as a file found in a folder, so a
    /// non-photo without a JPEG name is *skipped*, not an error. Two differences: no library
    /// repair runs (the caller decides when), and `onEvent` is called on the worker's own
    /// thread (a `BlockingLane`, off the cooperative pool, so it may block on SQLite or the
    /// file system), not serialised across workers, so the caller can do per-file work (move
    /// the file, log it) in parallel. Events of one file arrive in order, warnings first, and
    /// end with exactly one of `created`, `replaced`, `incomplete`, `alreadyInJournal`,
    /// `failed`, `knownProblem` or `skipped`.
    ///
    /// `next` may suspend for a while to wait for more work; returning nil stops the worker
    /// that called it, so a caller that wants to stop (a shutdown) just returns nil.
    public func ingest(
        pulling next: @escaping @Sendable () async -> String?,
        onEvent: @escaping @Sendable (IngestEvent) -> Void
    ) async {
        await WorkerPool.run(jobs: options.jobs, label: "daybook-ingest", next: next) { path in
            self.ingest(ScanItem(path: path, explicitlyNamed: false), remembersProblems: true, emit: onEvent)
        }
    }
}
