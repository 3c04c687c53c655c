import GRDB

/// SQLite's `PRAGMA data_version` on a read-only connection of its own: a number that changes
/// whenever another connection commits to the journal, this store's own writer included. The
/// web journal checks it before every kept answer. Asked on the writing connection, the check
/// would wait behind an edit that waits for another process's lock (EditLaneTests); this
/// connection takes no lock a writer holds (it only reads the WAL's index). Awaited on the
/// connection's own queue: asked synchronously on the request's thread, the requests queued
/// on the connection would block the cooperative pool's threads, and every other page with them.
package final class ChangeCounter: Sendable {
    private let connection: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(30)
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    package func count() async throws -> Int {
        // No transaction around one pragma (`unsafeRead`); nothing here is isolated from writes.
        try await connection.unsafeRead { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// `count()` on the calling thread, for a caller that may block: a store read asking it
    /// inside its own read (`AnswerCache.answer(_:counting:)`), on the store's reader thread,
    /// not the cooperative pool's.
    package func countNow() throws -> Int {
        try connection.unsafeRead { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
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
