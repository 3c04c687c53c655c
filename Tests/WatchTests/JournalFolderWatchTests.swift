import DaybookCore
import DaybookStore
import DaybookSupport
import DaybookTestSupport
import Foundation
import XCTest

/// The real `daybook watch` picks up journal files changed by hand (or by a sync tool) while
/// it runs: each change reaches the index within a bounded wait, a bad file is logged once
/// with its line and left as it is.
final class JournalFolderWatchTests: WatchedFolderTestCase {
    static let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 56, second: 58)!

    func put(_ file: JournalFile) throws -> URL {
        let url = library.appendingPathComponent(file.path.description)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Written as an editor or a sync tool does: another name, then renamed into place.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).editing")
        try file.serialized().write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: url)
        return url
    }

    func testHandEditedJournalFilesReachTheIndexWhileWatching() throws {
        // Files written before the journal folder's watch exists are read by its catch-up.
        let watcher = try WatchProcess([folder], library: library)
        let journal = try Journal(library)

        // A new text entry, in a month folder that did not exist.
        let id = "3f2a9c1e-5b7d-4e0a-9a61-0c2b3d4e5f60"
        var file = JournalFile(id: id, date: Self.date, tags: ["river"], created: "2026-11-29T09:56:58Z", text: "Lunch by the river")
        let url = try put(file)
        XCTAssertTrue(
            poll(timeout: 15) { (try? journal.store.entry(id: id))?.text == "Lunch by the river" }, "not indexed:\n\(watcher.log)")
        XCTAssertEqual(try journal.store.tags(entryID: id).map(\.name), ["river"])

        // Edited in place, as an editor saving over it.
        file.text = "Dinner by the river"
        try file.serialized().write(to: url)
        XCTAssertTrue(poll(timeout: 15) { (try? journal.store.entry(id: id))?.text == "Dinner by the river" }, watcher.log)

        // A bad file: logged once per content, with its line, and left as it is.
        let bad = String(decoding: file.serialized(), as: UTF8.self).replacingOccurrences(of: "\ntags: [river]\n", with: "\nmood: fine\n")
        try Data(bad.utf8).write(to: url)
        XCTAssertTrue(watcher.waitForLog("unknown key", timeout: 15), watcher.log)
        try Data(bad.utf8).write(to: url)
        Thread.sleep(forTimeInterval: 2)
        let errors = watcher.lines(containing: " error: ")
        XCTAssertEqual(errors.count, 1, watcher.log)
        XCTAssertTrue(errors.first?.contains("journal/2026/11/2026-11-29-3f2a9c1e.md:5: unknown key \"mood\"") ?? false, watcher.log)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), bad, "never written over")
        XCTAssertEqual(try journal.store.entry(id: id)?.text, "Dinner by the river")

        // A photo ingested here, then its words from another device: the entry takes the file's id.
        let bytes = try TestPhotos.small(3)
        // Dated by its name (the test photo has no EXIF): its entry's file has a path.
        try TestPhotos.write(bytes, to: folder.appendingPathComponent("IMG_20190714_103000.jpg"))
        journal.waitForCount(2, timeout: 30, watcher: watcher)
        let hash = ContentHash.sha256Hex(bytes)
        let local = try XCTUnwrap(try journal.store.entry(contentHash: hash))
        let remote = "0a1b2c3d-0000-4000-8000-000000000005"
        _ = try put(
            JournalFile(
                id: remote, date: try XCTUnwrap(local.capturedLocal), photo: .init(contentHash: hash, fileName: "IMG_20190714_103000.jpg"),
                created: "2026-01-01T00:00:00Z", text: "Written on the phone"))
        XCTAssertTrue(poll(timeout: 15) { (try? journal.store.entry(id: remote))?.text == "Written on the phone" }, watcher.log)
        XCTAssertNil(try journal.store.entry(id: local.id))

        // Removed by hand: the text entry goes with its file.
        try FileManager.default.removeItem(at: url)
        XCTAssertTrue(poll(timeout: 15) { (try? journal.store.entry(id: id)) == .some(nil) }, watcher.log)
        XCTAssertEqual(journal.count(), 1)
        XCTAssertEqual(watcher.stop(), 0)
    }

    func testFilesWrittenWhileNotWatchingAreCaughtUpAtStart() throws {
        let id = "0a1b2c3d-0000-4000-8000-000000000006"
        _ = try put(JournalFile(id: id, date: Self.date, created: "2026-11-29T09:56:58Z", text: "Synced overnight"))
        let watcher = try WatchProcess([folder], library: library)
        XCTAssertTrue(watcher.waitForLog("journal: 1 file read at start, 1 changed the index, 0 with problems", timeout: 20), watcher.log)
        XCTAssertEqual(try Journal(library).store.entry(id: id)?.text, "Synced overnight")
        XCTAssertEqual(watcher.stop(), 0)
    }
}
