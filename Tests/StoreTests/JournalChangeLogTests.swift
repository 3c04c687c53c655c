import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// A change killed between its journal files and its commit leaves the files ahead of the
/// index; the next open, by any command, makes the index agree with them, from the log the
/// killed process left in `LIBRARY/.pending/`.
final class JournalChangeLogTests: XCTestCase {
    var library: Library!
    let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 9, minute: 30, second: 0)!

    override func setUpWithError() throws {
        library = Library(root: try TemporaryFolder.make("daybook-change-log"))
    }

    var pending: URL { library.root.appendingPathComponent(".pending") }

    /// What a process killed after writing `path`'s file and before its commit leaves: its log
    /// naming the file, no longer locked.
    func leaveLogOfAKilledProcess(naming paths: [String]) throws -> URL {
        try FileManager.default.createDirectory(at: pending, withIntermediateDirectories: true)
        let log = pending.appendingPathComponent(UUID().uuidString.lowercased())
        try Data(paths.map { $0 + "\n" }.joined().utf8).write(to: log)
        return log
    }

    /// An entry whose file was written and whose row never was.
    func fileWithoutItsRow(text: String) throws -> JournalEntry {
        let store = try JournalStore(library: library)
        let entry = try store.write(NewTextEntry(text: text, date: date, offset: nil, tags: ["kept"]))
        try store.pool.write { db in try db.execute(sql: "DELETE FROM entry WHERE id = ?", arguments: [entry.id]) }
        XCTAssertNil(try store.entry(id: entry.id))
        return entry
    }

    func testAWriteKilledBeforeItsRowIsIndexedByTheNextOpen() throws {
        let entry = try fileWithoutItsRow(text: "Words written just before the kill")
        let log = try leaveLogOfAKilledProcess(naming: [entry.sourcePath])
        let store = try JournalStore(library: library)
        let found = try XCTUnwrap(try store.entry(id: entry.id))
        XCTAssertEqual(found.text, "Words written just before the kill")
        XCTAssertEqual(try store.tags(entryID: entry.id).map(\.name), ["kept"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: log.path), "the log is done with")
    }

    func testACommandThatOnlyReadsIndexesThemFirst() throws {
        let entry = try fileWithoutItsRow(text: "Seen by the next list")
        _ = try leaveLogOfAKilledProcess(naming: [entry.sourcePath])
        let store = try JournalStore.openExisting(library: library, for: .querying)
        XCTAssertFalse(store.isReadOnly, "opened for writing, to index the files first")
        XCTAssertEqual(try store.entry(id: entry.id)?.text, "Seen by the next list")
        let next = try JournalStore.openExisting(library: library, for: .querying)
        XCTAssertTrue(next.isReadOnly, "with nothing left to index, a read opens read-only again")
    }

    func testAnEditKilledBeforeItsCommitIsTakenFromItsFile() throws {
        let store = try JournalStore(library: library)
        let entry = try store.write(NewTextEntry(text: "First words", date: date, offset: nil))
        let url = library.root.appendingPathComponent(entry.sourcePath)
        let edited = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "First words", with: "Second words")
        try edited.write(to: url, atomically: true, encoding: .utf8)
        _ = try leaveLogOfAKilledProcess(naming: [entry.sourcePath, entry.sourcePath])
        XCTAssertEqual(try JournalStore(library: library).entry(id: entry.id)?.text, "Second words")
    }

    func testALiveProcesssLogIsLeftToIt() throws {
        let entry = try fileWithoutItsRow(text: "Still being written")
        let log = try leaveLogOfAKilledProcess(naming: [entry.sourcePath])
        let fd = open(log.path, O_RDONLY)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        XCTAssertNil(try JournalStore(library: library).entry(id: entry.id), "its change may still commit")
        XCTAssertTrue(FileManager.default.fileExists(atPath: log.path))
        close(fd)
        XCTAssertNotNil(try JournalStore(library: library).entry(id: entry.id))
    }

    func testANameThatIsNoJournalPathIsPassedOver() throws {
        let entry = try fileWithoutItsRow(text: "Beside a hostile line")
        let outside = library.root.deletingLastPathComponent().appendingPathComponent("outside.md")
        try Data("---\nid: x\n---\n".utf8).write(to: outside)
        _ = try leaveLogOfAKilledProcess(naming: ["../outside.md", "/etc/passwd", "journal/../../outside.md", entry.sourcePath])
        XCTAssertNotNil(try JournalStore(library: library).entry(id: entry.id))
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "---\nid: x\n---\n")
    }

    func testTheLogIsEmptyWhileNoChangeIsInFlightAndGoesWithItsStore() throws {
        var store: JournalStore? = try JournalStore(library: library)
        let entry = try XCTUnwrap(store).write(NewTextEntry(text: "One", date: date, offset: nil))
        try XCTUnwrap(store).edit(entryID: entry.id, text: "Two")
        let logs = try FileManager.default.contentsOfDirectory(at: pending, includingPropertiesForKeys: nil)
        XCTAssertEqual(logs.count, 1)
        XCTAssertEqual(try Data(contentsOf: logs[0]).count, 0, "every change ended: nothing to index after a kill")
        store = nil
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pending.path), [])
    }

    /// A date edit killed after writing the entry's new file and before removing its old one:
    /// the library as the kill leaves it is the index before the edit, both files, and the
    /// log's lines in the order the edit notes them.
    func leaveADateEditKilledMidMove(of entryID: String, to newDate: LocalDateTime, in store: inout JournalStore?) throws
        -> (old: JournalFilePath, new: JournalFilePath)
    {
        let before = try XCTUnwrap(try XCTUnwrap(store).entry(id: entryID))
        let old = try XCTUnwrap(try XCTUnwrap(store).journalFilePath(of: before))
        let snapshot = library.root.deletingLastPathComponent().appendingPathComponent(UUID().uuidString)
        store = nil
        try FileManager.default.copyItem(at: library.root, to: snapshot)
        try JournalStore(library: library).edit(entryID: entryID, capturedAt: newDate)
        let new = JournalFilePath(id: entryID, date: newDate)
        let written = try Data(contentsOf: new.url(in: library))
        try FileManager.default.removeItem(at: library.root)
        try FileManager.default.moveItem(at: snapshot, to: library.root)
        try FileManager.default.createDirectory(
            at: new.url(in: library).deletingLastPathComponent(), withIntermediateDirectories: true)
        try written.write(to: new.url(in: library))
        _ = try leaveLogOfAKilledProcess(naming: [JournalChangeLog.moveLine(from: old, to: new), new.description, old.description])
        return (old, new)
    }

    func testAPhotosDateEditKilledMidMoveEndsAtItsNewDateInOneFile() throws {
        var store: JournalStore? = try JournalStore(library: library)
        let photo = JournalEntry(
            contentHash: String(repeating: "c", count: 64), sourcePath: "/photos/IMG_0001.jpg", fileSize: 10,
            capture: CaptureTime(local: date, source: .dateTimeOriginal), pixelSize: (640, 480), thumbnail: nil,
            thumbnailSize: nil, problems: [])
        try XCTUnwrap(store).save(photo, sourceTruncated: false)
        try XCTUnwrap(store).edit(entryID: photo.id, text: "Words kept through the move")
        // A date set by hand before: the old file names a date as the person's too.
        let first = try XCTUnwrap(LocalDateTime(iso: "2023-05-03T12:00:00"))
        try XCTUnwrap(store).edit(entryID: photo.id, capturedAt: first)
        let second = try XCTUnwrap(LocalDateTime(iso: "2023-01-22T12:30:00"))
        let (old, new) = try leaveADateEditKilledMidMove(of: photo.id, to: second, in: &store)
        XCTAssertTrue(FileManager.default.fileExists(atPath: old.url(in: library).path))

        let reopened = try JournalStore(library: library)
        let entry = try XCTUnwrap(try reopened.entry(id: photo.id))
        XCTAssertEqual(entry.capturedLocal, second)
        XCTAssertEqual(entry.text, "Words kept through the move")
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.url(in: library).path), "the move is finished")
        XCTAssertEqual(try reopened.readJournalFile(at: new, of: photo.id).text, "Words kept through the move")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pending.path), [])
    }

    func testATextEntrysDateEditKilledMidMoveEndsAtItsNewDate() throws {
        var store: JournalStore? = try JournalStore(library: library)
        let entry = try XCTUnwrap(store).write(NewTextEntry(text: "Moved words", date: date, offset: nil))
        let later = try XCTUnwrap(LocalDateTime(iso: "2026-12-24T18:00:00"))
        let (old, new) = try leaveADateEditKilledMidMove(of: entry.id, to: later, in: &store)

        let reopened = try JournalStore(library: library)
        let found = try XCTUnwrap(try reopened.entry(id: entry.id))
        XCTAssertEqual(found.capturedLocal, later)
        XCTAssertEqual(found.sourcePath, new.description)
        XCTAssertEqual(found.text, "Moved words")
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.url(in: library).path))
    }

    func testOfTwoMovesOfOneFileTheLastIsFinished() throws {
        var store: JournalStore? = try JournalStore(library: library)
        let entry = try XCTUnwrap(store).write(NewTextEntry(text: "There and back", date: date, offset: nil))
        let later = try XCTUnwrap(LocalDateTime(iso: "2026-12-24T18:00:00"))
        try XCTUnwrap(store).edit(entryID: entry.id, capturedAt: later)
        // Moved back to its first date, killed with both files there.
        let (old, new) = try leaveADateEditKilledMidMove(of: entry.id, to: date, in: &store)
        let log = try XCTUnwrap(try FileManager.default.contentsOfDirectory(at: pending, includingPropertiesForKeys: nil).first)
        let lines = try String(contentsOf: log, encoding: .utf8)
        try (JournalChangeLog.moveLine(from: new, to: old) + "\n" + lines).write(to: log, atomically: true, encoding: .utf8)

        let found = try XCTUnwrap(try JournalStore(library: library).entry(id: entry.id))
        XCTAssertEqual(found.capturedLocal, date)
        XCTAssertEqual(found.sourcePath, new.description)
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.url(in: library).path))
    }

    func testAMoveWhoseNewFileNeverCameLeavesTheOldOne() throws {
        let store = try JournalStore(library: library)
        let entry = try store.write(NewTextEntry(text: "Not moved", date: date, offset: nil))
        let old = try XCTUnwrap(JournalFilePath(relative: entry.sourcePath))
        let new = JournalFilePath(id: entry.id, date: try XCTUnwrap(LocalDateTime(iso: "2026-12-24T18:00:00")))
        _ = try leaveLogOfAKilledProcess(naming: [JournalChangeLog.moveLine(from: old, to: new)])
        XCTAssertEqual(try JournalStore(library: library).entry(id: entry.id)?.text, "Not moved")
        XCTAssertTrue(FileManager.default.fileExists(atPath: old.url(in: library).path))
    }
}
