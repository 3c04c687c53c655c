import Foundation

/// Restores the library's invariants after an interrupted run: no temporary files, no
/// thumbnail without an entry, no entry pointing at a missing thumbnail.
///
/// It may only run while no other daybook process writes to the library, which
/// `WriterLock` decides.
public struct LibraryRepair: Sendable {
    public struct Report: Sendable, Equatable {
        public var temporariesRemoved = 0
        public var orphansRemoved = 0
        public var missingThumbnailsCleared = 0
        public init() {}
        public var isEmpty: Bool { self == Report() }
    }

    let store: JournalStore
    let files: ThumbnailFiles

    public init(store: JournalStore) {
        self.store = store
        files = ThumbnailFiles(library: store.library)
    }

    public func run() throws -> Report {
        var report = Report()
        let referenced = try store.referencedThumbnails()
        let names = try files.allNames()
        for name in names {
            if ThumbnailFiles.isTemporary(name) {
                if unlink(files.url(for: name).path) == 0 { report.temporariesRemoved += 1 }
            } else if !referenced.contains(name) {
                if unlink(files.url(for: name).path) == 0 { report.orphansRemoved += 1 }
            }
        }
        let present = Set(names)
        report.missingThumbnailsCleared = try store.forgetThumbnails(referenced.subtracting(present))
        return report
    }
}

/// An advisory lock on the library held by every writing process for its lifetime (shared),
/// and briefly exclusively by a process that wants to repair. The kernel drops it when a
/// process dies, so a killed run never leaves the library locked.
public final class WriterLock: @unchecked Sendable {
    private let fd: Int32

    public init(library: Library) throws {
        fd = open(library.lockURL.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.io("cannot open \(library.lockURL.path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Takes the lock exclusively when nobody else holds it, runs `body`, then keeps it
    /// shared. When another writer is active, `body` is skipped (it will run another time).
    @discardableResult
    public func whileAlone<T>(_ body: () throws -> T) rethrows -> T? {
        var result: T?
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            result = try body()
        }
        flock(fd, LOCK_SH)
        return result
    }
}
