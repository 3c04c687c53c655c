import GRDB

/// What the library looked like when a repair last read all of it (migration v22-ingest-scale),
/// so a start can skip the repair when nothing it checks can have changed since: reading every
/// thumbnail name and the thumbnails folder costs a start time that grows with the library.
///
/// The repair's garbage only arises from a change to one of two things:
/// - the thumbnails folder: a file written, renamed or removed changes the folder's mtime and
///   ctime (a temporary, an orphan, a missing file);
/// - the entries' thumbnails or rowids: a delete or a thumbnail changed counts up `changes`
///   (triggers, whichever code path writes); an insert raises max(rowid); a renumbering
///   (VACUUM, for the near index) changes max(rowid) too, since it closes gaps only deletes made.
///
/// Both are read *before* the repair reads the folder and the entries, so anything that
/// changes during the repair (its own removals included) makes the next start repair again.
package struct RepairMark: Sendable, Equatable {
    /// The thumbnails folder's identity and times (`ThumbnailFiles.settledStamp()`).
    package let folder: String
    let changes: Int64
    let maxRowid: Int64

    /// The library as it is now, with `folder` read by the caller.
    static func current(_ db: Database, folder: String) throws -> RepairMark {
        let changes = try Int64.fetchOne(db, sql: "SELECT changes FROM repair_mark") ?? 0
        let maxRowid = try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM entry") ?? 0
        return RepairMark(folder: folder, changes: changes, maxRowid: maxRowid)
    }

    /// The mark the last complete repair left; nil when none did.
    static func lastClean(_ db: Database) throws -> RepairMark? {
        guard let row = try Row.fetchOne(db, sql: "SELECT clean_folder, clean_changes, clean_max_rowid FROM repair_mark"),
            let folder: String = row[0], let changes: Int64 = row[1], let maxRowid: Int64 = row[2]
        else { return nil }
        return RepairMark(folder: folder, changes: changes, maxRowid: maxRowid)
    }

    /// A week: a start reads everything at least this often, whatever the marks say, so that
    /// what they cannot see (see `ThumbnailFiles.witnessChanges`) is not kept for ever.
    static let longestWithoutFullRead: Int64 = 7 * 24 * 3600

    /// Whether the last complete repair is recent enough to trust the marks.
    static func fullReadIsRecent(_ db: Database, now: Int64) throws -> Bool {
        guard let readAt = try Int64.fetchOne(db, sql: "SELECT read_all_at FROM repair_mark") else { return false }
        return (0..<longestWithoutFullRead).contains(now - readAt)
    }

    static func noteFullRead(_ db: Database, at now: Int64) throws {
        try db.execute(sql: "UPDATE repair_mark SET read_all_at = ?", arguments: [now])
    }

    func recordAsClean(_ db: Database) throws {
        try db.execute(
            sql: "UPDATE repair_mark SET clean_folder = ?, clean_changes = ?, clean_max_rowid = ?",
            arguments: [folder, changes, maxRowid])
    }
}
