import DaybookCore
import Foundation
import GRDB

/// An entry in the trash, as `daybook trash` lists it.
package struct TrashedEntry: Sendable, Hashable, Codable {
    package let id: String
    package let contentHash: String
    package let media: String
    /// Where the photo was when it was deleted (absolute), or the text entry's journal file.
    package let sourcePath: String
    /// The tombstone, relative to the library; nil for an entry that had no date.
    package let journalPath: String?
    package let date: String?
    package let title: String
    package let deletedAt: String
    /// False once `trash empty` dropped the words: only the deletion is remembered.
    package let hasWords: Bool
}

extension JournalStore {
    /// Lists `trashed` among the deleted entries, in the caller's transaction: a deletion, or
    /// one put back after a restore that failed.
    static func record(_ trashed: TrashedEntry, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO deleted_entry
                (id, content_hash, media_kind, source_path, journal_path, captured_local, title, deleted_at, has_words)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                trashed.id, trashed.contentHash, trashed.media, trashed.sourcePath, trashed.journalPath, trashed.date,
                trashed.title, trashed.deletedAt, trashed.hasWords,
            ])
    }

    /// The id of the deleted entry whose photo had these bytes, if a person deleted one.
    package func deletedEntryID(contentHash: String) throws -> String? {
        try pool.read { db in
            try String.fetchOne(db, sql: "SELECT id FROM deleted_entry WHERE content_hash = ? LIMIT 1", arguments: [contentHash])
        }
    }

    /// The trash, newest deletion first.
    package func trashedEntries() throws -> [TrashedEntry] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM deleted_entry ORDER BY deleted_at DESC, id").map(Self.trashed)
        }
    }

    /// The trashed entry whose id starts with `prefix` (one only).
    package func trashedEntry(idPrefix prefix: String) throws -> TrashedEntry {
        let rows = try pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM deleted_entry WHERE substr(id, 1, ?) = ? LIMIT 2", arguments: [prefix.count, prefix.lowercased()])
        }
        guard rows.count == 1, !prefix.isEmpty else {
            throw StoreError.entryNotFound(rows.isEmpty ? "\(prefix) (in the trash)" : "\(prefix) (more than one in the trash)")
        }
        return Self.trashed(rows[0])
    }

    /// The tombstone's file as it reads now: its words, tags, date and place. Refused, naming
    /// the file's line, when it does not parse or is not this entry's tombstone.
    package func tombstone(of trashed: TrashedEntry) throws -> JournalFile? {
        guard let relative = trashed.journalPath, trashed.hasWords else { return nil }
        guard let path = JournalFilePath(relative: relative) else {
            throw StoreError.unreadableEntry("the trash's file \(relative) is not a path this journal writes")
        }
        let file = try JournalFileParser.parse(try Data(contentsOf: path.url(in: library)), path: path.description)
        guard file.id == trashed.id, file.deleted != nil else {
            throw JournalFileError(path: path.description, line: 3, "the file is not entry \(trashed.id)'s tombstone")
        }
        return file
    }

    /// Takes `trashed` out of the trash once its entry is back (restored under its own id as
    /// words, or its photo ingested again): the tombstone is overwritten by `restored`'s file,
    /// or removed when the entry has none, then the row goes.
    package func forget(_ trashed: TrashedEntry, tombstoneReplacedBy restored: JournalFile?) throws {
        changeLog?.begin()
        defer { changeLog?.end() }
        if let restored {
            try replaceJournalFile(restored)
        } else if let relative = trashed.journalPath, let path = JournalFilePath(relative: relative) {
            removeJournalFile(path)
        }
        try pool.write { db in try db.execute(sql: "DELETE FROM deleted_entry WHERE id = ?", arguments: [trashed.id]) }
    }

    /// Drops the words of entries deleted before `cutoff`, for good. Each tombstone loses its
    /// body and tags and keeps its id, date, photo reference and `deleted:` time, so the photo
    /// stays out of later ingests (its `deleted_entry` row stays). A tombstone that does not
    /// read as its entry's is left as it is, and named in the error after the others are done.
    package func emptyTrash(deletedBefore cutoff: Date) throws -> [TrashedEntry] {
        changeLog?.begin()
        defer { changeLog?.end() }
        let limit = JournalEntry.timestamp(cutoff)
        let due = try trashedEntries().filter { $0.hasWords && $0.deletedAt <= limit }
        var emptied: [TrashedEntry] = []
        var refusal: (any Error)?
        for trashed in due {
            do {
                if var file = try tombstone(of: trashed) {
                    file.text = ""
                    file.tags = []
                    file.placeName = nil
                    file.location = nil
                    try replaceJournalFile(file)
                }
                try pool.write { db in
                    try db.execute(
                        sql: "UPDATE deleted_entry SET has_words = 0, title = '' WHERE id = ?", arguments: [trashed.id])
                }
                emptied.append(trashed)
            } catch {
                refusal = refusal ?? error
            }
        }
        if let refusal { throw refusal }
        return emptied
    }

    private static func trashed(_ row: Row) -> TrashedEntry {
        TrashedEntry(
            id: row["id"], contentHash: row["content_hash"], media: row["media_kind"], sourcePath: row["source_path"],
            journalPath: row["journal_path"], date: row["captured_local"], title: row["title"], deletedAt: row["deleted_at"],
            hasWords: row["has_words"])
    }
}
