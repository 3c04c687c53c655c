import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// Deletes entries with their tags and weather, then their thumbnail files (only names of
    /// the store's shape, only inside `thumbnails/`, never through a link).
    ///
    /// With `trash` (a person's delete: the CLI, the web), each entry first gets a tombstone
    /// (docs/design/writing.md, "Deleting"): its journal file with a `deleted:` time, written
    /// atomically before the index changes (a text entry's file is rewritten in place), and a
    /// `deleted_entry` row in the same transaction as the delete, so its photo stays out of
    /// later ingests and its words can be restored. Without, the entries leave no trace: the
    /// undo of a write that just made them, whose photo must be free to come in again.
    @discardableResult
    package func delete(entryIDs: [String], trash: Bool = true, now: Date = Date()) throws -> [JournalEntry] {
        changeLog?.begin()
        defer { changeLog?.end() }
        let files = try ThumbnailFiles(library: library)
        let deletedAt = JournalEntry.timestamp(now)
        let found = try pool.read { db in
            try entryIDs.map { id -> (JournalEntry, JournalFile?) in
                guard let entry = try JournalEntry.fetchOne(db, key: id) else { throw StoreError.entryNotFound(id) }
                // Everything the person wrote or chose goes into the tombstone, for a restore.
                return (entry, try entry.capturedLocal.map { try journalFile(of: entry, date: $0, db) })
            }
        }
        var written: [Tombstone] = []
        if trash {
            do {
                for (entry, file) in found {
                    guard let file else { continue }
                    written.append(try writeTombstone(of: entry, file: file, at: deletedAt))
                }
            } catch {
                undo(written)
                throw error
            }
        }
        let deleted: [JournalEntry]
        do {
            deleted = try pool.write { db in
                try found.map { entry, _ -> JournalEntry in
                    guard try JournalEntry.deleteOne(db, key: entry.id) else { throw StoreError.entryNotFound(entry.id) }
                    if trash {
                        let path = written.first { $0.entryID == entry.id }?.path.description
                        let trashed = TrashedEntry(
                            id: entry.id, contentHash: entry.contentHash, media: entry.media.rawValue, sourcePath: entry.sourcePath,
                            journalPath: path, date: entry.capturedLocal?.iso8601, title: Self.trashTitle(of: entry),
                            deletedAt: deletedAt, hasWords: path != nil && !entry.text.isEmpty)
                        try Self.record(trashed, db)
                    }
                    return entry
                }
            }
        } catch {
            undo(written)
            throw error
        }
        // The rows are gone; a file left behind by a failure here is an orphan the next repair removes.
        for name in deleted.compactMap(\.thumbnailName) { _ = try? files.remove(name) }
        for tombstone in written { if let moved = tombstone.replaced { removeJournalFile(moved) } }
        if !trash {
            for entry in deleted { if let path = journalFilePath(of: entry) { removeJournalFile(path) } }
        }
        return deleted
    }

    /// A tombstone this delete wrote, and how to take it back when the index refuses the delete.
    private struct Tombstone {
        let entryID: String
        let path: JournalFilePath
        /// The file as it was, when the tombstone was written over it.
        let before: JournalFile?
        /// The entry's file under another name (its date moved since), removed after the commit.
        let replaced: JournalFilePath?
    }

    /// Writes `entry`'s tombstone, `file` with a `deleted:` time, where its id and date put it.
    /// An entry with no date gets none (no path can be made for it: its `deleted_entry` row
    /// alone keeps it deleted).
    private func writeTombstone(of entry: JournalEntry, file: JournalFile, at deletedAt: String) throws -> Tombstone {
        var file = file
        file.deleted = deletedAt
        let existing = journalFilePath(of: entry)
        guard let existing, existing == file.path else {
            try writeJournalFile(file)
            return Tombstone(entryID: entry.id, path: file.path, before: nil, replaced: existing)
        }
        let before = try replaceJournalFile(file)
        return Tombstone(entryID: entry.id, path: file.path, before: before, replaced: nil)
    }

    /// Puts back the files `written` replaced, and removes those it made.
    private func undo(_ written: [Tombstone]) {
        for tombstone in written {
            if let before = tombstone.before { _ = try? replaceJournalFile(before) } else { removeJournalFile(tombstone.path) }
        }
    }

    /// What the trash lists an entry as: its words' first line, else its file's name.
    static func trashTitle(of entry: JournalEntry) -> String {
        let line = entry.text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let title = line.trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? (entry.sourcePath as NSString).lastPathComponent : String(title.prefix(200))
    }
}
