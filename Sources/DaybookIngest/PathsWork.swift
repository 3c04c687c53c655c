import DaybookStore
import Foundation
import Synchronization

/// One `ingest(paths:)` run as work for the pool: the scanner the workers share, and the
/// summary their events add up to.
final class PathsWork: Sendable {
    private let ingester: Ingester
    private let scanner: Mutex<PhotoScanner>
    private let state: Mutex<IngestSummary>
    private let onEvent: @Sendable (IngestEvent) -> Void
    private let stop = RunStop()
    private let lane = SaveLane<PreparedPhoto>()

    init(_ ingester: Ingester, paths: [String], repair: LibraryRepair.Report?, onEvent: @escaping @Sendable (IngestEvent) -> Void) {
        self.ingester = ingester
        scanner = Mutex(PhotoScanner(paths: paths, excluding: [ingester.store.library.root.path]))
        var summary = IngestSummary()
        summary.repair = repair
        state = Mutex(summary)
        self.onEvent = onEvent
        lane.start { [self] group in ingester.commit(group, stop: stop, emit: emit) }
    }

    var summary: IngestSummary { state.withLock { $0 } }

    func next() -> PhotoScanner.Found? { stop.isStopped ? nil : scanner.withLock { $0.next() } }

    func body(_ found: PhotoScanner.Found) {
        switch found {
        case .unreadable(let error): emit(.failed(error))
        case .skipped(let path, let reason): emit(.skipped(path: path, reason: reason))
        case .file(let item):
            if let photo = ingester.prepare(item, stop: stop, settle: lane.settle, remembersProblems: true, emit: emit) {
                lane.submit(photo)
            }
        }
    }

    /// Once the workers are done: waits until every photo they prepared is stored.
    @available(*, noasync, message: "blocks its thread until the last group is stored")
    func storeTheRest() { lane.close() }

    private func emit(_ event: IngestEvent) {
        state.withLock { summary in
            summary.record(event)
            onEvent(event)
        }
    }
}
