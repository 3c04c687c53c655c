import Foundation
import Glibc
import Synchronization

/// What inotify reported, in terms of paths.
enum FolderEvent: Equatable, Sendable {
    /// IN_CLOSE_WRITE or IN_MOVED_TO of a file: its writer is done with it.
    case fileReady(String)
    /// IN_CREATE of a file: usually followed by a close (`fileReady`), but not for a hard
    /// link, so it is looked at again a little later.
    case fileCreated(String)
    /// IN_DELETE or IN_MOVED_FROM of a file.
    case fileGone(String)
    /// IN_CREATE or IN_MOVED_TO of a folder. The watcher has already added watches on it and
    /// everything below it; these are the files that were already inside.
    case folderAppeared(String, files: [String])
    /// IN_DELETE or IN_MOVED_FROM of a folder (its watches are gone).
    case folderGone(String)
    /// A watched top folder was deleted or moved away; rescans add it again if it comes back.
    case topFolderGone(String)
    /// IN_Q_OVERFLOW: the kernel dropped events; only a full rescan can tell what happened.
    case overflow
    /// A new folder could not be watched (the limit); rescans still cover it.
    case watchFailed(WatchError)
}

/// Recursive inotify watches on a set of folders, with the wd → path map that turns events
/// into paths. New folders are watched as they appear, and listed right after their watch
/// exists: files written into a folder before its watch was added are found by that listing.
final class InotifyWatcher: Sendable {
    private struct Watches {
        var paths: [Int32: String] = [:]
        var descriptors: [String: Int32] = [:]
    }

    private let fd: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let watches = Mutex(Watches())
    private let walker: FolderWalker
    let topFolders: [String]

    static let folderMask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    init(topFolders: [String], walker: FolderWalker) throws(WatchError) {
        self.topFolders = topFolders
        self.walker = walker
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            if errno == EMFILE { throw .instanceLimitReached(limit: WatchError.inotifySetting("max_user_instances")) }
            throw .system("cannot start inotify: \(String(cString: strerror(errno)))")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(fd)
            throw .system("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        close(fd)
        close(wakeRead)
        close(wakeWrite)
    }

    var watchCount: Int { watches.withLock { $0.paths.count } }

    /// Adds a watch on one folder (or refreshes its path). Returns false when the folder
    /// vanished or cannot be read; throws when the watch limit is reached.
    @discardableResult
    func watch(_ folder: String) throws(WatchError) -> Bool {
        let wd = inotify_add_watch(fd, folder, Self.folderMask)
        if wd < 0 {
            if errno == ENOSPC { throw WatchError.watchLimit(at: folder) }
            return false
        }
        watches.withLock { watches in
            if let old = watches.paths[wd], old != folder { watches.descriptors[old] = nil }
            watches.paths[wd] = folder
            watches.descriptors[folder] = wd
        }
        return true
    }

    /// Watches `folder` and every folder below it, and returns the files found inside (the
    /// listing of each folder happens after its watch exists). A full rescan calls this on a
    /// top folder: folders already watched keep their watch, missing ones are added. When the
    /// watch limit is reached the walk goes on without watches (rescans cover those folders)
    /// and the first failure is returned with the files.
    func watchTree(_ folder: String, shouldStop: () -> Bool = { false }) -> (files: [String], failure: WatchError?) {
        var files: [String] = []
        var failure: WatchError?
        walker.walk(
            folder, shouldStop: shouldStop,
            enterFolder: { path in
                guard failure == nil else { return }
                do throws(WatchError) { try self.watch(path) } catch { failure = error }
            }, file: { files.append($0) })
        return (files, failure)
    }

    /// Removes the watches on `folder` and below (it moved away: its old watches would
    /// report events under paths that no longer exist).
    func unwatchTree(_ folder: String) {
        let prefix = folder + "/"
        let removed: [Int32] = watches.withLock { watches in
            let gone = watches.descriptors.filter { $0.key == folder || $0.key.hasPrefix(prefix) }
            for (path, wd) in gone {
                watches.descriptors[path] = nil
                watches.paths[wd] = nil
            }
            return Array(gone.values)
        }
        for wd in removed { inotify_rm_watch(fd, wd) }
    }

    func isWatched(_ folder: String) -> Bool {
        watches.withLock { $0.descriptors[folder] != nil }
    }

    /// Makes `waitForEvents` return nil (from any thread).
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Blocks until inotify has events and returns them, or returns nil after `wake()`.
    func waitForEvents() -> [FolderEvent]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if fds[1].revents != 0 { return nil }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            let raw = buffer.withUnsafeBytes { Self.parse(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            let events = raw.flatMap { translate($0) }
            if !events.isEmpty { return events }
        }
    }

    struct RawEvent: Equatable {
        let wd: Int32
        let mask: UInt32
        let cookie: UInt32
        let name: String
    }

    /// Splits a read(2) buffer into events. `inotify_event.name[]` is not imported into
    /// Swift: the name (NUL-padded to `len` bytes) follows the 16-byte header.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [RawEvent] {
        let header = MemoryLayout<inotify_event>.size
        var events: [RawEvent] = []
        var offset = 0
        while offset + header <= bytes.count {
            let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + header
            let nameEnd = min(nameStart + length, bytes.count)
            var name = ""
            if length > 0 {
                let field = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd])
                let used = field.firstIndex(of: 0) ?? field.count
                // A name that is not UTF-8 cannot be opened by a Swift path (it would become
                // another name, its bytes replaced by U+FFFD): the file is left alone, as
                // ingest's listing leaves it (`FolderListing.Listing.notUTF8`).
                guard let valid = String(validating: UnsafeRawBufferPointer(rebasing: field[0..<used]), as: UTF8.self) else {
                    offset = nameStart + length
                    continue
                }
                name = valid
            }
            events.append(RawEvent(wd: wd, mask: mask, cookie: cookie, name: name))
            offset = nameStart + length
        }
        return events
    }

    private func has(_ mask: UInt32, _ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }

    /// Turns one raw event into folder events, adding watches on folders that appeared.
    func translate(_ event: RawEvent) -> [FolderEvent] {
        let mask = event.mask
        if has(mask, IN_Q_OVERFLOW) { return [.overflow] }
        if has(mask, IN_IGNORED) {
            // The kernel dropped the watch: the folder was deleted (or we removed it).
            let path: String? = watches.withLock { watches in
                guard let path = watches.paths.removeValue(forKey: event.wd) else { return nil }
                if watches.descriptors[path] == event.wd { watches.descriptors[path] = nil }
                return path
            }
            if let path, topFolders.contains(path) { return [.topFolderGone(path)] }
            return []
        }
        guard let folder = watches.withLock({ $0.paths[event.wd] }) else { return [] }
        if has(mask, IN_DELETE_SELF) || has(mask, IN_MOVE_SELF) {
            guard topFolders.contains(folder) else { return [] }  // the parent reports it
            unwatchTree(folder)
            return [.topFolderGone(folder)]
        }
        guard !event.name.isEmpty else { return [] }
        let path = folder == "/" ? "/\(event.name)" : "\(folder)/\(event.name)"
        if has(mask, IN_ISDIR) {
            if has(mask, IN_CREATE) || has(mask, IN_MOVED_TO) {
                guard !event.name.hasPrefix("."), !walker.isExcluded(path) else { return [] }
                let (files, failure) = watchTree(path)
                return (failure.map { [.watchFailed($0)] } ?? []) + [.folderAppeared(path, files: files)]
            }
            if has(mask, IN_MOVED_FROM) {
                unwatchTree(path)
                return [.folderGone(path)]
            }
            if has(mask, IN_DELETE) { return [.folderGone(path)] }
            return []
        }
        if FileReadiness.isIgnoredName(event.name) { return [] }
        if has(mask, IN_CLOSE_WRITE) || has(mask, IN_MOVED_TO) { return [.fileReady(path)] }
        if has(mask, IN_CREATE) { return [.fileCreated(path)] }
        if has(mask, IN_DELETE) || has(mask, IN_MOVED_FROM) { return [.fileGone(path)] }
        return []
    }
}
