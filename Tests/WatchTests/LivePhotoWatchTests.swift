import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// `daybook watch` with Apple Live Photos (Tests/Fixtures/motion/live): the photo and its
/// `.MOV` become one entry whichever the watcher sees first, seconds apart.
final class LivePhotoWatchTests: WatchedFolderTestCase {
    static let fixtures = Repository.fixtures.appendingPathComponent("motion/live")

    /// Copies a fixture to a hidden name, then renames it into place, as sync tools do.
    func put(_ name: String) throws {
        let hidden = folder.appendingPathComponent(".\(name).part")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: hidden)
        XCTAssertEqual(rename(hidden.path, folder.appendingPathComponent(name).path), 0)
    }

    /// The entry's other files by name, once the journal has one entry with `count` of them.
    func waitForFiles(_ count: Int, _ journal: Journal, _ watcher: WatchProcess) throws -> [String] {
        var names: [String] = []
        let reached = poll(timeout: 20) {
            guard let entries = try? journal.entries(), entries.count == 1 else { return false }
            names = ((try? journal.store.files(entryID: entries[0].id)) ?? []).map { ($0.path as NSString).lastPathComponent }
            return names.count == count
        }
        XCTAssertTrue(reached, "\(names)\n\(watcher.log.suffix(3000))")
        return names
    }

    func testMovieFirstThenPhotoAndPhotoFirstThenMovie() throws {
        let watcher = try WatchProcess([folder], library: library, ["--settle", "0.5"])
        let journal = try Journal(library)
        // The movie first: what it is alone (skipped as a video while videos are not read, then
        // an entry of its own) while its photo has not come.
        try put("IMG_0001.MOV")
        XCTAssertTrue(watcher.waitForLog("IMG_0001.MOV", timeout: 20), watcher.log)
        XCTAssertNil(try journal.store.owner(ofFileAt: folder.appendingPathComponent("IMG_0001.MOV").path))
        try put("IMG_0001.JPG")
        XCTAssertEqual(try waitForFiles(1, journal, watcher), ["IMG_0001.MOV"])

        // Another pair the other way round, in a second watcher's folder.
        XCTAssertEqual(watcher.stop(), 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("IMG_0001.JPG"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("IMG_0001.MOV"))
        let entry = try XCTUnwrap(try journal.entries().first)
        try journal.store.delete(entryIDs: [entry.id])
        let second = try WatchProcess([folder], library: library, ["--settle", "0.5"])
        try put("IMG_0002.HEIC")
        journal.waitForCount(1, timeout: 20, watcher: second)
        try put("IMG_0002.mov")
        XCTAssertEqual(try waitForFiles(1, journal, second), ["IMG_0002.mov"])
        journal.waitForCount(1, timeout: 1, settle: 0.5, watcher: second)
        XCTAssertFalse(second.log.contains(" error: "), second.log)
        XCTAssertEqual(second.stop(), 0)
    }
}
