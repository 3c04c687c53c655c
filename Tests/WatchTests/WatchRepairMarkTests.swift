import DaybookStore
import Foundation
import XCTest

/// A watch stopped cleanly leaves the library marked clean when every change to the
/// thumbnails folder while it ran was its own, as `daybook ingest` does, so the next start
/// (a watch, an ingest) does not read every entry and the whole folder; a change by someone
/// else while it ran is read, and repaired, at the next start.
final class WatchRepairMarkTests: WatchedFolderTestCase {
    /// What a start does: nil when it could skip the full read.
    func nextStart(_ journal: Journal) throws -> LibraryRepair.Report? {
        try LibraryRepair(store: journal.store).runUnlessUnchanged()
    }

    func testACleanStopSparesTheNextStartItsFullRead() throws {
        let watcher = try WatchProcess([folder], library: library)
        let journal = try Journal(library)
        for index in 0..<3 {
            try TestPhotos.write(try TestPhotos.small(400 + index), to: folder.appendingPathComponent("p\(index).jpg"))
        }
        journal.waitForCount(3, timeout: 20, watcher: watcher)
        XCTAssertEqual(watcher.stop(SIGTERM), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: journal.store.library.thumbnailsURL.path).count, 3)
        XCTAssertNil(try nextStart(journal), "the watch's own three thumbnails: no full read\n\(watcher.log)")

        // And again after SIGINT, from a library the watch found clean.
        let second = try WatchProcess([folder], library: library)
        try TestPhotos.write(try TestPhotos.small(410), to: folder.appendingPathComponent("p10.jpg"))
        journal.waitForCount(4, timeout: 20, watcher: second)
        XCTAssertEqual(second.stop(SIGINT), 0)
        XCTAssertNil(try nextStart(journal), second.log)
    }

    func testAFileLeftInTheThumbnailsFolderByAnotherWhileItRanIsReadAtTheNextStart() throws {
        let watcher = try WatchProcess([folder], library: library)
        let journal = try Journal(library)
        try TestPhotos.write(try TestPhotos.small(420), to: folder.appendingPathComponent("a.jpg"))
        journal.waitForCount(1, timeout: 20, watcher: watcher)
        // Another writer's orphan, a clock tick after the watch's last change (a change in the
        // same tick cannot be told from it: `ThumbnailFiles.witnessChanges`).
        usleep(30_000)
        let orphan = journal.store.library.thumbnailsURL.appendingPathComponent(String(repeating: "ef", count: 32) + ".jpg")
        try Data([1, 2, 3]).write(to: orphan)
        try TestPhotos.write(try TestPhotos.small(421), to: folder.appendingPathComponent("b.jpg"))
        journal.waitForCount(2, timeout: 20, watcher: watcher)
        XCTAssertEqual(watcher.stop(), 0)
        XCTAssertEqual(try nextStart(journal)?.orphansRemoved, 1, "the stop did not mark the library clean over the other's file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: orphan.path))
    }
}
