import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookStore
import Foundation
import XCTest
@testable import DaybookSupport

@testable import DaybookWatch

/// The watcher's parts, in process.
final class WatchUnitTests: XCTestCase {
    func testLedgerRemembersEachVersionWhateverTheOutcome() {
        var ledger = FileLedger()
        let stamp = FileStamp(device: 1, inode: 2, size: 100, modifiedNanos: 5_000_000_000)
        XCTAssertFalse(ledger.isUnchanged("/a.jpg", stamp))
        ledger.record("/a.jpg", stamp, .failed)
        XCTAssertTrue(ledger.isUnchanged("/a.jpg", stamp), "a failed file is not retried while unchanged")
        XCTAssertFalse(ledger.isUnchanged("/a.jpg", FileStamp(device: 1, inode: 2, size: 101, modifiedNanos: 5_000_000_000)))
        XCTAssertFalse(ledger.isUnchanged("/a.jpg", FileStamp(device: 1, inode: 2, size: 100, modifiedNanos: 6_000_000_000)))
        XCTAssertFalse(ledger.isUnchanged("/a.jpg", FileStamp(device: 1, inode: 3, size: 100, modifiedNanos: 5_000_000_000)))

        // Seeded from the journal: same size and modified before the entry was written.
        ledger.seed(path: "/d/b.jpg", size: 10, entryWrittenAt: 1000)
        XCTAssertTrue(ledger.isUnchanged("/d/b.jpg", FileStamp(device: 1, inode: 9, size: 10, modifiedNanos: 999_900_000_000)))
        XCTAssertFalse(
            ledger.isUnchanged("/d/b.jpg", FileStamp(device: 1, inode: 9, size: 10, modifiedNanos: 1000_100_000_000)),
            "modified in the second the entry was written: read again")
        XCTAssertFalse(ledger.isUnchanged("/d/b.jpg", FileStamp(device: 1, inode: 9, size: 11, modifiedNanos: 999_000_000_000)))
        ledger.forget(under: "/d")
        XCTAssertEqual(ledger.count, 1)
        ledger.keepOnly([])
        XCTAssertEqual(ledger.count, 0)
    }

    func testArchiveFoldersAndUniqueNames() {
        let archive = MoveToArchive(root: "/archive")
        XCTAssertEqual(archive.folder(forCapturedLocal: LocalDateTime(iso: "2019-07-14T10:30:00")), "/archive/2019/07")
        // A capture time is a LocalDateTime: no text that is not a date can get this far.
        XCTAssertEqual(archive.folder(forCapturedLocal: nil), "/archive/undated")
        XCTAssertEqual(MoveToArchive.candidateName("IMG_0001.jpg", attempt: 0), "IMG_0001.jpg")
        XCTAssertEqual(MoveToArchive.candidateName("IMG_0001.jpg", attempt: 2), "IMG_0001-2.jpg")
        XCTAssertEqual(MoveToArchive.candidateName("photo.backup.JPG", attempt: 1), "photo.backup-1.JPG")
        XCTAssertEqual(MoveToArchive.candidateName("README", attempt: 1), "README-1")
    }

    func testMoveNeverOverwritesAndUpdatesTheEntry() throws {
        let root = try Folders.temporary("unit-move")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        let ingester = try Ingester(store: store, options: IngestOptions(jobs: 1))
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let source = inbox.appendingPathComponent("01-paris-2019-07.jpg")
        try FileManager.default.copyItem(at: Folders.samples.appendingPathComponent("01-paris-2019-07.jpg"), to: source)
        _ = try ingester.ingest(paths: [source.path])
        let entry = try XCTUnwrap(try store.entries().first)

        let archiveRoot = root.appendingPathComponent("archive")
        let taken = archiveRoot.appendingPathComponent("2019/07/01-paris-2019-07.jpg")
        try FileManager.default.createDirectory(at: taken.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("already here".utf8).write(to: taken)

        let moved = try MoveToArchive(root: archiveRoot.path)
            .move(source.path, capturedLocal: entry.capturedLocal, entryID: entry.id, store: store)
        XCTAssertEqual(moved, archiveRoot.appendingPathComponent("2019/07/01-paris-2019-07-1.jpg").path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: source.path))
        XCTAssertEqual(try String(contentsOf: taken, encoding: .utf8), "already here")
        XCTAssertEqual(try store.entry(idPrefix: entry.id).sourcePath, moved)
    }

    func testWatchLimitMessageNamesTheSettingAndHowToRaiseIt() {
        let message = WatchError.watchLimitReached(path: "/photos/2024", limit: 8192).description
        XCTAssertTrue(message.contains("/photos/2024"), message)
        XCTAssertTrue(message.contains("fs.inotify.max_user_watches = 8192"), message)
        XCTAssertTrue(message.contains("sudo sysctl fs.inotify.max_user_watches="), message)
        XCTAssertTrue(message.contains("--poll"), message)
        XCTAssertNotNil(WatchError.inotifySetting("max_user_watches"), "read from /proc/sys/fs/inotify")
    }

    func testInotifyEventsAreParsedFromTheReadBuffer() {
        var buffer: [UInt8] = []
        func append(wd: Int32, mask: UInt32, cookie: UInt32, name: String, padded: Int) {
            withUnsafeBytes(of: wd.littleEndian) { buffer += $0 }
            withUnsafeBytes(of: mask.littleEndian) { buffer += $0 }
            withUnsafeBytes(of: cookie.littleEndian) { buffer += $0 }
            withUnsafeBytes(of: UInt32(padded).littleEndian) { buffer += $0 }
            var nameBytes = Array(name.utf8)
            nameBytes += [UInt8](repeating: 0, count: padded - nameBytes.count)
            buffer += nameBytes
        }
        append(wd: 3, mask: UInt32(IN_CLOSE_WRITE), cookie: 0, name: "IMG_0001.jpg", padded: 16)
        append(wd: -1, mask: UInt32(IN_Q_OVERFLOW), cookie: 0, name: "", padded: 0)
        append(wd: 4, mask: UInt32(IN_MOVED_TO) | UInt32(bitPattern: IN_ISDIR), cookie: 77, name: "été", padded: 32)
        let events = buffer.withUnsafeBytes { InotifyWatcher.parse($0) }
        XCTAssertEqual(
            events,
            [
                .init(wd: 3, mask: UInt32(IN_CLOSE_WRITE), cookie: 0, name: "IMG_0001.jpg"),
                .init(wd: -1, mask: UInt32(IN_Q_OVERFLOW), cookie: 0, name: ""),
                .init(wd: 4, mask: UInt32(IN_MOVED_TO) | UInt32(bitPattern: IN_ISDIR), cookie: 77, name: "été"),
            ])
    }

    func testWatcherReportsClosedFilesAndNewFoldersWithTheirFiles() throws {
        let root = try Folders.temporary("unit-inotify")
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = try InotifyWatcher(topFolders: [root.path], walker: FolderWalker(excluding: []))
        XCTAssertEqual(watcher.watchTree(root.path).files, [])
        try Data("x".utf8).write(to: root.appendingPathComponent("a.jpg"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub/inner"), withIntermediateDirectories: true)
        try Data("y".utf8).write(to: root.appendingPathComponent("sub/inner/b.jpg"))
        try Data("z".utf8).write(to: root.appendingPathComponent(".hidden.jpg"))
        var events: [FolderEvent] = []
        while !events.contains(where: { if case .folderAppeared = $0 { true } else { false } })
            || !events.contains(.fileReady(root.appendingPathComponent("a.jpg").path))
        {
            guard let more = watcher.waitForEvents() else { break }
            events += more
        }
        XCTAssertTrue(events.contains(.fileCreated(root.appendingPathComponent("a.jpg").path)))
        let appeared = events.compactMap { event -> [String]? in
            if case .folderAppeared(_, let files) = event { return files } else { return nil }
        }.flatMap { $0 }
        XCTAssertTrue(watcher.isWatched(root.appendingPathComponent("sub/inner").path))
        // b.jpg is either listed with the new folder or announced by the new watch.
        try Data("w".utf8).write(to: root.appendingPathComponent("sub/inner/c.jpg"))
        var later: [FolderEvent] = []
        while !later.contains(.fileReady(root.appendingPathComponent("sub/inner/c.jpg").path)) {
            guard let more = watcher.waitForEvents() else { break }
            later += more
        }
        let b = root.appendingPathComponent("sub/inner/b.jpg").path
        XCTAssertTrue(appeared.contains(b) || (events + later).contains(.fileReady(b)))
        XCTAssertFalse((events + later).contains { "\($0)".contains(".hidden") })
    }

    func testKnownSourcesComeFromTheJournal() throws {
        let root = try Folders.temporary("unit-known")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let photo = inbox.appendingPathComponent("a.jpg")
        let bytes = try TestPhotos.small(3)
        try TestPhotos.write(bytes, to: photo)
        _ = try Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photo.path])
        let known = try store.knownSources(under: inbox.path)
        XCTAssertEqual(known.map(\.path), [photo.path])
        XCTAssertEqual(known.first?.fileSize, Int64(bytes.count))
        XCTAssertEqual(Double(known.first?.entryWrittenAt ?? 0), Date().timeIntervalSince1970, accuracy: 5)
        XCTAssertEqual(try store.knownSources(under: root.appendingPathComponent("inbo").path), [], "a prefix is not a folder")
    }

    func testLogLinesHaveATimeStampWithMilliseconds() {
        let stamp = TimestampedLogHandler.timestamp(Date(timeIntervalSince1970: 1_700_000_000.25))
        XCTAssertNotNil(stamp.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.250[+-]\d{4}$"#, options: .regularExpression), stamp)
    }

    func testQueueOverflowAsksForAFullRescan() throws {
        let root = try Folders.temporary("unit-overflow")
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = try InotifyWatcher(topFolders: [root.path], walker: FolderWalker(excluding: []))
        _ = watcher.watchTree(root.path)
        let overflow = InotifyWatcher.RawEvent(wd: -1, mask: UInt32(IN_Q_OVERFLOW), cookie: 0, name: "")
        XCTAssertEqual(watcher.translate(overflow), [.overflow])

        var state = WatchState(
            quietTime: .milliseconds(100), maxDelay: .seconds(1), rescanInterval: .seconds(300),
            firstRescanAt: ManualClock.Instant.zero + .seconds(300))
        state.requestFullRescan(afterOverflow: true)
        XCTAssertEqual(state.nextWork(now: .zero), .fullRescan)
    }

    func testReadinessOfFilesInotifyDidNotAnnounce() throws {
        let root = try Folders.temporary("unit-readiness")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("a.jpg").path
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        _ = write(fd, "abc", 3)
        guard FileReadiness.localWriters(path) == .someoneWriting else {
            close(fd)
            throw XCTSkip("file leases are not available on this file system")
        }
        for context in [FileReadiness.Context.scan, .newFolder, .createdNotClosed] {
            guard case .notYet = FileReadiness.check(path, settleTime: 0, context: context) else {
                return XCTFail("a file open for writing is never ready (\(context))")
            }
        }
        close(fd)
        XCTAssertEqual(FileReadiness.localWriters(path), .none)
        // Just written: a scan waits for it to settle; a local writer that closed it is done.
        guard case .notYet = FileReadiness.check(path, settleTime: 5, context: .scan) else { return XCTFail("scan") }
        guard case .ready = FileReadiness.check(path, settleTime: 5, context: .newFolder) else { return XCTFail("new folder") }
        guard case .ready = FileReadiness.check(path, settleTime: 5, context: .createdNotClosed) else { return XCTFail("created") }
        guard case .ready = FileReadiness.check(path, settleTime: 0, context: .scan) else { return XCTFail("settled") }
        XCTAssertEqual(FileReadiness.check(root.appendingPathComponent("none.jpg").path, settleTime: 0, context: .scan), .gone)
        XCTAssertTrue(FileReadiness.isIgnoredName(".IMG_0001.jpg.tmp"))
        XCTAssertTrue(FileReadiness.isIgnoredName("IMG_0001.jpg.part"))
        XCTAssertFalse(FileReadiness.isIgnoredName("IMG_0001.JPG"))
    }

    func testMoveAcrossFileSystemsCopiesKeepsTheTimeAndNeverOverwrites() throws {
        let root = try Folders.temporary("unit-move-xdev")
        defer { try? FileManager.default.removeItem(at: root) }
        let shm = URL(fileURLWithPath: "/dev/shm/daybook-watch-archive-\(UUID().uuidString)")
        var a = stat(), b = stat()
        guard stat("/dev/shm", &a) == 0, stat(root.path, &b) == 0, a.st_dev != b.st_dev,
            (try? FileManager.default.createDirectory(at: shm, withIntermediateDirectories: true)) != nil
        else {
            throw XCTSkip("no second file system at /dev/shm")
        }
        defer { try? FileManager.default.removeItem(at: shm) }
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        let source = root.appendingPathComponent("same.jpg")
        let bytes = try TestPhotos.small(42)
        try TestPhotos.write(bytes, to: source)
        let old = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: source.path)
        _ = try Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [source.path])
        let entry = try XCTUnwrap(try store.entries().first)
        try FileManager.default.createDirectory(at: shm.appendingPathComponent("undated"), withIntermediateDirectories: true)
        try Data("taken".utf8).write(to: shm.appendingPathComponent("undated/same.jpg"))

        let moved = try MoveToArchive(root: shm.path).move(source.path, capturedLocal: nil, entryID: entry.id, store: store)
        XCTAssertEqual(moved, shm.appendingPathComponent("undated/same-1.jpg").path)
        XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: moved))), bytes)
        XCTAssertFalse(FileManager.default.fileExists(atPath: source.path))
        XCTAssertEqual(try String(contentsOf: shm.appendingPathComponent("undated/same.jpg"), encoding: .utf8), "taken")
        let modified = try FileManager.default.attributesOfItem(atPath: moved)[.modificationDate] as? Date
        XCTAssertEqual(modified?.timeIntervalSince1970 ?? 0, old.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertEqual(Folders.files(in: shm).filter { $0.contains(".daybook-move") }, [], "no temporary copy left")
        XCTAssertEqual(try store.entry(idPrefix: entry.id).sourcePath, moved)
    }
}
