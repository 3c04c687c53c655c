import Foundation
import GRDB

/// An entry's other files (`EntryFile`): the RAW that belongs with a JPEG.
extension JournalStore {
    /// The entry's other files, by role then path.
    package func files(entryID: String) throws -> [EntryFile] {
        try pool.read { db in try Self.files(db, entryID: entryID) }
    }

    /// The other files of many entries (`list --json` and the like), by entry id; entries with
    /// none are left out. One query per 10,000 ids (SQLite's bound-value limit).
    package func files(entryIDs: [String]) throws -> [String: [EntryFile]] {
        var result: [String: [EntryFile]] = [:]
        try pool.read { db in
            for chunk in entryIDs.boundValueChunks() {
                let sql: SQL = """
                    SELECT entry_id, role, path, content_hash, file_size FROM entry_file
                    WHERE entry_id IN \(chunk) ORDER BY entry_id, role, path
                    """
                for row in try SQLRequest<Row>(literal: sql).fetchAll(db) {
                    guard let file = Self.file(row) else { continue }
                    result[row["entry_id"], default: []].append(file)
                }
            }
        }
        return result
    }

    static func files(_ db: Database, entryID: String) throws -> [EntryFile] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT role, path, content_hash, file_size FROM entry_file WHERE entry_id = ? ORDER BY role, path"),
            arguments: [entryID]
        ).compactMap(file)
    }

    /// A row of `entry_file`; nil for a role this version does not know.
    private static func file(_ row: Row) -> EntryFile? {
        guard let role = EntryFile.Role(rawValue: row["role"]) else { return nil }
        return EntryFile(role: role, path: row["path"], contentHash: row["content_hash"], fileSize: row["file_size"])
    }

    /// The entry whose photo was last seen at `path`.
    package func entry(sourcePath path: String) throws -> JournalEntry? {
        try pool.read { db in try JournalEntry.filter(JournalEntry.Columns.sourcePath == path).fetchOne(db) }
    }

    /// Makes `file` one of entry `entryID`'s files, in one transaction: the entry this very
    /// file had of its own (a RAW ingested before its JPEG arrived) is deleted, and a row for
    /// the same path under another entry moves here. Returns the thumbnail of the deleted
    /// entry, for the caller to remove once the transaction has committed; nil when none.
    ///
    /// Only that entry, and only while it holds nothing a person wrote or chose: the same
    /// bytes elsewhere (a copy dropped beside a photo) are another entry, and words are never
    /// deleted to tidy a pair. Kept, such an entry stays beside the pair, and nothing is lost.
    @discardableResult
    package func attach(_ file: EntryFile, to entryID: String) throws -> ThumbnailName? {
        try pool.write { db in
            var removedThumbnail: ThumbnailName?
            if let own = try JournalEntry.filter(JournalEntry.Columns.contentHash == file.contentHash).fetchOne(db), own.id != entryID,
                own.sourcePath == file.path, try Self.personalContent(db, own) == nil
            {
                removedThumbnail = own.thumbnailName
                try own.delete(db)
            }
            try db.execute(sql: "DELETE FROM entry_file WHERE path = ?", arguments: [file.path])
            try db.execute(
                sql: "INSERT INTO entry_file (entry_id, role, path, content_hash, file_size) VALUES (?, ?, ?, ?, ?)",
                arguments: [entryID, file.role.rawValue, file.path, file.contentHash, file.fileSize])
            return removedThumbnail
        }
    }

    /// The entry a file belongs to as one of its other files, by the file's path.
    package func owner(ofFileAt path: String) throws -> (entryID: String, file: EntryFile)? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT entry_id FROM entry_file WHERE path = ?", arguments: [path]) else {
                return nil
            }
            let entryID: String = row["entry_id"]
            guard let file = try Self.files(db, entryID: entryID).first(where: { $0.path == path }) else { return nil }
            return (entryID, file)
        }
    }
}
