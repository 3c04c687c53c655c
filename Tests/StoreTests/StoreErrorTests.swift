import DaybookStore
import Foundation
import GRDB
import XCTest

/// A store error carries a code to act on, one line naming the file, and the error from below.
final class StoreErrorTests: XCTestCase {
    var base: URL!
    var library: Library { Library(root: base.appendingPathComponent("library")) }

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-store-error-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: library.root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func storeError(_ body: () throws -> Void) throws -> StoreError {
        do {
            try body()
        } catch let error as StoreError {
            return error
        }
        XCTFail("no error was thrown")
        throw NothingThrown()
    }

    struct NothingThrown: Error {}

    func testAFileThatIsNotADatabaseKeepsSQLitesError() throws {
        try Data(repeating: 0x41, count: 4096).write(to: library.databaseURL)
        let error = try storeError { _ = try JournalStore(library: library) }
        XCTAssertEqual(error.code, .database)
        XCTAssertTrue(error.description.hasPrefix("cannot open the journal at \(library.databaseURL.path): "), error.description)
        let sqlite = try XCTUnwrap(error.underlying as? DatabaseError, "\(String(describing: error.underlying))")
        XCTAssertEqual(sqlite.resultCode, .SQLITE_NOTADB)
        XCTAssertFalse(error.description.contains("\n"))
    }

    func testAFailedSystemCallKeepsItsErrno() throws {
        // A link in the database file's place is never followed (O_NOFOLLOW): ELOOP.
        try FileManager.default.createSymbolicLink(
            atPath: library.databaseURL.path, withDestinationPath: base.appendingPathComponent("elsewhere.sqlite").path)
        let error = try storeError { _ = try JournalStore(library: library) }
        XCTAssertEqual(error.code, .io)
        XCTAssertEqual(error.description, "cannot create \(library.databaseURL.path): \(String(cString: strerror(ELOOP)))")
        XCTAssertEqual((error.underlying as? POSIXError)?.code, .ELOOP)
        XCTAssertFalse(FileManager.default.fileExists(atPath: base.appendingPathComponent("elsewhere.sqlite").path))
    }

    func testCodesTellFailuresApart() throws {
        let error = try storeError { _ = try JournalStore.openExisting(library: library) }
        XCTAssertEqual(error.code, .noJournal)
        XCTAssertEqual(error.description, "no journal at \(library.root.path): run `daybook ingest FOLDER` first, or pass --library")
        XCTAssertNil(error.underlying)

        let store = try JournalStore(library: library)
        let notFound = try storeError { _ = try store.entry(idPrefix: "abcd") }
        XCTAssertEqual(notFound.code, .entryNotFound)
        XCTAssertNotEqual(notFound.code, StoreError.Code.ambiguousID)
        XCTAssertEqual("\(notFound.code)", "entryNotFound")
    }
}
