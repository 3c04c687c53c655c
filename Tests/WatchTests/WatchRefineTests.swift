import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// `watch` makes the full-quality thumbnails beside its batches. A first look is made by hand
/// until the first-look extraction lands: photos ingested with 40-pixel thumbnails and queued
/// for 400-pixel ones.
final class WatchRefineTests: WatchedFolderTestCase {
    func testWatchRefinesTheQueueBesideItsBatches() throws {
        let earlier = try Folders.temporary("earlier")
        defer { try? FileManager.default.removeItem(at: earlier) }
        for seed in [1, 3, 5] {
            try TestPhotos.write(
                try TestPhotos.large(width: 1600, height: 1200, seed: UInt32(seed)), to: earlier.appendingPathComponent("IMG_\(seed).jpg"))
        }
        let journal = try Journal(library)
        let small = try Ingester(store: journal.store, options: IngestOptions(jobs: 2, thumbnailSize: 40))
        XCTAssertEqual(try small.ingest(paths: [earlier.path]).created.count, 3)
        for entry in try journal.store.entries() { try journal.store.queueRefinement(entryID: entry.id, fullSide: 400) }

        let watcher = try WatchProcess([folder], library: library)
        try TestPhotos.write(try TestPhotos.large(width: 1600, height: 1200, seed: 9), to: folder.appendingPathComponent("new.jpg"))
        XCTAssertTrue(
            try poll(timeout: 60) { try journal.store.entries().count == 4 && journal.store.refinementCounts().waiting == 0 },
            watcher.log)
        for entry in try journal.store.entries() {
            XCTAssertEqual(entry.thumbnailWidth, 400, entry.sourcePath)
            XCTAssertEqual(entry.thumbnailHeight, 300, entry.sourcePath)
        }
        XCTAssertEqual(watcher.lines(containing: "full-quality thumbnails: refined 3 thumbnails, 0 pending").count, 1, watcher.log)
        XCTAssertEqual(watcher.stop(), 0, watcher.log)
    }
}
