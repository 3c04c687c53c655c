import Foundation
import GRDB

/// The whole journal as one Codable value: `export json` writes it, `import` reads it back
/// into an empty library with nothing lost (entries, tags, removed auto tags, weather,
/// thumbnails, other files such as a paired RAW). Entries are in their output form (`EntryOutput`): a file is text until
/// `validate` has read it.
package struct JournalArchive: Codable, Sendable, Equatable {
    package static let currentFormat = 1

    package struct Item: Codable, Sendable, Equatable {
        package var entry: EntryOutput
        package var tags: [JournalTag]
        package var removedTags: [String]
        package var weather: WeatherRecord?
        /// The thumbnail JPEG, base64 in JSON; nil when exported without thumbnails.
        package var thumbnail: Data?
        /// The entry's other files (`EntryFile`); nil in archives written before they were carried.
        package var files: [File]?
        /// Its stack (docs/stacks.md); nil when it has none, and in archives from before stacks.
        package var stack: ArchivedStack?
        /// Present while the thumbnail is a first look (docs/ingest.md, "Two stages"): the
        /// longest side of the full thumbnail still to be made from the photo, which import
        /// queues again. Nil once the full thumbnail is made, and in older archives.
        package var fullThumbnailSide: Int?

        package init(
            entry: JournalEntry, tags: [JournalTag] = [], removedTags: [String] = [], weather: WeatherRecord? = nil,
            thumbnail: Data? = nil, files: [EntryFile] = []
        ) {
            self.entry = EntryOutput(entry)
            self.tags = tags
            self.removedTags = removedTags
            self.weather = weather
            self.thumbnail = thumbnail
            self.files = files.map(File.init)
        }
    }

    /// One of an item's `files`, as text until `validate` has read it: the role is a string here so
    /// that an unknown one is refused naming its entry, not as a decoding error.
    package struct File: Codable, Sendable, Equatable {
        package var role: String
        package var path: String
        package var contentHash: String
        package var fileSize: Int64

        package init(_ file: EntryFile) {
            self.init(role: file.role.rawValue, path: file.path, contentHash: file.contentHash, fileSize: file.fileSize)
        }

        package init(role: String, path: String, contentHash: String, fileSize: Int64) {
            self.role = role
            self.path = path
            self.contentHash = contentHash
            self.fileSize = fileSize
        }
    }

    package var format: Int
    package var exportedAt: String
    package var items: [Item]

    package init(format: Int = JournalArchive.currentFormat, exportedAt: String, items: [Item]) {
        self.format = format
        self.exportedAt = exportedAt
        self.items = items
    }
}

/// An entry with everything stored about it, as the exports read it.
package struct JournalItem: Sendable, Equatable {
    package var entry: JournalEntry
    package var tags: [JournalTag]
    package var removedTags: [String]
    package var weather: WeatherRecord?
    package var files: [EntryFile] = []
    package var stack: ArchivedStack? = nil
    /// The full thumbnail's side while the thumbnail is a first look (`Item.fullThumbnailSide`).
    package var fullThumbnailSide: Int? = nil
}

extension JournalStore {
    /// Every entry with its tags, removed auto tags and weather, oldest capture first
    /// (undated first), in one read.
    package func journalItems() throws -> [JournalItem] {
        try pool.read { db in
            let stacks = try Self.archivedStacks(db)
            let firstLooks = try Self.firstLookSides(db)
            return try JournalEntry.order(JournalEntry.Columns.capturedLocal, JournalEntry.Columns.id).fetchAll(db).map { entry in
                JournalItem(
                    entry: entry,
                    tags: try Self.tags(db, entryID: entry.id),
                    removedTags: try String.fetchAll(
                        db, sql: "SELECT name FROM tag_removal WHERE entry_id = ? ORDER BY name", arguments: [entry.id]),
                    weather: try WeatherRecord.fetchOne(db, key: entry.id),
                    files: try Self.files(db, entryID: entry.id), stack: stacks[entry.id],
                    fullThumbnailSide: firstLooks[entry.id])
            }
        }
    }

    package func exportArchive(includeThumbnails: Bool = true) throws -> JournalArchive {
        let files = try ThumbnailFiles(library: library)
        return JournalArchive(
            format: JournalArchive.currentFormat, exportedAt: JournalEntry.timestamp(Date()),
            items: try journalItems().map { stored in
                var item = JournalArchive.Item(
                    entry: stored.entry, tags: stored.tags, removedTags: stored.removedTags, weather: stored.weather,
                    files: stored.files)
                item.entry.motion = MotionOutput.of(stored.entry, files: stored.files)
                item.stack = stored.stack
                if let name = stored.entry.thumbnailName {
                    // A missing file exports the entry without bytes; a file that cannot be read stops the export.
                    if includeThumbnails { item.thumbnail = try files.read(name).map { Data($0) } }
                    item.fullThumbnailSide = stored.fullThumbnailSide
                } else if stored.entry.thumbnail != nil {
                    // Not a name the store makes: never a path, and not worth carrying on.
                    item.entry.thumbnail = nil
                    item.entry.thumbnailWidth = nil
                    item.entry.thumbnailHeight = nil
                }
                return item
            })
    }

    /// Reads an archive into this library, which must be empty. The archive is checked whole
    /// first (`JournalArchive.validate`): a refused one writes nothing. Thumbnails are then
    /// written as temporaries, and every row goes in one transaction that renames them into
    /// place before it commits: a failed import leaves the library empty.
    package func importArchive(_ archive: JournalArchive) throws -> Int {
        changeLog?.begin()
        defer { changeLog?.end() }
        let entries: [JournalEntry]
        do {
            try archive.validate()
            try archive.validateStacks()
            entries = try archive.items.map { item throws(ArchiveError) in try JournalEntry(item.entry) }
        } catch { throw StoreError(.archiveRefused, "refused: \(error)", underlying: error) }
        guard try count() == 0 else { throw notEmpty() }
        let files = try ThumbnailFiles(library: library)
        // Hold the writers' lock shared: no repair may sweep our uncommitted thumbnails.
        let lock = try WriterLock(library: library)
        lock.share()
        var temporaries: [(TemporaryThumbnail, ThumbnailName)] = []
        defer { for (temporary, _) in temporaries { files.discard(temporary) } }
        for (item, entry) in zip(archive.items, entries) {
            guard let bytes = item.thumbnail, let name = entry.thumbnailName else { continue }
            temporaries.append((try files.writeTemporary([UInt8](bytes)), name))
        }
        let pending = temporaries
        // The files are the truth: the journal file of a text entry, and of a photo entry that
        // holds something a person wrote or chose, is written before its row, and taken away
        // again when the rows cannot be stored.
        var journalFiles: [JournalFilePath] = []
        do {
            for (item, entry) in zip(archive.items, entries) {
                guard let file = item.journalFile(of: entry),
                    entry.media == .text || (file.holdsPersonalData && JournalFile.canName(entry))
                else { continue }
                try writeJournalFile(file)
                journalFiles.append(file.path)
            }
            try insert(archive, entries, pending: pending, files: files)
        } catch {
            for path in journalFiles { removeJournalFile(path) }
            throw error
        }
        return archive.items.count
    }

    private func insert(
        _ archive: JournalArchive, _ entries: [JournalEntry], pending: [(TemporaryThumbnail, ThumbnailName)], files: ThumbnailFiles
    ) throws {
        try pool.write { db in
            guard try JournalEntry.fetchCount(db) == 0 else { throw notEmpty() }
            for (item, entry) in zip(archive.items, entries) {
                var entry = entry
                if item.thumbnail == nil { entry.thumbnail = nil; entry.thumbnailWidth = nil; entry.thumbnailHeight = nil }
                // Indexed with its tags, weather and place at the end, once for the whole archive.
                try SearchWrites.markPending(entryID: entry.id, db)
                try entry.insert(db)
                for tag in item.tags { try tag.insert(db) }
                for name in item.removedTags {
                    try db.execute(
                        sql: "INSERT INTO tag_removal (entry_id, name, removed_at) VALUES (?, ?, ?)",
                        arguments: [entry.id, name, archive.exportedAt])
                }
                try item.weather?.insert(db)
                for file in item.files ?? [] {
                    try db.execute(
                        sql: "INSERT INTO entry_file (entry_id, role, path, content_hash, file_size) VALUES (?, ?, ?, ?, ?)",
                        arguments: [entry.id, file.role, file.path, file.contentHash, file.fileSize])
                }
                if let stack = item.stack { try Self.restore(stack, entryID: entry.id, db) }
                // A first look imported waits for its full thumbnail here too, made from the
                // photo where this machine finds it (stalled until then).
                if item.thumbnail != nil, let side = item.fullThumbnailSide {
                    try Self.followRefinement(db, entryID: entry.id, contentHash: entry.contentHash, fullSide: side)
                }
            }
            try SearchWrites.indexPending(db)
            var moved: [ThumbnailName] = []
            do {
                for (temporary, name) in pending {
                    try files.moveIntoPlace(temporary, name: name)
                    moved.append(name)
                }
            } catch {
                for name in moved { _ = try? files.remove(name) }
                throw error
            }
        }
    }

    private func notEmpty() -> StoreError {
        StoreError(.libraryNotEmpty, "import needs an empty library; \(library.root.path) already has entries")
    }
}
