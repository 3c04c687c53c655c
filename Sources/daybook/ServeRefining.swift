import DaybookIngest
import DaybookStore
import DaybookWatch
import Foundation
import Logging

/// The full-quality thumbnails `serve` makes in the background (`RefineQueue`), as `watch`
/// does beside its batches: with one core fewer than the machine has, so pages keep one to
/// themselves. None for a journal opened read-only.
enum ServeRefining {
    static func queue(for store: JournalStore, logger: Logger) -> RefineQueue? {
        guard !store.isReadOnly else { return nil }
        let jobs = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        return RefineQueue(store: store, options: IngestOptions(jobs: jobs), logger: logger)
    }
}
