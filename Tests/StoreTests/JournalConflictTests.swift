import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Syncthing's conflict copies beside journal files: found by name, read by the strict
/// parser, and settled through the normal edit, never losing a text unasked.
final class JournalConflictTests: XCTestCase {
    var store: JournalStore!
    var entry: JournalEntry!
    var library: Library { store.library }

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-conflicts")))
        let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 0, second: 0)!
        entry = try store.write(NewTextEntry(text: "Lunch\nmine", date: date, offset: nil, tags: ["river"]))
    }

    var fileURL: URL { library.root.appendingPathComponent(entry.sourcePath) }

    /// A copy as Syncthing names it, holding the entry's file with `text` and `tags`.
    @discardableResult
    func makeCopy(text: String, tags: [String] = ["river"], stamp: String = "20261129-123456-ABCDEFG") throws -> URL {
        var file = try JournalFileParser.parse(try Data(contentsOf: fileURL))
        file.text = text
        file.tags = tags
        let name = "2026-11-29-\(entry.shortID).sync-conflict-\(stamp).md"
        let url = fileURL.deletingLastPathComponent().appendingPathComponent(name)
        try file.serialized().write(to: url)
        return url
    }

    func testACopyIsReadByNameAndBothSidesParsed() throws {
        try makeCopy(text: "Lunch\ntheirs", tags: ["river", "boat"])
        try Data("not a journal file".utf8).write(
            to: fileURL.deletingLastPathComponent().appendingPathComponent("notes.sync-conflict-20261129-1.md"))
        let conflicts = JournalConflict.all(in: library)
        XCTAssertEqual(conflicts.count, 1, "a name that is no entry's file is not one of the journal's conflicts")
        let conflict = try XCTUnwrap(conflicts.first)
        XCTAssertEqual(conflict.entryID, entry.id)
        XCTAssertEqual(conflict.copy.original.description, entry.sourcePath)
        XCTAssertEqual(conflict.copy.setAside, "2026-11-29 12:34:56")
        XCTAssertEqual(conflict.copy.device, "ABCDEFG")
        XCTAssertEqual(conflict.title, "Lunch")
        guard case .file(let mine) = conflict.mine, case .file(let theirs) = conflict.theirs else { return XCTFail("\(conflict)") }
        XCTAssertEqual(mine.text, "Lunch\nmine")
        XCTAssertEqual(theirs.text, "Lunch\ntheirs")
        XCTAssertEqual(conflict.differences.map(\.field), ["tags"])
        XCTAssertEqual(
            JournalConflict.of(entryID: entry.id, at: try XCTUnwrap(JournalFilePath(relative: entry.sourcePath)), in: library), conflicts)
    }

    func testOlderSyncthingNamesWithoutADeviceAreFound() throws {
        try makeCopy(text: "old", stamp: "20241129-010203")
        let copy = try XCTUnwrap(JournalConflict.all(in: library).first?.copy)
        XCTAssertEqual(copy.setAside, "2024-11-29 01:02:03")
        XCTAssertNil(copy.device)
    }

    func testKeepingTheirsEditsTheEntryAndRemovesTheCopy() throws {
        let copy = try makeCopy(text: "Lunch\ntheirs")
        let conflict = try XCTUnwrap(JournalConflict.all(in: library).first)
        let kept = try store.resolveConflict(conflict, keeping: .theirs)
        XCTAssertEqual(kept.text, "Lunch\ntheirs")
        XCTAssertEqual(try store.entry(id: entry.id)?.text, "Lunch\ntheirs")
        XCTAssertEqual(try JournalFileParser.parse(try Data(contentsOf: fileURL)).text, "Lunch\ntheirs")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
        XCTAssertEqual(JournalConflict.all(in: library), [])
    }

    func testKeepingMineChangesNothingButTheCopy() throws {
        let before = try Data(contentsOf: fileURL)
        let copy = try makeCopy(text: "Lunch\ntheirs")
        try store.resolveConflict(try XCTUnwrap(JournalConflict.all(in: library).first), keeping: .mine)
        XCTAssertEqual(try Data(contentsOf: fileURL), before)
        XCTAssertEqual(try store.entry(id: entry.id)?.updatedAt, entry.updatedAt)
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
    }

    func testAMergeIsSavedAsAnEdit() throws {
        try makeCopy(text: "Lunch\ntheirs")
        try store.resolveConflict(try XCTUnwrap(JournalConflict.all(in: library).first), keeping: .text("Lunch\nmine and theirs"))
        XCTAssertEqual(try store.entry(id: entry.id)?.text, "Lunch\nmine and theirs")
        XCTAssertEqual(try JournalFileParser.parse(try Data(contentsOf: fileURL)).text, "Lunch\nmine and theirs")
    }

    func testACopyThatDoesNotParseIsNamedAndNeverKeptOrRemoved() throws {
        let copy = fileURL.deletingLastPathComponent().appendingPathComponent(
            "2026-11-29-\(entry.shortID).sync-conflict-20261129-123456-ABCDEFG.md")
        try Data("---\nversion: 1\nmood: sunny\n---\nwords\n".utf8).write(to: copy)
        let conflict = try XCTUnwrap(JournalConflict.all(in: library).first)
        guard case .problem(let problem) = conflict.theirs else { return XCTFail("\(conflict.theirs)") }
        XCTAssertEqual(problem.description, "\(conflict.copy):3: unknown key \"mood\"")
        XCTAssertThrowsError(try store.resolveConflict(conflict, keeping: .theirs)) { error in
            XCTAssertTrue("\(error)".contains(":3: unknown key"), "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.path))
        XCTAssertEqual(try store.entry(id: entry.id)?.text, "Lunch\nmine")
    }

    func testACopyChangedAfterItWasReadIsNotSettled() throws {
        let copy = try makeCopy(text: "Lunch\ntheirs")
        let conflict = try XCTUnwrap(JournalConflict.all(in: library).first)
        try makeCopy(text: "Lunch\ntheirs, changed again")
        XCTAssertThrowsError(try store.resolveConflict(conflict, keeping: .mine))
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.path))
        XCTAssertEqual(try store.entry(id: entry.id)?.text, "Lunch\nmine")
    }
}
