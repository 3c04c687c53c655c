import DaybookCore
import DaybookStoreTestSupport
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// `JournalStore.openReadOnly`, the way read commands open a library this user cannot
/// write. The tests run as root, whom permissions do not stop, so they open it read-only
/// explicitly and check that it reads and refuses writes (FirstJourneyTests runs the
/// command line as another user).
final class ReadOnlyStoreTests: XCTestCase {
    /// A library of three entries, and the store that wrote it (still open while it is held).
    func makeLibrary() throws -> (Library, JournalStore) {
        let library = Library(root: try TemporaryFolder.make("daybook-readonly"))
        let store = try JournalStore(library: library)
        for index in 1...3 { try store.insert(JournalEntry.beach(index)) }
        try store.editTags(entryID: "aaaa0002", add: ["beach"], remove: [])
        return (library, store)
    }

    func modified(_ url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }

    /// After a clean close SQLite has removed `-wal` and `-shm`: the journal is read from
    /// the main file, which stays as it was. (Here root can write the folder, so SQLite may
    /// make its `-shm`; in a folder it cannot, the file is opened immutable: FirstJourneyTests
    /// runs that case as another user.)
    func testAJournalWithoutItsWALFilesIsRead() throws {
        let (library, writer) = try makeLibrary()
        try writer.pool.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.databaseURL.path + "-wal"))
        let before = try modified(library.databaseURL)
        try assertReadOnly(library)
        XCTAssertEqual(try modified(library.databaseURL), before)
    }

    /// While a writer has it open, `-wal` holds entries not yet in the main file: a
    /// read-only open sees them too.
    func testAJournalWithItsWALIsReadWithTheWALsEntries() throws {
        let (library, writer) = try makeLibrary()
        XCTAssertTrue(FileManager.default.fileExists(atPath: library.databaseURL.path + "-wal"))
        try assertReadOnly(library)
        XCTAssertEqual(try writer.count(), 3)
    }

    func testNoJournalIsOpenedReadOnlyEither() throws {
        let library = Library(root: try TemporaryFolder.make("daybook-readonly").appendingPathComponent("none"))
        XCTAssertThrowsError(try JournalStore.openReadOnly(library: library)) { error in
            XCTAssertEqual((error as? StoreError)?.code, .noJournal)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.root.path))
    }

    private func assertReadOnly(_ library: Library, line: UInt = #line) throws {
        let store = try JournalStore.openReadOnly(library: library)
        XCTAssertTrue(store.isReadOnly)
        XCTAssertEqual(try store.count(), 3, line: line)
        XCTAssertEqual(try store.entries().map(\.id), ["aaaa0003", "aaaa0002", "aaaa0001"], line: line)
        XCTAssertEqual(try store.search(JournalQuery(tags: ["beach"])).map(\.entry.id), ["aaaa0002"], line: line)
        XCTAssertThrowsError(try store.editTags(entryID: "aaaa0001", add: ["x"], remove: []), line: line)
        XCTAssertEqual(try store.entry(idPrefix: "aaaa0001").id, "aaaa0001")
        XCTAssertEqual(try store.count(), 3, "the refused write changed nothing", line: line)
    }
}
