import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A new version of a photo that takes its entry's place (a file completed after a reader
/// met it half written, a sidecar that changed) takes the entry's journal file along: the file
/// names the bytes the entry holds, so the files alone give one entry of the words, not two.
final class JournalFileReplaceTests: XCTestCase {
    var store: JournalStore!
    let capture = CaptureTime(local: LocalDateTime(exif: "2021:07:01 10:00:00")!, source: .dateTimeOriginal)

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-journal-replace")))
    }

    func photo(_ hashDigit: Character, size: Int64, capture: CaptureTime? = nil) -> JournalEntry {
        JournalEntry(
            contentHash: String(repeating: hashDigit, count: 64), sourcePath: "/photos/1.jpg", fileSize: size,
            capture: capture ?? self.capture, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
    }

    func file(of id: String) throws -> JournalFile {
        let entry = try XCTUnwrap(try store.entry(id: id))
        let path = try XCTUnwrap(store.journalFilePath(of: entry), "the entry has a journal file")
        return try store.readJournalFile(at: path, of: id)
    }

    /// A truncated version with words, then its whole version: the file follows.
    func completedWithWords(saveWhole: (JournalEntry) throws -> Void) throws -> String {
        let cut = photo("a", size: 10)
        XCTAssertEqual(try store.save(cut, sourceTruncated: true), .created)
        try store.edit(entryID: cut.id, text: "Words about the photo")
        XCTAssertEqual(try file(of: cut.id).photo?.contentHash, cut.contentHash)
        try saveWhole(photo("b", size: 20))
        XCTAssertEqual(try store.count(), 1)
        let file = try file(of: cut.id)
        XCTAssertEqual(file.photo?.contentHash, String(repeating: "b", count: 64), "the file names the bytes the entry holds")
        XCTAssertEqual(file.text, "Words about the photo")
        return cut.id
    }

    func testTheFileOfAnEntryReplacedByTheWholeFileNamesTheNewBytes() throws {
        let id = try completedWithWords { whole in
            guard case .replaced = try store.save(whole, sourceTruncated: false) else { return XCTFail("replaced") }
        }
        // What a watcher of the journal folder does next: the file agrees with the index.
        let path = try XCTUnwrap(store.journalFilePath(of: try XCTUnwrap(try store.entry(id: id))))
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: id))
        XCTAssertEqual(try store.count(), 1)
    }

    func testAGroupSaveMovesTheFileToTheNewVersionsDate() throws {
        let later = CaptureTime(local: LocalDateTime(exif: "2021:08:02 11:00:00")!, source: .dateTimeOriginal)
        let cut = photo("a", size: 10)
        XCTAssertEqual(try store.save(cut, sourceTruncated: true), .created)
        try store.editTags(entryID: cut.id, add: ["kept"], remove: [])
        let before = try XCTUnwrap(store.journalFilePath(of: try XCTUnwrap(try store.entry(id: cut.id))))
        let save = EntrySave(
            entry: photo("b", size: 20, capture: later), sourceTruncated: false, sidecar: nil, autoTags: [], taggerVersion: 0,
            stack: nil, beforeCommit: {})
        let results = try store.save(group: [save])
        guard case .success(let saved) = results.first, case .replaced = saved.outcome else { return XCTFail("\(results)") }
        let file = try file(of: cut.id)
        XCTAssertEqual(file.photo?.contentHash, String(repeating: "b", count: 64))
        XCTAssertEqual(file.date.iso8601, "2021-08-02T11:00:00")
        XCTAssertEqual(file.tags, ["kept"])
        XCTAssertNotEqual(file.path, before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: before.url(in: store.library).path), "the old month's file is gone")
    }

    func testTheFilesAloneGiveOneEntryThatTheWholeFileFills() throws {
        _ = try completedWithWords { whole in _ = try store.save(whole, sourceTruncated: false) }
        // A rebuild: a new index of the same journal folder, then the photo found again.
        let fresh = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-journal-replace-fresh")))
        let journal = fresh.library.root.appendingPathComponent("journal")
        if FileManager.default.fileExists(atPath: journal.path) { try FileManager.default.removeItem(at: journal) }
        try FileManager.default.copyItem(at: store.library.root.appendingPathComponent("journal"), to: journal)
        XCTAssertEqual(try fresh.indexJournalFolder().problems.count, 0)
        XCTAssertEqual(try fresh.count(), 1)
        guard case .filled(let filled) = try fresh.save(photo("b", size: 20), sourceTruncated: false) else {
            return XCTFail("the whole file fills the entry its words' file made")
        }
        XCTAssertEqual(filled.text, "Words about the photo")
        XCTAssertEqual(try fresh.count(), 1, "one entry of the words, not two")
    }

    func testAnEntryWithoutAFileGetsNoneWhenReplaced() throws {
        let cut = photo("a", size: 10)
        XCTAssertEqual(try store.save(cut, sourceTruncated: true), .created)
        _ = try store.save(photo("b", size: 20), sourceTruncated: false)
        XCTAssertNil(store.journalFilePath(of: try XCTUnwrap(try store.entry(id: cut.id))))
    }
}
