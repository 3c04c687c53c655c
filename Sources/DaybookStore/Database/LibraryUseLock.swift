import Foundation

/// Held shared by every process that has the journal open for writing, for as long as the
/// store lives, and taken exclusively by `rebuild`, which moves `journal.sqlite` aside: a
/// process still holding the old database open would go on writing into the file set aside,
/// and those changes would never reach the new index.
///
/// A lock file of its own, not `WriterLock`'s: an ingester asks for that one exclusively to
/// repair, and a second lock on the same file held by its own process's store would refuse it.
package final class LibraryUseLock: Sendable {
    private let fd: Int32

    package init(library: Library) throws {
        let url = library.useLockURL
        fd = open(url.path, O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.system(errno, "cannot open \(url.path)") }
    }

    deinit { close(fd) }

    /// Waits until no process holds the lock exclusively (a rebuild setting the database
    /// aside), then holds it shared.
    package func share() {
        while flock(fd, LOCK_SH) != 0 && errno == EINTR {}
    }

    /// Takes the lock exclusively when no other process has the journal open for writing;
    /// false when one has.
    package func takeAlone() -> Bool {
        flock(fd, LOCK_EX | LOCK_NB) == 0
    }
}
