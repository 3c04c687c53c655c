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
