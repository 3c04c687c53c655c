import DaybookCore
import Foundation
import GRDB

/// A tombstone, or a file that is gone, into the index.
extension JournalStore {
    /// The entry (by id, else by its photo's bytes) leaves the index as `delete` takes it out,
    /// with its `deleted_entry` row, so ingest keeps skipping its photo and `trash` lists it;
    /// no file is written (the tombstone is there already). A tombstone of an entry the index
    /// does not hold is listed in the trash all the same.
    func indexTombstone(_ file: JournalFile, at path: JournalFilePath) throws -> JournalFileIndexing {
        let (result, thumbnail) = try pool.write { db -> (JournalFileIndexing, String?) in
            var entry = try JournalEntry.fetchOne(db, key: file.id)
            if entry == nil, let photo = file.photo {
                entry = try JournalEntry.filter(JournalEntry.Columns.contentHash == photo.contentHash).fetchOne(db)
            }
            let known = try Row.fetchOne(db, sql: "SELECT * FROM deleted_entry WHERE id = ?", arguments: [file.id])
            let trashed = TrashedEntry(
                id: file.id,
                contentHash: entry?.contentHash ?? known?["content_hash"] ?? file.photo?.contentHash ?? Self.textContentHash(id: file.id),
                media: entry?.media.rawValue ?? known?["media_kind"] ?? (file.photo == nil ? MediaKind.text : .photo).rawValue,
                sourcePath: entry?.sourcePath ?? known?["source_path"] ?? path.description, journalPath: path.description,
                date: file.date.iso8601, title: Self.trashTitle(of: file, at: path), deletedAt: file.deleted ?? "",
                hasWords: !file.text.isEmpty)
            guard let entry else {
                guard let known else {
                    try Self.record(trashed, db)
                    return (.deleted(entryID: file.id), nil)
                }
                guard !Self.lists(known, as: trashed) else { return (.unchanged(entryID: file.id), nil) }
                try Self.record(trashed, db)
                return (.updated(entryID: file.id), nil)
            }
            _ = try JournalEntry.deleteOne(db, key: entry.id)
            try Self.record(trashed, db)
            return (.deleted(entryID: file.id), entry.thumbnail)
        }
        if let thumbnail { try? removeThumbnailIfUnreferenced(thumbnail) }
        return result
    }

    /// The file at `path` is gone. A text entry whose own file it was leaves the index, and so
    /// does a photo known from that file alone, unless the entry's file moved (a new date: the
    /// same id under another name), which is then indexed instead. A photo entry keeps its
    /// photo and what the index holds of it. A tombstone gone takes its entry out of the trash
    /// (restored, or emptied by hand, elsewhere).
    func indexGoneFile(_ path: JournalFilePath, place: (inout JournalEntry) -> Void) throws -> JournalFileIndexing {
        let owner = try pool.read { db -> JournalEntry? in
            let prefix = path.idPrefix
            // Ids are lowercase hex and '-', all below 'g': a range of the primary key.
            let candidates = try JournalEntry.fetchAll(
                db, sql: "SELECT * FROM entry WHERE id >= ? AND id < ?", arguments: [prefix, prefix + "g"])
            return candidates.first { entry in
                if JournalFilePath(relative: entry.sourcePath) != nil { return entry.sourcePath == path.description }
                return entry.capturedLocal.map { JournalFilePath(id: entry.id, date: $0) } == path
            }
        }
        if let owner {
            if let moved = otherJournalFile(ofEntry: owner.id, besides: path) { return try indexJournalFile(at: moved, place: place) }
            guard owner.media == .text || owner.isPhotoElsewhere else { return .unchanged(entryID: owner.id) }
            let removed = try pool.write { db in
                try JournalEntry.filter(key: owner.id).filter(JournalEntry.Columns.sourcePath == path.description).deleteAll(db) > 0
            }
            return removed ? .removed(entryID: owner.id) : .ignored
        }
        let trashed = try pool.write { db -> String? in
            let id = try String.fetchOne(db, sql: "SELECT id FROM deleted_entry WHERE journal_path = ?", arguments: [path.description])
            if let id { try db.execute(sql: "DELETE FROM deleted_entry WHERE id = ?", arguments: [id]) }
            return id
        }
        return trashed.map { .removed(entryID: $0) } ?? .ignored
    }

    /// Whether the `deleted_entry` row says what `trashed` says.
    private static func lists(_ row: Row, as trashed: TrashedEntry) -> Bool {
        row["content_hash"] == trashed.contentHash && row["media_kind"] == trashed.media && row["source_path"] == trashed.sourcePath
            && row["journal_path"] == trashed.journalPath && row["captured_local"] == trashed.date && row["title"] == trashed.title
            && row["deleted_at"] == trashed.deletedAt && row["has_words"] == trashed.hasWords
    }

    /// What the trash lists a tombstone as: as `delete` lists its entry, from the words' first
    /// line, else the photo's name or the file's.
    static func trashTitle(of file: JournalFile, at path: JournalFilePath) -> String {
        let line = file.text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let title = line.trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? file.photo?.fileName ?? path.fileName : String(title.prefix(200))
    }
}
