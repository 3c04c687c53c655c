import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The `thumbnails/` folder, held open as a directory descriptor: every operation is
/// `openat`/`renameat`/`unlinkat`/`fstatat` relative to it, with a `ThumbnailName` (never a
/// free string), so nothing here can reach outside the folder, and a symbolic link is
/// never followed, neither as the folder itself nor as a file in it.
///
/// Files are written under a temporary name and renamed into place, so a reader never sees
/// half a thumbnail and a killed run leaves only temporaries, which the next repair sweeps.
package final class ThumbnailFiles: Sendable {
    package let folder: URL
    private let fd: Int32
    /// Whether every change to the folder since a clean start was made through this object.
    private let witness = Mutex<FolderWitness?>(nil)

    /// Opens the library's `thumbnails/` folder; refuses one that is a symbolic link or not a folder.
    package convenience init(library: Library) throws {
        try self.init(folder: library.thumbnailsURL, role: "the thumbnails folder")
    }

    /// Another folder of the library whose files are named by content hash the same way
    /// (the web journal's `previews/`), with the same guarantees.
    /// `mustBeOwn` refuses a folder of another user (one made first in a shared /tmp).
    init(folder: URL, role: String, mustBeOwn: Bool = false) throws {
        self.folder = folder
        fd = try Library.openPrivateFolder(folder, role: role)
        var info = stat()
        if mustBeOwn && (fstat(fd, &info) != 0 || info.st_uid != getuid() || info.st_mode & 0o077 != 0) {
            close(fd)
            throw StoreError.io("\(role) \(folder.path) is not a private folder of this user")
        }
    }

    deinit { close(fd) }

    /// Where the file for `name` lives, for showing and linking; never used to open it.
    package func url(for name: ThumbnailName) -> URL { folder.appendingPathComponent(name.fileName) }

    /// Writes `bytes` to a private temporary file in the folder. `durable`: on the disk before
    /// this returns (`fsync`), for a file renamed over a thumbnail already there, which a
    /// crash must not leave empty; a new thumbnail has no good file to lose.
    package func writeTemporary(_ bytes: [UInt8], durable: Bool = false) throws -> TemporaryThumbnail {
        try witnessing { try writeTemporaryUnwitnessed(bytes, durable: durable) }
    }

    private func writeTemporaryUnwitnessed(_ bytes: [UInt8], durable: Bool) throws -> TemporaryThumbnail {
        let temporary = TemporaryThumbnail(name: "\(TemporaryThumbnail.prefix)\(getpid())-\(UUID().uuidString).jpg")
        let file = openat(fd, temporary.name, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw failure("cannot create", temporary.name) }
        defer { close(file) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                let error = failure("cannot write", temporary.name)
                unlinkat(fd, temporary.name, 0)
                throw error
            }
            written += result
        }
        if durable && fsync(file) != 0 {
            let error = failure("cannot write", temporary.name)
            unlinkat(fd, temporary.name, 0)
            throw error
        }
        return temporary
    }

    /// Renames a temporary into place; an existing file (or link) of that name is replaced, not followed.
    package func moveIntoPlace(_ temporary: TemporaryThumbnail, name: ThumbnailName) throws {
        try witnessing {
            guard renameat(fd, temporary.name, fd, name.fileName) == 0 else {
                throw failure("cannot rename a thumbnail into", name.fileName)
            }
        }
    }

    package func discard(_ temporary: TemporaryThumbnail) { _ = try? witnessing { unlinkat(fd, temporary.name, 0) } }

    /// Removes the thumbnail `name`; false when it was not there.
    @discardableResult
    package func remove(_ name: ThumbnailName) throws -> Bool {
        try removeEntry(name.fileName)
    }

    /// Removes a temporary left by an interrupted run (a name `listing()` returned).
    @discardableResult
    func removeLeftover(_ temporary: TemporaryThumbnail) throws -> Bool {
        try removeEntry(temporary.name)
    }

    private func removeEntry(_ name: String) throws -> Bool {
        try witnessing {
            if unlinkat(fd, name, 0) == 0 { return true }
            if errno == ENOENT { return false }
            throw failure("cannot remove", name)
        }
    }

    /// The thumbnail's bytes; nil only when there is no such file (any other failure throws).
    /// A symbolic link in its place is refused, not followed.
    package func read(_ name: ThumbnailName, maxBytes: Int = 64 << 20) throws -> [UInt8]? {
        let file = openat(fd, name.fileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if file < 0 && errno == ENOENT { return nil }
        guard file >= 0 else { throw failure("cannot open", name.fileName) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw failure("cannot stat", name.fileName) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StoreError.io("\(url(for: name).path) is not a regular file") }
        guard Int(info.st_size) <= maxBytes else { throw StoreError.io("\(url(for: name).path) is too large for a thumbnail") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress! + filled, $0.count - filled) }
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { throw failure("cannot read", name.fileName) }
            if result == 0 { break }
            filled += result
        }
        return Array(bytes.prefix(filled))
    }

    /// Whether a file (or anything else) has the name `name`, by `lstat`: false only on
    /// ENOENT; any other failure throws, so a folder that cannot be checked never reads as empty.
    package func exists(_ name: ThumbnailName) throws -> Bool {
        var info = stat()
        if fstatat(fd, name.fileName, &info, AT_SYMLINK_NOFOLLOW) == 0 { return true }
        if errno == ENOENT { return false }
        throw failure("cannot check", name.fileName)
    }

    /// The folder's device, inode, mtime and ctime: any file made, renamed or removed in it
    /// changes the times, so an equal stamp means the same listing (`RepairMark`). Nil when
    /// the folder keeps changing.
    ///
    /// The kernel stamps files from a clock that advances by ticks (4-10 ms): a change made in
    /// the same tick as the last one leaves the times as they were. Times at least
    /// `settleSeconds` in the past are safe, since any later change gets a later tick (git's
    /// "racy" rule).
    package func settledStamp(settleSeconds: Double = 0.025) throws -> String? {
        for _ in 0..<4 {
            let (stamp, changed) = try currentStamp()
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            if Self.seconds(now) - changed > settleSeconds { return stamp }
            usleep(UInt32(settleSeconds * 1_000_000))
        }
        return nil
    }

    /// The stamp, and when the folder last changed.
    private func currentStamp() throws -> (String, changed: Double) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError.system(errno, "cannot stat the folder \(folder.path)") }
        let stamp =
            "\(info.st_dev):\(info.st_ino):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        return (stamp, max(Self.seconds(info.st_mtim), Self.seconds(info.st_ctim)))
    }

    private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }

    /// From now on, checks that each change to the folder starts from the stamp the previous
    /// one left, starting from `stamp` (a clean library's): nobody else changed it in between.
    /// Its blind spot: another process's change in the same clock tick (4-10 ms) just after
    /// one of ours leaves the times as ours left them; such a file (only ever garbage when
    /// that process then died) waits for the next full read, a week at most
    /// (`RepairMark.longestWithoutFullRead`).
    package func witnessChanges(from stamp: String) { witness.withLock { $0 = FolderWitness(expected: stamp) } }

    /// Something may have been left in the folder that the repair would remove (a thumbnail
    /// moved into place for an entry whose transaction then failed).
    package func doubtWitness() { witness.withLock { $0?.intact = false } }

    /// The stamp after this object's last change when all changes since `witnessChanges` were
    /// its own, they all succeeded, and the folder has not changed since; nil otherwise.
    package func witnessedStamp() throws -> String? {
        guard let witnessed = witness.withLock({ $0 }), witnessed.intact else { return nil }
        return try settledStamp() == witnessed.expected ? witnessed.expected : nil
    }

    /// Runs one change to the folder, stamping it before and after when witnessing. Changes
    /// are serialised meanwhile (each is short beside writing a thumbnail).
    private func witnessing<T: Sendable>(_ change: () throws -> T) throws -> T {
        try witness.withLock { witnessed in
            guard witnessed != nil else { return try change() }
            if (try? currentStamp().0) != witnessed?.expected { witnessed?.intact = false }
            do {
                let result = try change()
                witnessed?.expected = (try? currentStamp().0) ?? ""
                return result
            } catch {
                witnessed?.intact = false
                throw error
            }
        }
    }

    /// What the folder holds, sorted by kind. Throws when the folder cannot be read to the
    /// end: a partial listing must never pass for the whole one.
    package func listing() throws -> ThumbnailListing {
        var listing = ThumbnailListing()
        for name in try allNames() {
            if let thumbnail = ThumbnailName(fileName: name) {
                listing.thumbnails.insert(thumbnail)
            } else if let temporary = TemporaryThumbnail(leftover: name) {
                listing.temporaries.append(temporary)
            } else if name != "." && name != ".." {
                listing.others.append(name)
            }
        }
        return listing
    }

    private func allNames() throws -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            let reason = errno
            if copy >= 0 { close(copy) }
            throw StoreError.system(reason, "cannot read the thumbnails folder \(folder.path)")
        }
        defer { closedir(directory) }
        rewinddir(directory)  // the duplicate shares the offset with `fd`
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 {
                    throw StoreError.system(errno, "cannot read the thumbnails folder \(folder.path)")
                }
                return names
            }
            // Read the name in place: readdir's record may be shorter than a whole dirent.
            names.append(String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)))
        }
    }

    private func failure(_ action: String, _ name: String) -> StoreError {
        StoreError.system(errno, "\(action) \(folder.appendingPathComponent(name).path)")
    }
}

/// A thumbnail being written, under a name only this type makes: `.tmp-<pid>-<UUID>.jpg`.
package struct TemporaryThumbnail: Sendable, Hashable {
    static let prefix = ".tmp-"
    let name: String

    fileprivate init(name: String) { self.name = name }

    /// A leftover temporary seen in the folder, when `name` has exactly the shape above.
    init?(leftover name: String) {
        guard name.hasPrefix(Self.prefix), name.hasSuffix(".jpg") else { return nil }
        let parts = name.dropFirst(Self.prefix.count).dropLast(4).split(separator: "-", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber),
            UUID(uuidString: String(parts[1])) != nil
        else { return nil }
        self.name = name
    }
}

/// One read of the thumbnails folder.
package struct ThumbnailListing: Sendable {
    /// Files named like a thumbnail (`<sha-256>.jpg`).
    package var thumbnails: Set<ThumbnailName> = []
    /// Temporaries an interrupted run left behind.
    package var temporaries: [TemporaryThumbnail] = []
    /// Anything else: never Daybook's, never touched.
    package var others: [String] = []
    package init() {}
}

/// The folder's stamp after the last witnessed change, and whether the chain from the clean
/// start is unbroken.
struct FolderWitness: Sendable {
    var expected: String
    var intact = true
}
