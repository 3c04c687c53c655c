import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// `daybook watch` with XMP sidecars: a sidecar that arrives or changes updates its photo's
/// entry in place, while watching and across a restart; it is never an entry of its own.
final class SidecarWatchTests: WatchedFolderTestCase {
    static let fixtures = Repository.fixtures.appendingPathComponent("xmp")

    /// Copies a fixture to a hidden name, then renames it into place (as sync tools do), so
    /// the watcher sees it whole.
    func put(_ fixture: String, as name: String) throws {
        let hidden = folder.appendingPathComponent(".\(name).part")
        try? FileManager.default.removeItem(at: hidden)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: hidden)
        XCTAssertEqual(rename(hidden.path, folder.appendingPathComponent(name).path), 0)
    }

    func waitForDate(_ iso: String, _ journal: Journal, _ watcher: WatchProcess, file: StaticString = #filePath, line: UInt = #line)
        -> JournalEntry?
    {
        var found: JournalEntry?
        let reached = poll(timeout: 20) {
            found = try? journal.entries().first
            return found?.capturedLocal?.iso8601 == iso
        }
        XCTAssertTrue(
            reached, "entry date \(found?.capturedLocal?.iso8601 ?? "none"), expected \(iso)\n\(watcher.log.suffix(3000))", file: file,
            line: line)
        return found
    }

    func testASidecarThatChangesUpdatesItsEntryInPlaceWhileWatchingAndAfterARestart() throws {
        let watcher = try WatchProcess([folder], library: library, ["--settle", "0.5"])
        let journal = try Journal(library)
        try put("sidecar-elements.xmp", as: "IMG_0001.xmp")
        try put("plain.jpg", as: "IMG_0001.jpg")
        let first = try XCTUnwrap(waitForDate("2022-06-10T18:05:00", journal, watcher))
        XCTAssertEqual(first.captureSource, .sidecar)
        try journal.store.edit(entryID: first.id, text: "By the water")

        try put("sidecar-corrected.xmp", as: "IMG_0001.xmp")
        let updated = try XCTUnwrap(waitForDate("2019-07-15T08:00:00", journal, watcher))
        XCTAssertEqual(updated.id, first.id)
        XCTAssertEqual(updated.text, "By the water")
        XCTAssertEqual(updated.locationSource, .sidecar)
        XCTAssertTrue(watcher.waitForLog("read again with its changed sidecar", timeout: 5), watcher.log)
        XCTAssertEqual(watcher.stop(), 0)

        // Changed while no watcher ran: the catch-up at the next start notices.
        try put("sidecar-corrected-again.xmp", as: "IMG_0001.xmp")
        let second = try WatchProcess([folder], library: library, ["--settle", "0.5"])
        let caughtUp = try XCTUnwrap(waitForDate("2019-07-16T20:00:00", journal, second))
        XCTAssertEqual(caughtUp.id, first.id)
        XCTAssertEqual(caughtUp.text, "By the water")
        XCTAssertEqual(journal.count(), 1, "a sidecar is never an entry")
        for log in [watcher.log, second.log] {
            XCTAssertFalse(log.contains(" error: ") || log.contains("skipped"), log)
        }
        XCTAssertEqual(second.stop(), 0)
    }

    func testASidecarArrivingAfterItsPhotoIsReadWithIt() throws {
        let watcher = try WatchProcess([folder], library: library)
        let journal = try Journal(library)
        try put("plain.jpg", as: "IMG_0002.jpg")
        journal.waitForCount(1, timeout: 20, watcher: watcher)
        XCTAssertNil(try journal.entries().first?.capturedLocal)

        try put("sidecar-dms-attributes.xmp", as: "IMG_0002.jpg.xmp")
        let entry = try XCTUnwrap(waitForDate("2021-12-24T21:00:30", journal, watcher))
        XCTAssertEqual(entry.locationSource, .sidecar)
        journal.waitForCount(1, timeout: 1, settle: 0.5, watcher: watcher)
        XCTAssertEqual(watcher.stop(), 0)
    }

    func testMoveToTakesTheSidecarsAlongUnderThePhotosNewName() throws {
        let archive = try Folders.temporary("archive")
        defer { try? FileManager.default.removeItem(at: archive) }
        // A photo of that name is in the archive already: the new one becomes IMG_0003-1.jpg.
        try FileManager.default.createDirectory(at: archive.appendingPathComponent("2022/06"), withIntermediateDirectories: true)
        try TestPhotos.write(try TestPhotos.small(903), to: archive.appendingPathComponent("2022/06/IMG_0003.jpg"))

        let watcher = try WatchProcess([folder], library: library, ["--move-to", archive.path])
        let journal = try Journal(library)
        try put("sidecar-elements.xmp", as: "IMG_0003.xmp")
        try put("sidecar-elements.xmp", as: "IMG_0003.jpg.xmp")
        try put("plain.jpg", as: "IMG_0003.jpg")
        journal.waitForCount(1, timeout: 20, watcher: watcher)
        XCTAssertTrue(poll(timeout: 10) { Folders.files(in: self.folder).isEmpty }, "left behind: \(Folders.files(in: folder))")
        XCTAssertEqual(
            Folders.files(in: archive),
            ["2022/06/IMG_0003-1.jpg", "2022/06/IMG_0003-1.jpg.xmp", "2022/06/IMG_0003-1.xmp", "2022/06/IMG_0003.jpg"])
        let entry = try XCTUnwrap(try journal.entries().first)
        XCTAssertEqual(entry.sourcePath, archive.appendingPathComponent("2022/06/IMG_0003-1.jpg").path)

        // In its new place the entry still reads its sidecar: re-ingesting there changes nothing.
        XCTAssertEqual(watcher.stop(), 0)
        let ingest = try WatchProcess.run(["ingest", "--library", library.path, archive.appendingPathComponent("2022/06").path])
        XCTAssertEqual(ingest.status, 0, ingest.output)
        XCTAssertEqual(try journal.entries().first?.capturedLocal?.iso8601, "2022-06-10T18:05:00")
        XCTAssertEqual(try journal.entries().first?.id, entry.id)
    }
}
