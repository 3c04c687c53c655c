import DaybookStore
import Foundation
import Logging
import ServiceLifecycle

/// What `serve --wait-for-journal` does before there is a journal. A service manager may start
/// the server before the first `daybook ingest` or `daybook watch` has made one (a fresh
/// install, or both units started together), and a server that exits then is restarted in
/// a loop that fills the log and never catches up with the journal. This looks for the
/// journal once a second instead, and ends when it is there or when SIGTERM or SIGINT asks.
struct JournalArrival: Service {
    let library: Library
    let logger: Logger

    /// Whether the journal is there: false when a signal stopped the wait first.
    static func wait(for library: Library, logger: Logger, groupLogger: Logger) async throws -> Bool {
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [
                    .init(service: JournalArrival(library: library, logger: logger), successTerminationBehavior: .gracefullyShutdownGroup)
                ],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: groupLogger))
        try await group.run()
        return library.exists
    }

    func run() async throws {
        let library = library
        // Said here, once the group has taken over SIGTERM and SIGINT: a stop asked for as
        // soon as this line appears is a clean one.
        logger.notice(
            "no journal at \(library.root.path) yet: waiting for `daybook ingest FOLDER` or `daybook watch FOLDER` to make one")
        // Polled, not watched with inotify: the library folder itself may not exist yet.
        await cancelWhenGracefulShutdown {
            while !library.exists, !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
        }
    }
}
