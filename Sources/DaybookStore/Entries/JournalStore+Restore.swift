import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// Brings `trashed`'s words back as a text entry under its own id, from its tombstone
    /// `file`: the tombstone is rewritten in place as the live entry's file (its photo line
    /// dropped: the entry now holds words only), then the row, its user tags and the end of
    /// the trash row go in one transaction. A failure there writes the tombstone back, so the
    /// entry is either restored or still in the trash.
    package func restoreAsText(_ trashed: TrashedEntry, from file: JournalFile, now: Date = Date()) throws -> JournalEntry {
        changeLog?.begin()
        defer { changeLog?.end() }
        guard !file.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw StoreError.blankText() }
        let offset = file.utcOffsetSeconds.flatMap { UTCOffset(seconds: $0, source: .device) }
        var entry = JournalEntry(
            id: file.id, contentHash: Self.textContentHash(id: file.id), sourcePath: file.path.description, fileSize: 0,
            capture: CaptureTime(local: file.date, source: .user, offset: offset), location: file.location,
            locationSource: file.location == nil ? nil : .user, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [],
            now: now)
        entry.media = .text
        entry.text = file.text
        entry.createdAt = file.created
        var restored = file
        restored.deleted = nil
        restored.photo = nil
        // Words only now: what the person chose about the photo went with it.
        restored.removedTags = []
        restored.dateSetByHand = false
        restored.placeSetByHand = false
        restored.stackChoice = nil
        try replaceJournalFile(restored)
        do {
            try pool.write { db in
                try SearchWrites.markPending(entryID: entry.id, db)
                try entry.insert(db)
                for name in file.tags {
                    try db.execute(sql: "INSERT INTO tag (entry_id, name, source) VALUES (?, ?, 'user')", arguments: [entry.id, name])
                }
                try db.execute(sql: "DELETE FROM deleted_entry WHERE id = ?", arguments: [trashed.id])
                try SearchWrites.indexPending(db)
            }
        } catch {
            _ = try? replaceJournalFile(file)
            throw error
        }
        return entry
    }

    /// Lets `trashed`'s photo be ingested again: its `deleted_entry` row goes; its tombstone
    /// keeps the words until `forget`, once they are on the new entry. `putBack` undoes this
    /// when the ingest fails, so the entry stays in the trash.
    package func readmitPhoto(of trashed: TrashedEntry) throws {
        try pool.write { db in try db.execute(sql: "DELETE FROM deleted_entry WHERE id = ?", arguments: [trashed.id]) }
    }

    /// Puts `trashed` back in the trash after a restore that failed.
    package func putBack(_ trashed: TrashedEntry) throws {
        try pool.write { db in try Self.record(trashed, db) }
    }
}
