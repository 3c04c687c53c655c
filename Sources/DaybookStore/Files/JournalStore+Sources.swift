import DaybookCore
import Foundation
import GRDB

/// Where the journal's photos are on disk: what `daybook watch` needs to know.
extension JournalStore {
    /// A photo file the journal knows: where it was seen last, its size, and when the entry
    /// was last written (Unix seconds; the file was read at or before that moment).
    package struct KnownSource: Sendable, Hashable {
        package let path: String
        package let fileSize: Int64
        package let entryWrittenAt: Int64
    }

    /// Entries whose `source_path` lies under `folder` (a folder path without trailing "/"), and
    /// their other files there (a RAW beside its JPEG), each with its entry's time.
    package func knownSources(under folder: String) throws -> [KnownSource] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT source_path, file_size, updated_at FROM entry
                    WHERE substr(source_path, 1, length(?)) = ?
                    UNION ALL
                    SELECT f.path, f.file_size, e.updated_at FROM entry_file f JOIN entry e ON e.id = f.entry_id
                    WHERE substr(f.path, 1, length(?)) = ?
                    """, arguments: [prefix, prefix, prefix, prefix]
            ).compactMap { row in
                let written: String = row["updated_at"]
                guard let seconds = UTCTimestamp.unixSeconds(written) else { return nil }
                return KnownSource(path: row["source_path"], fileSize: row["file_size"], entryWrittenAt: seconds)
            }
        }
    }

    /// Records that the entry's photo now lives at `path` (after `daybook watch --move-to`
    /// moved it). Returns false when there is no such entry.
    @discardableResult
    package func updateSourcePath(id: String, path: String) throws -> Bool {
        let now = JournalEntry.timestamp(Date())
        return try pool.write { db in
            try db.execute(
                sql: "UPDATE entry SET source_path = ?, updated_at = ? WHERE id = ?",
                arguments: [path, now, id])
            return db.changesCount > 0
        }
    }
}
