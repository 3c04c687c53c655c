import Foundation
import GRDB

/// One line on standard error before a long schema upgrade. A new version's indexes are built
/// in one transaction on the first open; on a large journal that takes long enough that a
/// command silent for it looks hung, so a user might kill it and start again, only to wait
/// once more. Small journals upgrade silently.
enum UpgradeNotice {
    /// Below this many entries an upgrade takes a few seconds at most.
    static let entriesWorthNoting = 50_000

    static func announce(_ pool: DatabasePool, library: Library) throws {
        guard let entries = try pendingUpgradeSize(pool), entries >= entriesWorthNoting else { return }
        let line =
            "daybook: upgrading the journal at \(library.root.path) (about \(entries) entries) for this version; "
            + "this runs once and can take a minute or two for a large journal. Please let it finish.\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The journal's size when migrations are pending, nil when it is up to date or new. The
    /// largest rowid stands for the count: `count(*)` would itself read the whole table.
    /// Asked on the writer, which then migrates: a reader connection opened before the
    /// migration would keep the old schema in GRDB's cache and then miss the new columns.
    static func pendingUpgradeSize(_ pool: DatabasePool) throws -> Int? {
        try pool.writeWithoutTransaction { db in
            guard try db.tableExists("entry"), try !Schema.migrator.hasCompletedMigrations(db) else { return nil }
            return try Int.fetchOne(db, sql: "SELECT max(rowid) FROM entry") ?? 0
        }
    }
}
