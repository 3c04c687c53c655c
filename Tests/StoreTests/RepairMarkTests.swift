import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A start repairs only when the folder or the entries changed since the last complete repair.
final class RepairMarkTests: XCTestCase {
    var store: JournalStore!
    var thumbnails: URL { store.library.thumbnailsURL }

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-repair-mark")))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: store.library.root) }

    func addEntries(_ seeds: [Character]) throws { try store.addEntriesWithThumbnails(seeds) }

    func thumbnailsOfEntries() throws -> [String?] { try store.thumbnailsByEntryID() }

    func startRepair() throws -> LibraryRepair.Report? { try LibraryRepair(store: store).runUnlessUnchanged() }

    /// An orphan written behind the journal's back, as an interrupted run leaves it.
    func writeOrphan(_ seed: Character) throws -> URL {
        let url = thumbnails.appendingPathComponent("\(ArchiveFixture.hash(seed)).jpg")
        try ArchiveFixture.jpeg.write(to: url)
        return url
    }

    func testAnUnchangedLibraryIsNotScannedAgain() throws {
        try addEntries(["1", "2"])
        XCTAssertEqual(try startRepair(), LibraryRepair.Report(), "the first start reads everything and finds nothing")
        XCTAssertNil(try startRepair(), "nothing changed: the second start reads neither the folder nor the entries")
        // Proof that it did not look: a folder read that fails would stop a repair.
        struct ReadFailure: Error {}
        let blind = LibraryRepair(store: store, files: try ThumbnailFiles(library: store.library), readFolder: { throw ReadFailure() })
        XCTAssertNil(try blind.runUnlessUnchanged())
        XCTAssertThrowsError(try blind.run(), "the complete repair, asked for directly, still reads everything")
    }

    func testAChangedFolderIsScanned() throws {
        try addEntries(["1", "2"])
        XCTAssertNotNil(try startRepair())
        let orphan = try writeOrphan("9")
        XCTAssertEqual(try startRepair()?.orphansRemoved, 1, "a new file changed the folder: the start scans and removes the orphan")
        XCTAssertFalse(FileManager.default.fileExists(atPath: orphan.path))
        // Its own removal changed the folder once more: one more scan, which finds it clean.
        XCTAssertEqual(try startRepair(), LibraryRepair.Report())
        XCTAssertNil(try startRepair())

        try FileManager.default.removeItem(at: thumbnails.appendingPathComponent("\(ArchiveFixture.hash("2")).jpg"))
        XCTAssertEqual(try startRepair()?.missingThumbnailsCleared, 1, "a file removed: the start scans")
        XCTAssertEqual(try thumbnailsOfEntries(), ["\(ArchiveFixture.hash("1")).jpg", nil])
    }

    func testChangedEntriesAreScanned() throws {
        try addEntries(["1", "2", "3"])
        XCTAssertNotNil(try startRepair())
        XCTAssertNil(try startRepair())
        // An entry deleted without its file (a run killed between the two): the folder is as
        // it was, the delete alone calls for a scan.
        try store.pool.write { db in try db.execute(sql: "DELETE FROM entry WHERE id = 'aaaa0001'") }
        XCTAssertEqual(try startRepair()?.orphansRemoved, 1)
        XCTAssertEqual(try startRepair(), LibraryRepair.Report())
        XCTAssertNil(try startRepair())
        // An entry pointed at a file that is not there (no file written).
        try store.pool.write { db in
            try db.execute(sql: "UPDATE entry SET thumbnail = ? WHERE id = 'aaaa0002'", arguments: ["\(ArchiveFixture.hash("7")).jpg"])
        }
        XCTAssertEqual(try startRepair()?.missingThumbnailsCleared, 1)
        XCTAssertEqual(try startRepair()?.orphansRemoved, 0, "the forgotten thumbnail counts as a change: one more scan, clean")
        XCTAssertNil(try startRepair())
        // An entry inserted with a thumbnail that was never written.
        try store.insert(
            JournalEntry(
                id: "aaaa0004", contentHash: ArchiveFixture.hash("4"), sourcePath: "/p/4.jpg", fileSize: 1,
                pixelSize: nil, thumbnail: "\(ArchiveFixture.hash("4")).jpg", thumbnailSize: (1, 1), problems: []))
        XCTAssertEqual(try startRepair()?.missingThumbnailsCleared, 1, "an insert raised the last rowid: the start scans")
    }

    func testRenumberedRowsAreScanned() throws {
        try addEntries(["1", "2"])
        XCTAssertNotNil(try startRepair())
        try store.pool.write { db in try db.execute(sql: "UPDATE entry SET rowid = rowid + 100000") }
        XCTAssertNotNil(try startRepair(), "a renumbering (VACUUM) changes the last rowid: the near index is checked again")
    }

    func testAWeekWithoutAFullReadIsScannedAnyway() throws {
        try addEntries(["1"])
        XCTAssertNotNil(try startRepair())
        XCTAssertNil(try startRepair())
        try store.pool.write { db in try db.execute(sql: "UPDATE repair_mark SET read_all_at = read_all_at - 8 * 24 * 3600") }
        XCTAssertNotNil(try startRepair(), "the last full read is more than a week old")
        XCTAssertNil(try startRepair())
    }

    func testReopeningTheLibraryChangesNothing() throws {
        try addEntries(["1"])
        XCTAssertNotNil(try startRepair())
        store = try JournalStore(library: store.library)
        XCTAssertNil(try startRepair(), "opening the library again leaves its folder's times as they were")
    }
}
