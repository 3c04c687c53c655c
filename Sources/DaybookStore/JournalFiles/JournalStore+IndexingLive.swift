import DaybookCore
import Foundation
import GRDB

/// A live journal file (no `deleted:`) into the index: a text entry, or a photo entry found by
/// its id, else by its photo's bytes (then re-keyed to the file's id: the same photo ingested
/// on two devices got two ids), else known from the file alone (`isPhotoElsewhere`).
extension JournalStore {
    func indexLiveFile(_ file: JournalFile, at path: JournalFilePath, place: (inout JournalEntry) -> Void) throws
        -> JournalFileIndexing
    {
        let now = JournalEntry.timestamp(Date())
        var released: [String] = []
        let result = try pool.write { db -> JournalFileIndexing in
            // A live file means the entry is not in the trash (it was restored elsewhere), and
            // a photo it names may come in again.
            try db.execute(
                sql: "DELETE FROM deleted_entry WHERE id = ? OR content_hash = ?",
                arguments: [file.id, file.photo?.contentHash ?? Self.textContentHash(id: file.id)])
            let untrashed = db.changesCount > 0
            let existing = try JournalEntry.fetchOne(db, key: file.id)
            guard let photo = file.photo else {
                if let existing, existing.media == .text {
                    let change = try applyFile(existing, from: file, at: path, now: now, place: place, db)
                    return untrashed && change == .unchanged(entryID: file.id) ? .updated(entryID: file.id) : change
                }
                if let existing { released += try Self.dropRow(existing, db) }
                try insertFromFile(Self.textEntry(file, path: path), from: file, now: now, place: place, db)
                return existing == nil ? .added(entryID: file.id) : .updated(entryID: file.id)
            }
            if let existing, existing.contentHash == photo.contentHash {
                let change = try applyFile(existing, from: file, at: path, now: now, place: place, db)
                return untrashed && change == .unchanged(entryID: file.id) ? .updated(entryID: file.id) : change
            }
            let holder = try JournalEntry.filter(JournalEntry.Columns.contentHash == photo.contentHash).fetchOne(db)
            guard let holder else {
                // The file names an earlier version of the photo this entry holds here (a
                // truncated file since completed, a photo replaced): the entry keeps the photo it
                // has and takes the file's words and choices.
                if let existing, existing.media != .text, !existing.isPhotoElsewhere {
                    return try applyFile(existing, from: file, at: path, now: now, place: place, db)
                }
                if let existing { released += try Self.dropRow(existing, db) }
                try insertFromFile(Self.photoElsewhere(file, photo: photo, path: path), from: file, now: now, place: place, db)
                return existing == nil ? .added(entryID: file.id) : .updated(entryID: file.id)
            }
            // The holder's words and choices are taken over by this file's only when it has no
            // file of its own: two files naming one photo is a conflict for a person to settle.
            if let own = journalFilePath(of: holder) {
                throw JournalFileError(
                    path: path.description,
                    "photo \(photo.contentHash.prefix(12))… is entry \(holder.id)'s, whose own file is \(own); "
                        + "both are kept until one of them is deleted")
            }
            // Whatever this entry held is in its file; its old photo is ingested again as it is found.
            if let existing { released += try Self.dropRow(existing, db) }
            try Self.rekey(db, from: holder.id, to: file.id)
            guard let rekeyed = try JournalEntry.fetchOne(db, key: file.id) else { throw StoreError.entryNotFound(file.id) }
            _ = try applyFile(rekeyed, from: file, at: path, now: now, place: place, db)
            return .updated(entryID: file.id)
        }
        // Committed: a thumbnail no entry names any more is an orphan.
        for thumbnail in released { try? removeThumbnailIfUnreferenced(thumbnail) }
        return result
    }

    /// Makes `existing` say what `file` says; nothing is written when it does already.
    private func applyFile(
        _ existing: JournalEntry, from file: JournalFile, at path: JournalFilePath, now: String, place: (inout JournalEntry) -> Void,
        _ db: Database
    ) throws -> JournalFileIndexing {
        let current = try IndexedEntryState(db, entry: existing)
        var target = current.applying(file, place: place)
        // An entry known from its file alone is where its file is (a new date moves it).
        if existing.media == .text || existing.isPhotoElsewhere { target.entry.sourcePath = path.description }
        guard target != current else { return .unchanged(entryID: existing.id) }
        target.entry.updatedAt = now
        try target.entry.update(db)
        if target.movedMoment(from: existing) {
            try db.execute(sql: "DELETE FROM weather WHERE entry_id = ?", arguments: [existing.id])
        }
        try Self.writeChoices(target, over: current, now: now, db)
        return .updated(entryID: existing.id)
    }

    /// Stores a new row for `file`, with its tags and choices, indexed for search at once.
    private func insertFromFile(
        _ entry: JournalEntry, from file: JournalFile, now: String, place: (inout JournalEntry) -> Void, _ db: Database
    ) throws {
        let empty = IndexedEntryState(new: entry)
        var target = empty.applying(file, place: place)
        // A position the row was made with (a photo's, from its file) is named here, once.
        if target.entry.location != nil && !target.movedPosition(from: entry) { place(&target.entry) }
        target.entry.createdAt = file.created
        target.entry.updatedAt = now
        try SearchWrites.markPending(entryID: entry.id, db)
        try target.entry.insert(db)
        try Self.writeChoices(target, over: empty, now: now, db)
        try SearchWrites.indexPending(db)
    }

    /// The tags, removals and stack choices of `target` that `current` lacks.
    private static func writeChoices(_ target: IndexedEntryState, over current: IndexedEntryState, now: String, _ db: Database) throws {
        let id = target.entry.id
        for name in current.userTags.subtracting(target.userTags).sorted() {
            try db.execute(sql: "DELETE FROM tag WHERE entry_id = ? AND name = ? AND source = 'user'", arguments: [id, name])
        }
        for name in target.removedTags.subtracting(current.removedTags).sorted() {
            try db.execute(sql: "DELETE FROM tag WHERE entry_id = ? AND name = ? AND source = 'auto'", arguments: [id, name])
            try db.execute(
                sql: "INSERT OR REPLACE INTO tag_removal (entry_id, name, removed_at) VALUES (?, ?, ?)", arguments: [id, name, now])
        }
        for name in current.removedTags.subtracting(target.removedTags).sorted() {
            try db.execute(sql: "DELETE FROM tag_removal WHERE entry_id = ? AND name = ?", arguments: [id, name])
        }
        for name in target.userTags.subtracting(current.userTags).sorted() {
            try db.execute(
                sql: """
                    INSERT INTO tag (entry_id, name, source) VALUES (?, ?, 'user')
                    ON CONFLICT (entry_id, name) DO UPDATE SET source = 'user', score = NULL, tagger_version = NULL
                    """, arguments: [id, name])
        }
        if target.stackSplit && !current.stackSplit { try splitFromFile(id, db) }
        if target.stackCoverPicked && !current.stackCoverPicked { try pickCoverFromFile(id, db) }
    }

    /// The entry becomes its stack's cover, picked; alone, it is marked picked for when it joins one.
    private static func pickCoverFromFile(_ id: String, _ db: Database) throws {
        guard let stackID = try String.fetchOne(db, sql: "SELECT stack_id FROM entry WHERE id = ?", arguments: [id]) else {
            try db.execute(sql: "UPDATE entry SET stack_cover_picked = 1 WHERE id = ?", arguments: [id])
            return
        }
        try db.execute(
            sql: "UPDATE entry SET is_cover = (id = ?), stack_cover_picked = (id = ?) WHERE stack_id = ?", arguments: [id, id, stackID])
    }

    /// The entry leaves its stack for good; the frames left behind keep a cover, or are
    /// alone again when one is left (as when a frame is deleted).
    private static func splitFromFile(_ id: String, _ db: Database) throws {
        let row = try Row.fetchOne(db, sql: "SELECT stack_id, is_cover FROM entry WHERE id = ?", arguments: [id])
        try db.execute(
            sql: "UPDATE entry SET stack_id = NULL, is_cover = 1, stack_cover_picked = 0, stack_split = 1 WHERE id = ?", arguments: [id])
        guard let stackID: String = row?["stack_id"] else { return }
        try db.execute(
            sql: """
                UPDATE entry SET stack_id = NULL, is_cover = 1, stack_cover_picked = 0
                WHERE stack_id = ?1 AND (SELECT count(*) FROM entry WHERE stack_id = ?1) = 1
                """, arguments: [stackID])
        guard row?["is_cover"] == true else { return }
        try db.execute(
            sql: """
                UPDATE entry SET is_cover = 1 WHERE id = (
                    SELECT id FROM entry WHERE stack_id = ? ORDER BY captured_local IS NULL, captured_local, capture_subsec, id LIMIT 1)
                """, arguments: [stackID])
    }

    /// Takes a row out for good (no trash: what it held lives on in a file); returns its
    /// thumbnail, to be removed after the commit once nothing names it.
    static func dropRow(_ entry: JournalEntry, _ db: Database) throws -> [String] {
        _ = try JournalEntry.deleteOne(db, key: entry.id)
        return entry.thumbnail.map { [$0] } ?? []
    }

    /// Gives the entry `old` the id `new` in every table that holds an entry id. The row keeps
    /// its rowid, so the near index and the full-text index stay as they are.
    static func rekey(_ db: Database, from old: String, to new: String) throws {
        // The child rows follow within this transaction; checked at its commit.
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        try db.execute(sql: "UPDATE entry SET id = ? WHERE id = ?", arguments: [new, old])
        for table in ["search_key", "search_pending", "tag", "tag_removal", "weather", "entry_file", "new_entry_key"] {
            try db.execute(sql: "UPDATE \(table) SET entry_id = ? WHERE entry_id = ?", arguments: [new, old])
        }
    }

    /// A text entry's new row, as `write` makes it.
    private static func textEntry(_ file: JournalFile, path: JournalFilePath) -> JournalEntry {
        var entry = JournalEntry(
            id: file.id, contentHash: textContentHash(id: file.id), sourcePath: path.description, fileSize: 0,
            capture: CaptureTime(local: file.date, source: .user), pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.media = .text
        return entry
    }

    /// A photo entry known from its file alone: its photo is on another device, until an
    /// ingest here finds its bytes (`fillPhotoElsewhere`). Its date is the photo's unless set
    /// by hand, so it names no source; its position is the photo's unless set by hand.
    private static func photoElsewhere(_ file: JournalFile, photo: JournalFile.PhotoReference, path: JournalFilePath) -> JournalEntry {
        var entry = JournalEntry(
            id: file.id, contentHash: photo.contentHash, sourcePath: path.description, fileSize: 0,
            capture: CaptureTime(local: file.date, source: .user), pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.media = .photo
        if !file.dateSetByHand { entry.captureSource = nil }
        entry.offset = file.utcOffsetSeconds.flatMap { UTCOffset(seconds: $0, source: .device) }
        if !file.placeSetByHand, let location = file.location {
            entry.location = GeoLocation(latitude: location.latitude, longitude: location.longitude)
            entry.locationSource = .exif
        }
        entry.weatherStatus = entry.location != nil ? .pending : .unavailable
        return entry
    }
}
