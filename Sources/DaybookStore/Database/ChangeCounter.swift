import GRDB

/// SQLite's `PRAGMA data_version` on a read-only connection of its own, asked on the caller's
/// thread: a number that changes whenever another connection commits to the journal, this
/// store's own writer included. The web journal checks it before every kept answer: on the
/// writing connection (`externalChangeCount`) the check cost a hop to GRDB's writer queue a
/// request, and waited behind an edit that waits for another process's lock (EditLaneTests).
/// It takes no lock a writer holds: it reads the WAL's index, in microseconds.
package final class ChangeCounter: Sendable {
    private let connection: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(30)
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    package func count() throws -> Int {
        try connection.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}

extension JournalStore {
    /// A `ChangeCounter` on this store's journal.
    package func changeCounter() throws -> ChangeCounter {
        do {
            return try ChangeCounter(path: pool.path)
        } catch {
            throw StoreError.database("cannot open the journal at \(pool.path) to watch it for changes", error)
        }
    }
}
