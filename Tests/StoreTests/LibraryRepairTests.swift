import DaybookTestSupport
import Foundation
import GRDB
import Synchronization
import XCTest

@testable import DaybookStore

/// Repair removes only what it can prove is garbage, and a folder it cannot read stops it.
final class LibraryRepairTests: XCTestCase {
    var store: JournalStore!
    var thumbnails: URL { store.library.thumbnailsURL }

    override func setUpWithError() throws {
        let folder = try TemporaryFolder.make("daybook-repair")
        store = try JournalStore(library: Library(root: folder))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: store.library.root) }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: thumbnails.path).sorted() }

    func addEntries(_ seeds: [Character]) throws { try store.addEntriesWithThumbnails(seeds) }

    func thumbnailsOfEntries() throws -> [String?] { try store.thumbnailsByEntryID() }

    func testAFolderThatCannotBeReadStopsTheRepairWithNothingChanged() throws {
        try addEntries(["1", "2", "3"])
        let before = try names()
        struct ReadFailure: Error, CustomStringConvertible {
            var description: String { "cannot read the thumbnails folder: Input/output error" }
        }
        let repair = LibraryRepair(store: store, files: try ThumbnailFiles(library: store.library), readFolder: { throw ReadFailure() })
        XCTAssertThrowsError(try repair.run()) { error in
            XCTAssertEqual("\(error)", "repair stopped before changing anything: cannot read the thumbnails folder: Input/output error")
        }
        XCTAssertEqual(try thumbnailsOfEntries().compactMap { $0 }.count, 3, "no entry lost its thumbnail")
        // The next repair, with the folder readable again, finds nothing to remove.
        XCTAssertEqual(try LibraryRepair(store: store).run(), LibraryRepair.Report())
        XCTAssertEqual(try names(), before)
    }

    func testAnEmptyReadNeverClearsThumbnailsThatAreThere() throws {
        // A read that wrongly reports an empty folder (as a `try?` around a failed read would).
        try addEntries(["1", "2"])
        let repair = LibraryRepair(store: store, files: try ThumbnailFiles(library: store.library), readFolder: { ThumbnailListing() })
        XCTAssertEqual(try repair.run().missingThumbnailsCleared, 0, "each file is checked by lstat before an entry forgets it")
        XCTAssertEqual(try thumbnailsOfEntries().compactMap { $0 }.count, 2)
    }

    /// A thumbnails folder lost whole (a journal restored without it): every entry forgets its
    /// thumbnail in one statement. One UPDATE per name would read the whole entry table each
    /// time, and on a large journal the first start after the loss would not end.
    func testALostFolderIsForgottenInOneStatement() throws {
        let count = 400
        let entries = (0..<count).map { index in
            let hash = String(repeating: "0", count: 60) + String(format: "%04x", index)
            return JournalEntry(
                id: "bbbb\(String(format: "%04d", index))", contentHash: hash, sourcePath: "/p/\(index).jpg", fileSize: 1,
                pixelSize: nil, thumbnail: "\(hash).jpg", thumbnailSize: (1, 1), problems: [])
        }
        XCTAssertEqual(try store.insert(batch: entries), count)
        try addEntries(["1"])
        let updates = Mutex(0)
        try store.pool.writeWithoutTransaction { db in
            db.trace { event in
                if case .statement(let statement) = event, statement.sql.hasPrefix("UPDATE entry") { updates.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(try LibraryRepair(store: store).run().missingThumbnailsCleared, count)
        XCTAssertEqual(updates.withLock { $0 }, 1, "UPDATE statements on entry")
        XCTAssertEqual(
            try thumbnailsOfEntries().compactMap { $0 }, ["\(ArchiveFixture.hash("1")).jpg"], "the entry whose file is there keeps it")
        let noted = try store.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE problems LIKE '%thumbnail file was missing'")
        }
        XCTAssertEqual(noted, count)
    }

    func testOnlyProvenGarbageIsRemoved() throws {
        try addEntries(["1", "2"])
        let orphan = "\(ArchiveFixture.hash("9")).jpg"
        let temporary = ".tmp-123-\(UUID().uuidString).jpg"
        let foreign = ["notes.txt", ArchiveFixture.hash("e").uppercased() + ".jpg", ".tmp-notours.jpg", "sub"]
        for name in [orphan, temporary] + foreign.dropLast() { try Data("x".utf8).write(to: thumbnails.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: thumbnails.appendingPathComponent("sub"), withIntermediateDirectories: false)
        // Entry 2's file has gone; entry 3 holds a name of no valid shape (never used as a path).
        try FileManager.default.removeItem(at: thumbnails.appendingPathComponent("\(ArchiveFixture.hash("2")).jpg"))
        try store.insert(
            JournalEntry(
                id: "aaaa0003", contentHash: ArchiveFixture.hash("3"), sourcePath: "/p/3.jpg", fileSize: 1,
                pixelSize: nil, thumbnail: "../notes.txt", thumbnailSize: (1, 1), problems: []))

        let report = try LibraryRepair(store: store).run()
        XCTAssertEqual(report.temporariesRemoved, 1)
        XCTAssertEqual(report.orphansRemoved, 1)
        XCTAssertEqual(report.missingThumbnailsCleared, 2)
        XCTAssertEqual(try names(), (["\(ArchiveFixture.hash("1")).jpg"] + foreign).sorted())
        XCTAssertEqual(try thumbnailsOfEntries(), ["\(ArchiveFixture.hash("1")).jpg", nil, nil])
        XCTAssertEqual(try LibraryRepair(store: store).run(), LibraryRepair.Report(), "a second repair has nothing to do")
    }
}
