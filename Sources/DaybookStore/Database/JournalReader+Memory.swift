import DaybookCore
import GRDB

extension JournalReader {
    /// One dated entry taken before `before`, the same one for the same `seed` while the
    /// journal holds the same entries: the `seed`-th of them, counted modulo their number, in
    /// the order of their capture. Nil when none is that old. A reminder seeds it with the
    /// day, so that a retry later that day recalls the same memory.
    package func memory(before: CivilDate, seed: UInt64) throws -> JournalEntry? {
        let table = JournalEntry.databaseTableName
        let condition = "captured_local IS NOT NULL AND captured_local < ?"
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)", arguments: [before.iso]) ?? 0
        guard count > 0 else { return nil }
        return try JournalEntry.fetchOne(
            db, sql: "SELECT * FROM \(table) WHERE \(condition) ORDER BY captured_local, id LIMIT 1 OFFSET ?",
            arguments: [before.iso, Int(seed % UInt64(count))])
    }
}

extension JournalStore {
    package func memory(before: CivilDate, seed: UInt64) throws -> JournalEntry? {
        try readNow { try $0.memory(before: before, seed: seed) }
    }
}
