import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// The store's side of a new entry's key: written with the entry in one transaction, so a key
/// already used rolls the second entry back, file and row; `remember` keeps the first entry.
final class NewEntryKeyStoreTests: XCTestCase {
    func testASecondWriteWithTheKeyLeavesNoFileAndNoRow() throws {
        let library = try Library(root: try TemporaryFolder.make("daybook-keys").appendingPathComponent("library"))
        let store = try JournalStore(library: library)
        let key = try XCTUnwrap(NewEntryKey("offline-entry-0001"))
        let first = try store.write(NewTextEntry(text: "First", date: nil), key: key)
        XCTAssertThrowsError(try store.write(NewTextEntry(text: "Again", date: nil), id: "second-id", key: key)) { error in
            XCTAssertEqual((error as? NewEntryKeyUsed)?.entryID, first.id)
        }
        XCTAssertEqual(try store.entries().map(\.id), [first.id])
        let journals = library.root.appendingPathComponent(JournalFilePath.folderName)
        let files = FileManager.default.enumerator(atPath: journals.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }
        XCTAssertEqual(files?.count, 1, "the second entry's file was removed again")
        XCTAssertEqual(try store.readNow { try $0.entryID(for: key) }, first.id)

        let other = try XCTUnwrap(NewEntryKey("photo_entry_key"))
        XCTAssertEqual(try store.remember(other, entryID: first.id), first.id)
        XCTAssertEqual(try store.remember(other, entryID: "something-else"), first.id, "the first use stays")
        XCTAssertNil(NewEntryKey("seven77"))
        XCTAssertNotNil(NewEntryKey("eight888"))
    }
}
