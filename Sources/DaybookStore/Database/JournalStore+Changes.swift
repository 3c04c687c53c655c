import GRDB

extension JournalStore {
    /// A number that changes whenever another connection commits to the journal: another
    /// process (a `daybook watch`, an ingest, an edit from the CLI) or another `JournalStore`.
    /// SQLite's `PRAGMA data_version`, read on this store's writing connection, which answers
    /// in microseconds; this store's own writes do not change it. The web journal keeps
    /// rendered pages until it changes.
    public func externalChangeCount() throws -> Int {
        try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}

extension JournalStore {
    /// `externalChangeCount()` awaited: the writing connection may be busy with a write, and
    /// the task waits for it on GRDB's queue, not on a thread of the cooperative pool.
    package func externalChangeCount() async throws -> Int {
        try await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
