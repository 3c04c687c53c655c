import DaybookIngest
import DaybookStore
import DaybookSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The refinement queue worked beside `serve` and `watch`: every few seconds, when entries
/// wait for their full-quality thumbnails, one pass of a `Refiner` on worker threads of its
/// own (never the cooperative pool, which serves the web's requests). The refiner comes with
/// an ingester of its own for each pass, so its hold on the library's writer lock ends with
/// the pass. Another process refining already (an `ingest`) is left to it. Stopped, the pass
/// finishes the photos in hand; the rest stays queued for the next start.
package final class RefineQueue: Service, Sendable {
    private let store: JournalStore
    private let options: IngestOptions
    private let interval: Duration
    private let logger: Logger
    private let current = Mutex<Refiner?>(nil)
    /// The check and the refiner's making, which read the journal and open files, off the
    /// cooperative pool.
    private let lane = BlockingLane("daybook-refine-queue")

    package init(store: JournalStore, options: IngestOptions, interval: Duration = .seconds(5), logger: Logger) {
        self.store = store
        self.options = options
        self.interval = interval
        self.logger = logger
    }

    /// Returns (never throws) on shutdown: a refinement problem must not stop the server or
    /// the watcher, and the entries it did not reach stay queued.
    package func run() async throws {
        _ = await cancelWhenGracefulShutdown {
            await withTaskCancellationHandler {
                while !Task.isCancelled {
                    do {
                        try await self.refineWaiting()
                    } catch {
                        self.logger.warning("full-quality thumbnails: \(error)")
                    }
                    try? await Task.sleep(for: self.interval)
                }
            } onCancel: {
                self.current.withLock { $0?.stop() }
            }
        }
    }

    /// One pass when entries wait; nothing otherwise.
    func refineWaiting() async throws {
        let (store, options) = (store, options)
        let refiner = try await lane.run { () throws -> Refiner? in
            guard try store.refinementCounts().waiting > 0 else { return nil }
            return Refiner(ingester: try Ingester(store: store, options: options))
        }
        guard let refiner else { return }
        current.withLock { $0 = refiner }
        defer { current.withLock { $0 = nil } }
        if Task.isCancelled { return }
        let logger = logger
        let summary = try await refiner.run { outcome in
            switch outcome {
            case .failed(let id, let reason): logger.error("full-quality thumbnail of \(id.prefix(8)): \(reason) (tried again later)")
            case .stalled(let id, let path, let reason):
                logger.warning("\(path): \(reason); entry \(id.prefix(8)) keeps its first look for now")
            case .keptFirstLook(let id, let reason): logger.info("entry \(id.prefix(8)) keeps its first look: \(reason)")
            case .refined, .superseded: break
            }
        }
        if let summary, summary.handled > 0 { logger.info("full-quality thumbnails: \(summary.line)") }
    }
}
