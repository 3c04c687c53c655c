import DaybookIngest
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Weather for entries the watcher creates: collected as they are stored and fetched in
/// batches every few seconds, apart from the ingest workers. Entries not reached before shutdown
/// simply stay pending for the next batch or `daybook backfill-weather`.
package final class WeatherQueue: Service, Sendable {
    private let backfill: WeatherBackfill
    private let archiveDelayDays: Int
    private let interval: Duration
    private let logger: Logger
    private let waiting = Mutex<Set<String>>([])

    package init(backfill: WeatherBackfill, archiveDelayDays: Int, interval: Duration = .seconds(5), logger: Logger) {
        self.backfill = backfill
        self.archiveDelayDays = archiveDelayDays
        self.interval = interval
        self.logger = logger
    }

    /// Called from ingest workers; never blocks.
    package func enqueue(_ entryID: String) {
        _ = waiting.withLock { $0.insert(entryID) }
    }

    /// Returns (never throws) on shutdown: a weather problem must not stop the watcher, and
    /// the entries it could not reach stay pending.
    package func run() async throws {
        _ = await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: self.interval)
                if Task.isCancelled { break }
                do {
                    try await self.fetchWaiting()
                } catch {
                    self.logger.warning("weather: \(error)")
                }
            }
        }
    }

    func fetchWaiting() async throws {
        let ids = waiting.withLock { ids in
            defer { ids.removeAll() }; return ids
        }
        guard !ids.isEmpty else { return }
        let options = BackfillOptions(entryIDs: ids, archiveDelayDays: archiveDelayDays, stopAfterFailure: true)
        let plan = try backfill.plan(options)
        guard plan.candidates > 0 else { return }
        let summary = try await backfill.run(plan, options: options)
        logger.info("\(summary.line)")
    }
}
