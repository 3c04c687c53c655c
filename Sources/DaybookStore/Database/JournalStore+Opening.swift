import Foundation
import GRDB

extension JournalStore {
    /// What a command is about to do with an existing journal.
    public enum Purpose: Sendable {
        /// Only reads: a library this user cannot write (a read-only mount, another user's
        /// folder) is opened read-only instead of failing.
        case reading
        /// Changes entries: a library this user cannot write is refused up front, with a
        /// line that says so, rather than failing halfway with SQLite's own words.
        case writing
        /// One read, then the command ends (search, list, show, latest, on this day): a
        /// journal already at this version's schema is opened read-only, without the writer's
        /// set-up (the schema lock, the upgrade check, the migrator, a checkpoint on close),
        /// which a command that reads once would otherwise pay on every run.
        /// One that needs upgrading is opened, and upgraded, as for `reading`.
        case querying
    }

    /// Opens an existing journal for a command that must not create one: an absent journal
    /// is `noJournal`, and nothing is created on disk.
    public static func openExisting(library: Library, for purpose: Purpose = .reading) throws -> JournalStore {
        guard library.exists else { throw StoreError.noJournal(library.root.path) }
        if let reason = library.whyNotWritable() {
            switch purpose {
            case .reading: return try openReadOnly(library: library)
            case .querying: return try openReadOnly(library: library, for: .oneRead)
            case .writing: throw StoreError.readOnlyLibrary(library.root.path, reason: reason)
            }
        }
        if purpose == .querying {
            // The folders' checks and permissions of every open (a linked thumbnails folder is
            // refused): cheap, and safe without the schema lock on a journal that exists.
            try library.prepareRoot()
            try library.prepareFolders()
            // A change killed before its commit is first made good by a read-write open.
            if !JournalChangeLog.anyLogOfAGoneProcess(in: library),
                let store = try openReadOnlyIfCurrent(library: library, for: .oneRead)
            {
                return store
            }
        }
        return try JournalStore(library: library)
    }

    /// Opens an existing journal without writing anything to the library: no folder or lock
    /// file is created, permissions are left alone and the schema is not migrated (a journal
    /// that needs a migration is refused with what to do).
    public static func openReadOnly(library: Library) throws -> JournalStore {
        try openReadOnly(library: library, for: .manyReads)
    }

    /// How a read-only journal will be read.
    enum ReadOnlyUse {
        /// Reads from several threads for a long time (a server): a pool of connections, each
        /// reading pages through a memory map.
        case manyReads
        /// One read in a process that then ends (`Purpose.querying`): one connection, whose
        /// pages are read with `pread`. A pool would open two, each parsing the whole schema.
        /// A fresh map faults each page in (and the pages around it) and is torn down at exit,
        /// which, for a process that reads once, costs more than copying the pages it reads.
        case oneRead
    }

    private static func openReadOnly(library: Library, for use: ReadOnlyUse) throws -> JournalStore {
        guard let store = try openReadOnlyIfCurrent(library: library, for: use) else {
            throw StoreError.readOnlyNeedsUpgrade(library.root.path)
        }
        return store
    }

    /// `openReadOnly`, or nil when the journal needs a migration first.
    private static func openReadOnlyIfCurrent(library: Library, for use: ReadOnlyUse) throws -> JournalStore? {
        guard library.exists else { throw StoreError.noJournal(library.root.path) }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            if use == .manyReads { try prepareReads(db) }
            db.add(function: SearchWords.function)
        }
        do {
            let path = readOnlyPath(library)
            let pool: any DatabaseWriter =
                switch use {
                case .manyReads: try DatabasePool(path: path, configuration: configuration)
                case .oneRead: try DatabaseQueue(path: path, configuration: configuration)
                }
            guard try pool.read({ db in try Schema.migrator.hasCompletedMigrations(db) }) else {
                try pool.close()
                return nil
            }
            return JournalStore(library: library, readOnlyPool: pool)
        } catch {
            throw StoreError.database("cannot open the journal at \(library.databaseURL.path) read-only", error)
        }
    }

    /// Every connection reads the journal's pages from a memory map of the file, where it
    /// would otherwise copy each page through `pread`, for every page of a server's many
    /// reads. The map is address space, not memory; SQLite maps at most this much of the file
    /// and reads the rest through `pread`, more slowly. It is Debian's SQLite's largest
    /// (SQLITE_MAX_MMAP_SIZE, 2 GiB), so that even a million-entry journal is mapped whole.
    static let mappedBytes = 0x7fff_0000

    static func prepareReads(_ db: Database) throws {
        try db.execute(sql: "PRAGMA mmap_size = \(mappedBytes)")
    }

    /// A WAL journal is read through its `-shm` index. After a clean close SQLite removes
    /// it and the `-wal`, and in a folder this user cannot write they cannot be made again:
    /// then nobody is writing (a writer keeps its `-wal` while it works) and everything is in
    /// the main file, which is opened as immutable: read without any shared memory.
    private static func readOnlyPath(_ library: Library) -> String {
        let path = library.databaseURL.path
        if FileManager.default.fileExists(atPath: path + "-wal") || access(library.root.path, W_OK) == 0 { return path }
        var components = URLComponents()
        components.scheme = "file"
        components.path = path
        components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
        return components.string ?? path
    }
}
