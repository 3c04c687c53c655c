import Foundation

/// Restores the library's invariants after an interrupted run: no temporary files, no
/// thumbnail without an entry, no entry pointing at a missing thumbnail, a near index in step
/// with the entries.
///
/// It removes only what it can prove is garbage: temporaries and `<sha-256>.jpg` files that
/// no entry references, from one complete read of the folder. An entry loses its thumbnail
/// only when `lstat` says that very file does not exist. A folder that cannot be read stops
/// the repair before it changes anything.
///
/// It may only run while no other daybook process writes to the library, which
/// `WriterLock` decides.
public struct LibraryRepair: Sendable {
    public struct Report: Sendable, Equatable {
        public var temporariesRemoved = 0
        public var orphansRemoved = 0
        public var missingThumbnailsCleared = 0
        /// The near index no longer matched the entries (a VACUUM renumbered them) and was rebuilt.
        public var nearIndexRebuilt = false
        public init() {}
        public var isEmpty: Bool { self == Report() }
    }

    let store: JournalStore
    let files: ThumbnailFiles
    /// The folder read; a seam so tests can make it fail the way a disk does (EIO, EMFILE).
    let readFolder: @Sendable () throws -> ThumbnailListing

    package init(store: JournalStore) throws {
        let files = try ThumbnailFiles(library: store.library)
        self.init(store: store, files: files, readFolder: { try files.listing() })
    }

    init(store: JournalStore, files: ThumbnailFiles, readFolder: @escaping @Sendable () throws -> ThumbnailListing) {
        self.store = store
        self.files = files
        self.readFolder = readFolder
    }

    /// `run()` when something it checks changed since the last complete repair (`RepairMark`);
    /// nil, at the cost of two reads, when nothing did. Each start calls this one.
    package func runUnlessUnchanged() throws -> Report? {
        guard let folder = try files.settledStamp() else { return try run() }
        let time = Int64(Date().timeIntervalSince1970)
        let (now, clean, recent) = try store.pool.read { db in
            (try RepairMark.current(db, folder: folder), try RepairMark.lastClean(db), try RepairMark.fullReadIsRecent(db, now: time))
        }
        if now == clean && recent { return nil }
        let report = try run()
        // `now` was read before the repair: whatever changed since makes the next start repair again.
        try store.pool.write { db in
            try now.recordAsClean(db)
            try RepairMark.noteFullRead(db, at: time)
        }
        return report
    }

    /// The library's mark when it is known clean now (the last complete repair saw it as it
    /// is); nil otherwise. A run that starts from it can witness its own changes
    /// (`ThumbnailFiles.witnessChanges`) and hand them to `recordWitnessed`.
    package func cleanMark() throws -> RepairMark? {
        guard let folder = try files.settledStamp() else { return nil }
        return try store.pool.read { db in
            let now = try RepairMark.current(db, folder: folder)
            return try RepairMark.lastClean(db) == now ? now : nil
        }
    }

    /// After a run that started from the clean mark `start` and witnessed every change to the
    /// folder since as its own (`folder`, from `ThumbnailFiles.witnessedStamp`): records the
    /// library as clean again, unless an entry was deleted or changed its thumbnail meanwhile
    /// (by anyone), or another repair recorded a mark. The run's own writes keep the library's
    /// invariants (a thumbnail is moved into place inside its entry's transaction), so the next
    /// start need not read it all. Returns whether it recorded.
    @discardableResult
    package func recordWitnessed(since start: RepairMark, folder: String) throws -> Bool {
        try store.pool.write { db in
            let now = try RepairMark.current(db, folder: folder)
            guard try RepairMark.lastClean(db) == start, now.changes == start.changes else { return false }
            try now.recordAsClean(db)
            return true
        }
    }

    /// The complete repair: reads the whole folder and every entry's thumbnail.
    package func run() throws -> Report {
        let listing: ThumbnailListing
        do { listing = try readFolder() } catch {
            throw StoreError.io("repair stopped before changing anything: \(error)", underlying: error)
        }
        var report = Report()
        for temporary in listing.temporaries {
            if try files.removeLeftover(temporary) { report.temporariesRemoved += 1 }
        }
        // Read after the folder: an entry committed in between is seen as referenced, so
        // its file is kept.
        let referenced = try store.referencedThumbnails()
        for name in listing.thumbnails where !referenced.contains(name.fileName) {
            if try files.remove(name) { report.orphansRemoved += 1 }
        }
        var missing: Set<String> = []
        for stored in referenced {
            // A stored name of any other shape is never a path: the entry just loses it.
            guard let name = ThumbnailName(fileName: stored) else { missing.insert(stored); continue }
            if !listing.thumbnails.contains(name), try !files.exists(name) { missing.insert(stored) }
        }
        report.missingThumbnailsCleared = try store.forgetThumbnails(missing)
        report.nearIndexRebuilt = try store.repairNearIndex()
        return report
    }
}
