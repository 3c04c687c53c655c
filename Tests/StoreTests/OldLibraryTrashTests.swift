import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// A library from before the trash, opened by today's store: the migration adds an empty
/// trash, and an old entry with words and tags goes into it and comes back from its tombstone.
extension OldLibraryTests {
    func testAnOldLibrarysEntryGoesToTheTrashAndComesBackAsWords() throws {
        let old = try oldExport()
        let library = try copyOfOldLibrary()
        let store = try JournalStore(library: library)
        XCTAssertEqual(try store.trashedEntries(), [])
        let paris = try XCTUnwrap(old.item(photo: "01-paris-2019-07.jpg"))
        let entry = try store.entry(idPrefix: paris.id)
        XCTAssertFalse(entry.text.isEmpty)

        try store.delete(entryIDs: [entry.id], now: Date(timeIntervalSince1970: 1_764_000_000))
        XCTAssertEqual(try store.deletedEntryID(contentHash: entry.contentHash), entry.id)
        let trashed = try XCTUnwrap(try store.trashedEntries().first)
        XCTAssertEqual(trashed.deletedAt, "2025-11-24T16:00:00Z")
        let file = try XCTUnwrap(try store.tombstone(of: trashed))
        XCTAssertEqual(file.text, entry.text)
        XCTAssertEqual(file.photo?.contentHash, entry.contentHash)
        XCTAssertTrue(file.tags.contains("été"))

        // The photo is not in the library's folders, so the words come back on their own.
        let restored = try store.restoreAsText(trashed, from: file)
        XCTAssertEqual(restored.id, entry.id)
        XCTAssertEqual(try store.entry(idPrefix: entry.id).text, entry.text)
        XCTAssertTrue(try store.tags(entryID: entry.id).map(\.name).contains("été"))
        XCTAssertNil(try store.deletedEntryID(contentHash: entry.contentHash))
        let bytes = try String(contentsOf: file.path.url(in: library), encoding: .utf8)
        XCTAssertFalse(bytes.contains("deleted:"), bytes)
    }
}
