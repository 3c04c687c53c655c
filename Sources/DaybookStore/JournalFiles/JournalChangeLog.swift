import Foundation

/// The journal files this process is changing, named on disk before each is touched:
/// `LIBRARY/.pending/<uuid>`, a line per file, held locked (`flock`) while the process lives.
///
/// A change writes its files before its rows are committed (docs/design/writing.md, "The
/// write order"), so a process killed in between leaves files the index does not agree with
/// yet. The next read-write open takes the log of a process that is gone (its lock is free),
/// indexes each file it names as the journal watcher would, and removes it: the index then
/// agrees with the files again without a look at the whole folder.
///
/// Whenever no change of this process is in flight, the log is emptied: every file it named
/// was then committed or put back. A stale line costs nothing but a re-read, since indexing a
/// file the index already agrees with changes nothing.
final class JournalChangeLog: @unchecked Sendable {
    static let folderName = ".pending"
    /// A log longer than this is read only so far on replay: what it names beyond would be
    /// thousands of files, which the journal watcher's first scan finds anyway.
    static let maximumReplayBytes = 4 << 20

    private let library: Library
    private let lock = NSLock()
    /// The open, locked log; -1 until the first file is noted.
    private var fd: Int32 = -1
    private var name = ""
    private var changesInFlight = 0
    private var holdsLines = false

    init(library: Library) {
        self.library = library
    }

    deinit {
        guard fd >= 0 else { return }
        // Every change has ended: nothing is left to replay.
        unlinkat(AT_FDCWD, folder.appendingPathComponent(name).path, 0)
        close(fd)
    }

    private var folder: URL { library.root.appendingPathComponent(Self.folderName) }

    /// A change that may write journal files begins: the files it notes stay in the log until
    /// every change of this process has ended (`end`).
    func begin() {
        lock.withLock { changesInFlight += 1 }
    }

    func end() {
        lock.withLock {
            changesInFlight -= 1
            if changesInFlight == 0 && holdsLines && ftruncate(fd, 0) == 0 { holdsLines = false }
        }
    }

    /// Names `path` in the log, on the disk, before the file is touched.
    func note(_ path: JournalFilePath) throws {
        try append(path.description, about: path.description)
    }

    /// Names an entry's file moving from `old` to `new` (a new date), before either is
    /// touched. The move writes `new` and then removes `old`; a process killed between the two
    /// leaves both, each saying a date, and replay finishes the move rather than index both
    /// (the later one read would win, and the file the change wrote would be no entry's).
    func noteMove(from old: JournalFilePath, to new: JournalFilePath) throws {
        try append(Self.moveLine(from: old, to: new), about: "the move of \(old) to \(new)")
    }

    /// A move's line. A reader that knows only paths passes over it, as over any line that
    /// is no journal path.
    static func moveLine(from old: JournalFilePath, to new: JournalFilePath) -> String { "move \(old) \(new)" }

    private func append(_ text: String, about what: String) throws {
        try lock.withLock {
            if fd < 0 { try openLog() }
            let line = Array((text + "\n").utf8)
            let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == line.count, fdatasync(fd) == 0 else {
                throw StoreError.system(errno, "cannot note \(what) in \(folder.path)/\(name)")
            }
            holdsLines = true
        }
    }

    /// Made under a name replay passes over, locked, then given its own name: a replay never
    /// sees this log before its lock is held.
    private func openLog() throws {
        if mkdir(folder.path, 0o700) == 0 {
            let root = open(library.root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if root >= 0 {
                fsync(root)
                close(root)
            }
        }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { throw StoreError.system(errno, "cannot open \(folder.path)") }
        defer { close(directory) }
        let id = UUID().uuidString.lowercased()
        let temporary = ".\(id).new"
        let log = openat(directory, temporary, O_CREAT | O_EXCL | O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard log >= 0 else { throw StoreError.system(errno, "cannot create \(folder.path)/\(temporary)") }
        guard flock(log, LOCK_EX) == 0, renameat(directory, temporary, directory, id) == 0, fsync(directory) == 0 else {
            let code = errno
            unlinkat(directory, temporary, 0)
            close(log)
            throw StoreError.system(code, "cannot create \(folder.path)/\(id)")
        }
        fd = log
        name = id
    }

    /// Whether a process that is gone left a log: a command that only reads then opens the
    /// journal for writing, so that what the log names is indexed before it reads.
    static func anyLogOfAGoneProcess(in library: Library) -> Bool {
        let folder = library.root.appendingPathComponent(folderName)
        return logNames(in: folder).contains { name in
            guard let fd = lockedLog(name, in: folder) else { return false }
            close(fd)
            return true
        }
    }

    /// The files named in the logs of processes that are gone, and a way to remove those logs
    /// once their files are indexed. A live process's log (locked) is passed over.
    static func logsOfGoneProcesses(in library: Library) -> [GoneLog] {
        let folder = library.root.appendingPathComponent(folderName)
        return logNames(in: folder).sorted().compactMap { name in
            guard let fd = lockedLog(name, in: folder) else { return nil }
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
            let bytes = (try? handle.read(upToCount: maximumReplayBytes)) ?? nil
            let lines = String(decoding: bytes ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
            return GoneLog(url: folder.appendingPathComponent(name), fd: fd, lines: lines)
        }
    }

    /// The logs' names in `folder`: a log under its temporary dot name is still being made.
    private static func logNames(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { UUID(uuidString: $0) != nil }
    }

    /// The log `name`, open and locked, when no live process holds it; nil otherwise.
    private static func lockedLog(_ name: String, in folder: URL) -> Int32? {
        let fd = open(folder.appendingPathComponent(name).path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// A gone process's log, held locked until `remove`.
    struct GoneLog {
        let url: URL
        let fd: Int32
        /// Each file once, in the order first named (a move's two among them).
        let paths: [JournalFilePath]
        /// The moves named, each as (old, new).
        let moves: [(old: JournalFilePath, new: JournalFilePath)]

        /// The log's lines: a journal path each, or a move (`moveLine`); any other line is
        /// passed over, so a hostile or torn line names no file.
        init(url: URL, fd: Int32, lines: [String]) {
            self.url = url
            self.fd = fd
            var named: [JournalFilePath] = []
            var moves: [(old: JournalFilePath, new: JournalFilePath)] = []
            for line in lines {
                if let path = JournalFilePath(relative: line) {
                    named.append(path)
                    continue
                }
                let words = line.split(separator: " ", omittingEmptySubsequences: false)
                guard words.count == 3, words[0] == "move", let old = JournalFilePath(relative: String(words[1])),
                    let new = JournalFilePath(relative: String(words[2]))
                else { continue }
                moves.append((old, new))
                named += [new, old]
            }
            var seen = Set<JournalFilePath>()
            self.paths = named.filter { seen.insert($0).inserted }
            self.moves = moves
        }

        func remove() {
            unlink(url.path)
            close(fd)
        }

        /// Leaves the log for the next open (its files could not all be indexed now).
        func keep() { close(fd) }
    }
}
