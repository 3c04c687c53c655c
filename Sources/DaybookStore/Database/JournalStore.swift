import DaybookCore
import Foundation
import GRDB

/// The journal database. Every write is one transaction; reads run concurrently (WAL).
public final class JournalStore: Sendable {
    public let library: Library
    /// A `DatabasePool` (concurrent reads beside one writer), or for a one-read command a
    /// read-only `DatabaseQueue`: one connection (`JournalStore.openExisting(for: .querying)`).
    let pool: any DatabaseWriter
    /// True when opened by `openReadOnly`: every write fails with SQLite's "readonly database".
    public let isReadOnly: Bool
    /// Held shared while the store lives (`LibraryUseLock`); nil for a read-only store,
    /// which writes nothing a rebuild could lose, and where the lock file cannot be made.
    private let useLock: LibraryUseLock?
    /// The journal files this process's changes are writing (`JournalChangeLog`); nil for a
    /// read-only store, which writes none.
    let changeLog: JournalChangeLog?

    /// Opens the library's journal, creating the library and migrating the schema as needed.
    public init(library: Library) throws {
        self.library = library
        isReadOnly = false
        try library.prepareRoot()
        useLock = try? LibraryUseLock(library: library)
        changeLog = JournalChangeLog(library: library)
        useLock?.share()
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Another daybook process (a watcher, a second ingest) may hold the write lock briefly.
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try JournalStore.prepareReads(db)
            // The writer's page cache, 64 MiB instead of SQLite's 2 MB: entries go into
            // every index at random places (ids and hashes are random), so a batch of a few
            // thousand dirties more pages than 2 MB holds, and SQLite spills them to the WAL
            // and reads them back within one transaction. Memory is taken only as pages are
            // read; readers keep the default.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -65536") }
            // Statement and savepoint journals in memory: a statement whose triggers write
            // several tables (the search index, the tag counts), and each photo's savepoint in
            // an ingest's group (`save(group:)`), keep the pages they change; past 64 KiB
            // SQLite would spill them to a file in /var/tmp, a write system call per page.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA temp_store = MEMORY") }
            db.add(function: SearchWords.function)
        }
        pool = try SchemaLock.whileHeld(library) {
            try library.prepareFolders()
            do {
                let pool = try DatabasePool(path: library.databaseURL.path, configuration: configuration)
                try UpgradeNotice.announce(pool, library: library)
                try Schema.migrator.migrate(pool)
                // A journal folder that arrived by sync, or one made before Daybook wrote
                // ignore files, gets its own (JournalIgnoreFile).
                JournalIgnoreFile.ensure(in: library)
                return pool
            } catch {
                throw StoreError.database("cannot open the journal at \(library.databaseURL.path)", error)
            }
        }
        // First: the files of a change killed before its commit are the truth, and the
        // writing below must not take the index's older words for them.
        indexFilesOfInterruptedChanges()
        writeMissingJournalFilesOnOpen()
    }

    init(library: Library, readOnlyPool: any DatabaseWriter) {
        self.library = library
        pool = readOnlyPool
        isReadOnly = true
        useLock = nil
        changeLog = nil
    }

    package enum InsertOutcome: Sendable, Equatable {
        case created
        /// Another file with the same bytes was already there (its path is now updated).
        case existing(id: String)
    }

    /// Looks up an entry by content hash.
    package func entry(contentHash: String) throws -> JournalEntry? {
        try pool.read { db in try JournalReader(db: db).entry(contentHash: contentHash) }
    }

    /// Records where an already-known photo was seen last.
    package func noteSeen(id: String, at path: String) throws {
        let now = JournalEntry.timestamp(Date())
        try pool.write { db in
            try db.execute(
                sql: "UPDATE entry SET source_path = ?, updated_at = ? WHERE id = ? AND source_path <> ?",
                arguments: [path, now, id, path])
        }
    }

    /// Inserts a new entry in one transaction. `beforeCommit` runs inside it (the ingester
    /// moves the thumbnail into place there), so an entry is never committed without its
    /// thumbnail file, and a failing move leaves no entry behind.
    /// When the content hash is already stored (a concurrent duplicate), nothing is
    /// inserted and `beforeCommit` is not run. The tagger's tags are written in the same
    /// transaction.
    @discardableResult
    package func insert(
        _ entry: JournalEntry, autoTags: [AutoTag] = [], taggerVersion: Int = 0,
        beforeCommit: () throws -> Void = {}
    ) throws -> InsertOutcome {
        try pool.write { db in
            if let existing = try Self.noteKnownBytes(db, of: entry) { return .existing(id: existing) }
            try entry.insert(db)
            try Self.replaceAutoTags(db, entryID: entry.id, proposals: autoTags, taggerVersion: taggerVersion)
            try beforeCommit()
            return .created
        }
    }

    /// Inserts many new entries in one transaction (imports, seeding large test journals).
    /// Entries whose content hash is already stored are left out; returns how many were added.
    @discardableResult
    package func insert(batch entries: [JournalEntry], autoTags: [String: [AutoTag]] = [:], taggerVersion: Int = 0) throws -> Int {
        try pool.write { db in
            // Prepared once for the batch: compiling a statement (and the search-index
            // triggers it fires) cost more than running it, when done for every row.
            let known = try db.cachedStatement(sql: "SELECT 1 FROM entry WHERE content_hash = ?")
            var added = 0
            for entry in entries {
                guard try Int.fetchOne(known, arguments: [entry.contentHash]) == nil else { continue }
                try SearchWrites.markPending(entryID: entry.id, db)
                try entry.insert(db)
                // Just inserted, the entry has no tags and no removed tags: its tags are only added.
                try Self.addAutoTags(db, entryID: entry.id, autoTags[entry.id] ?? [], taggerVersion: taggerVersion)
                added += 1
            }
            try SearchWrites.indexPending(db)
            return added
        }
    }

    private typealias Columns = JournalEntry.Columns

    /// When `entry`'s bytes are stored already, records the path they were seen at last on
    /// that entry and returns its id; nil for bytes not seen before.
    static func noteKnownBytes(_ db: Database, of entry: JournalEntry) throws -> String? {
        let known = JournalEntry.filter(Columns.contentHash == entry.contentHash)
        guard let id = try known.select(Columns.id, as: String.self).fetchOne(db) else { return nil }
        try known.filter(Columns.sourcePath != entry.sourcePath)
            .updateAll(db, Columns.sourcePath.set(to: entry.sourcePath))
        return id
    }

    public func count() throws -> Int {
        try pool.read { db in try JournalEntry.fetchCount(db) }
    }

    /// All entries in the timeline's order: newest capture first; undated entries last, newest ingested first.
    public func entries(limit: Int? = nil) throws -> [JournalEntry] {
        try pool.read { db in
            var request = JournalEntry.order(TimelineOrder.newestFirst)
            if let limit { request = request.limit(limit) }
            return try request.fetchAll(db)
        }
    }

    /// Finds an entry by its id or any unique prefix of it (at least 4 characters).
    public func entry(idPrefix: String) throws -> JournalEntry {
        let matches = try pool.read { db in try JournalReader.entries(db, idPrefix: idPrefix, limit: 10) }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            // A short prefix is never looked up: "no entry" would be wrong when ids do begin
            // with it, and would not say what to type instead.
            let minimum = EntryIDPrefix.minimumLength
            if idPrefix.count < minimum { throw StoreError.idPrefixTooShort(idPrefix, minimum: minimum) }
            throw StoreError.entryNotFound(idPrefix)
        }
        throw StoreError.ambiguousID(idPrefix, candidates: matches.map(\.id))
    }

    /// Thumbnail file names referenced by entries.
    package func referencedThumbnails() throws -> Set<String> {
        try pool.read { db in
            try JournalEntry.filter(Columns.thumbnail != nil).select(Columns.thumbnail, as: String.self).fetchSet(db)
        }
    }

    /// Clears the thumbnail of entries whose file has gone missing, so that "every entry with
    /// a thumbnail has its file" holds again. Returns how many were cleared. One statement for
    /// all the names: `thumbnail` has no index, and one UPDATE per name would read the whole
    /// entry table each time (a lost thumbnails folder: a full scan for every entry).
    @discardableResult
    package func forgetThumbnails(_ names: Set<String>) throws -> Int {
        guard !names.isEmpty else { return 0 }
        return try pool.write { db in
            try db.execute(sql: "CREATE TEMP TABLE missing_thumbnail (name TEXT PRIMARY KEY) WITHOUT ROWID")
            defer { try? db.execute(sql: "DROP TABLE temp.missing_thumbnail") }
            let insert = try db.makeStatement(sql: "INSERT INTO temp.missing_thumbnail (name) VALUES (?)")
            for name in names { try insert.execute(arguments: [name]) }
            try db.execute(
                sql: """
                    UPDATE entry SET thumbnail = NULL, thumbnail_width = NULL, thumbnail_height = NULL,
                    problems = COALESCE(problems || char(10), '') || 'thumbnail file was missing'
                    WHERE thumbnail IN (SELECT name FROM temp.missing_thumbnail)
                    """)
            return db.changesCount
        }
    }
}
