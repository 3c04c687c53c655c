import DaybookCore
import Foundation
import GRDB

/// Storing a photo whose file may have been read before it was complete, or whose sidecar
/// changed.
///
/// Some writers append a file in several rounds (FTP and SMB servers, resumed downloads, sync
/// tools). When a version that ended early was stored, the entry remembers it
/// (`source_truncated`), and the next version read from the same path takes that entry's
/// place instead of becoming a second entry: one photo, one entry, whatever the writer.
/// Likewise a photo read again with another sidecar (`SidecarVersion`) takes its own entry's
/// place.
extension JournalStore {
    package enum SaveOutcome: Sendable, Equatable {
        case created
        /// The same bytes were already stored (a concurrent duplicate); nothing was written
        /// except the known entry's last-seen path.
        case existing(id: String)
        /// The entry stored from a truncated version of this file now holds this version.
        /// `entry` is what was stored: the old id, text and creation time, the new photo data.
        case replaced(JournalEntry)
        /// The same bytes were stored with another sidecar (or none): their entry was read
        /// again with this one, in place, as for `replaced`.
        case rereadWithSidecar(JournalEntry)
        /// An entry known from its journal file alone (its photo on another device) now holds
        /// these bytes: its id, words and choices kept (`fillPhotoElsewhere`).
        case filled(JournalEntry)
    }

    /// Stores `entry` (made from the bytes of the file at `entry.sourcePath`) in one
    /// transaction, which decides, in this order:
    ///
    /// 1. its content hash is stored already: nothing is written but the last-seen path, unless
    ///    `sidecar` differs from the sidecar that entry was read with
    ///    (`SidecarVersion.calls(forRereading:seenWith:)`): then that entry is replaced;
    /// 2. an entry was stored from a truncated version of the file at that path: that entry
    ///    is replaced. It keeps its id, the user's text, user tags, tag removals and a capture
    ///    date or place set by hand; photo data, thumbnail and auto tags are the new version's. Weather
    ///    is kept when the capture time and place are unchanged, and dropped (pending again)
    ///    otherwise;
    /// 3. otherwise a new entry is inserted.
    ///
    /// `sourceTruncated` records that these bytes ended early, so a later version may replace
    /// this entry in turn; `sidecar` is the sidecar they were read with. `beforeCommit` runs
    /// inside the transaction when something is written (the ingester moves the new thumbnail
    /// into place there), so a failed move leaves the journal as it was. The replaced version's thumbnail file is removed only
    /// after the commit, and only when no entry refers to it; a crash before that leaves an
    /// orphan, which `LibraryRepair` removes. At any moment the journal holds one entry.
    @discardableResult
    package func save(
        _ entry: JournalEntry, sourceTruncated: Bool, sidecar: SidecarVersion? = nil, autoTags: [AutoTag] = [],
        taggerVersion: Int = 0, beforeCommit: () throws -> Void = {}
    ) throws -> SaveOutcome {
        let (outcome, replacedThumbnail) = try writeWithJournalFiles { db, writes in
            let saved = try Self.save(
                db, entry, sourceTruncated: sourceTruncated, sidecar: sidecar, autoTags: autoTags, taggerVersion: taggerVersion,
                beforeCommit: beforeCommit)
            try followJournalFile(saved.0, previous: saved.previous, db, &writes)
            try SearchWrites.indexPending(db)
            return (saved.0, saved.replacedThumbnail)
        }
        // Committed: a failure to remove the old file only leaves an orphan for the next repair.
        if let replacedThumbnail { try? removeThumbnailIfUnreferenced(replacedThumbnail) }
        return outcome
    }

    /// `save`'s work inside the caller's transaction; also returns the thumbnail of a replaced
    /// version, to be removed after the commit, and the entry as it was before a replacement.
    /// The caller runs `followJournalFile` and `SearchWrites.indexPending` before committing.
    static func save(
        _ db: Database, _ entry: JournalEntry, sourceTruncated: Bool, sidecar: SidecarVersion?, autoTags: [AutoTag],
        taggerVersion: Int, sidecarTags: [String] = [], beforeCommit: () throws -> Void
    ) throws -> (SaveOutcome, replacedThumbnail: String?, previous: JournalEntry?) {
        let known = try JournalEntry.filter(JournalEntry.Columns.contentHash == entry.contentHash).fetchOne(db)
        if let known, known.isPhotoElsewhere {
            let (outcome, thumbnail) = try fillPhotoElsewhere(
                known, with: entry, sourceTruncated: sourceTruncated, sidecar: sidecar, autoTags: autoTags, taggerVersion: taggerVersion,
                beforeCommit: beforeCommit, db)
            return (outcome, thumbnail, nil)
        }
        if let known,
            !SidecarVersion.calls(forRereading: try Self.sidecarVersion(db, entryID: known.id), seenWith: sidecar)
        {
            _ = try Self.noteKnownBytes(db, of: entry)
            return (.existing(id: known.id), nil, nil)
        }
        let previous = try known ?? Self.truncatedEntry(db, sourcePath: entry.sourcePath)
        var stored = entry
        if let previous {
            stored = try Self.replacement(of: previous, by: entry, db)
            try stored.update(db)
        } else {
            // Indexed once with its tags by the caller's `SearchWrites.indexPending`.
            try SearchWrites.markPending(entryID: stored.id, db)
            try stored.insert(db)
        }
        try db.execute(
            sql: "UPDATE entry SET source_truncated = ?, sidecar_hash = ?, sidecar_first = ? WHERE id = ?",
            arguments: [sourceTruncated, sidecar?.contentHash, sidecar?.cameFirst ?? false, stored.id])
        if previous == nil {
            // A new entry has no tags and no removed tags yet: its tags are only added.
            try Self.addAutoTags(db, entryID: stored.id, autoTags, taggerVersion: taggerVersion)
        } else {
            try Self.replaceAutoTags(db, entryID: stored.id, proposals: autoTags, taggerVersion: taggerVersion)
        }
        try Self.adoptSidecarTags(db, entryID: stored.id, sidecarTags)
        try beforeCommit()
        guard let previous else { return (.created, nil, nil) }
        let replaced = previous.thumbnail == stored.thumbnail ? nil : previous.thumbnail
        return (known == nil ? .replaced(stored) : .rereadWithSidecar(stored), replaced, previous)
    }

    /// After `save` put a new version of a photo (completed, or read with another sidecar) in an
    /// entry's place, the entry's journal file names the new bytes and says the new date: else
    /// a rebuild would find the words' photo nowhere and make a second entry of them. An entry
    /// with no file gets none here, as a new photo's entry gets none.
    func followJournalFile(_ outcome: SaveOutcome, previous: JournalEntry?, _ db: Database, _ writes: inout JournalFileWrites) throws {
        guard let previous, journalFilePath(of: previous) != nil else { return }
        switch outcome {
        case .replaced(var stored), .rereadWithSidecar(var stored): try saveJournalFile(of: &stored, was: previous, db, &writes)
        case .created, .existing, .filled: return
        }
    }

    /// Whether the entry was stored from a file that ended early.
    package func isStoredFromTruncatedFile(id: String) throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT source_truncated FROM entry WHERE id = ?", arguments: [id]) ?? false
        }
    }

    /// The entry last stored from a truncated version of the file at `sourcePath`.
    static func truncatedEntry(_ db: Database, sourcePath: String) throws -> JournalEntry? {
        try JournalEntry.fetchOne(db.cachedStatement(sql: truncatedEntrySQL), arguments: [sourcePath])
    }

    /// Asked for every new photo. `source_truncated = 1` is the partial index's own
    /// condition, written the same way: SQLite uses a partial index only then, and a bare
    /// `WHERE source_truncated` read every entry of the library instead.
    static let truncatedEntrySQL = """
        SELECT * FROM entry WHERE source_truncated = 1 AND source_path = ?
        ORDER BY updated_at DESC, id LIMIT 1
        """

    /// `new` as it replaces `old`: what the user gave (text, a capture date set by hand) and
    /// the entry's identity stay; what the bytes say is the new version's.
    static func replacement(of old: JournalEntry, by new: JournalEntry, _ db: Database) throws -> JournalEntry {
        var entry = new
        entry.id = old.id
        // A caption from the sidecar (the new reading's text) fills an entry without words.
        entry.text = old.text.isEmpty ? new.text : old.text
        entry.createdAt = old.createdAt
        if old.captureSource == .user {
            entry.capturedLocal = old.capturedLocal
            entry.captureSubsec = old.captureSubsec
            entry.captureSource = old.captureSource
            entry.offset = old.offset
            entry.timeZoneNote = old.timeZoneNote
        }
        // A place set by hand is the person's, as a date is: no sidecar or new version moves it.
        if old.locationSource == .user {
            entry.location = old.location
            entry.locationSource = old.locationSource
            entry.place = old.place
            entry.placeVersion = old.placeVersion
        }
        let sameMoment =
            entry.capturedLocal == old.capturedLocal && entry.location?.latitude == old.location?.latitude
            && entry.location?.longitude == old.location?.longitude
        if sameMoment {
            // The weather found for that time and place still holds, and so does an offset it
            // gave an entry whose EXIF has none.
            entry.weatherStatus = old.weatherStatus
            entry.weatherError = old.weatherError
            if entry.offset == nil { entry.offset = old.offset }
        } else {
            try db.execute(sql: "DELETE FROM weather WHERE entry_id = ?", arguments: [old.id])
        }
        return entry
    }

    /// Removes a thumbnail file no entry refers to any more. The check and the unlink run
    /// inside a write transaction, so no other writer can commit an entry that refers to the
    /// name in between (the ingester moves a thumbnail into place inside its transaction).
    /// Only a name of the store's own shape is ever removed (`ThumbnailName`).
    func removeThumbnailIfUnreferenced(_ stored: String) throws {
        guard let name = ThumbnailName(fileName: stored) else { return }
        let files = try ThumbnailFiles(library: library)
        try pool.write { db in
            let referenced =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM entry WHERE thumbnail = ?)",
                    arguments: [name.fileName]) ?? true
            if !referenced { try files.remove(name) }
        }
    }
}
