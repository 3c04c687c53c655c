import Foundation

/// An advisory lock on the library held by every writing process for its lifetime (shared),
/// and briefly exclusively by a process that wants to repair. The kernel drops it when a
/// process dies, so a killed run never leaves the library locked.
package final class WriterLock: Sendable {
    private let fd: Int32

    package init(library: Library) throws {
        fd = try openLockFile(library.lockURL)
    }

    deinit { close(fd) }

    /// Takes the lock exclusively when nobody else holds it, runs `body`, then keeps it
    /// shared. When another writer is active, `body` is skipped (it will run another time).
    @discardableResult
    package func whileAlone<T>(_ body: () throws -> T) rethrows -> T? {
        var result: T?
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            result = try body()
        }
        flock(fd, LOCK_SH)
        return result
    }

    /// Holds the lock shared (waiting out a repair in progress), so no repair runs while
    /// this process writes thumbnails that are not committed yet.
    package func share() {
        while flock(fd, LOCK_SH) != 0 && errno == EINTR {}
    }
}

/// Held by the one process working the refinement queue (`Refiner`), for as long as it does:
/// two would decode the same photos twice. Another process finds it taken and skips quietly;
/// the kernel drops it when the holder dies, so the next run takes the queue over.
package final class RefinerLock: Sendable {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }  // closing drops the lock

    /// The lock, or nil when another holds it (this process's other refiner included).
    package static func take(_ library: Library) throws -> RefinerLock? {
        let fd = try openLockFile(library.refineLockURL)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let reason = errno
            close(fd)
            if reason == EWOULDBLOCK { return nil }
            throw StoreError.system(reason, "cannot lock \(library.refineLockURL.path)")
        }
        return RefinerLock(fd: fd)
    }
}

/// Serialises creating and migrating the journal between processes. SQLite alone does not:
/// GRDB's migrator reads which migrations are applied outside the transaction that applies
/// them, so two processes opening a new library both ran "CREATE TABLE entry" and the second
/// failed. Held only while the library is opened, then released.
enum SchemaLock {
    static func whileHeld<T>(_ library: Library, _ body: () throws -> T) throws -> T {
        let fd = try openLockFile(library.schemaLockURL)
        defer { close(fd) }  // closing drops the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw StoreError.system(errno, "cannot lock \(library.schemaLockURL.path)")
            }
        }
        return try body()
    }
}

private func openLockFile(_ url: URL) throws -> Int32 {
    let fd = open(url.path, O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw StoreError.system(errno, "cannot open \(url.path)") }
    return fd
}
