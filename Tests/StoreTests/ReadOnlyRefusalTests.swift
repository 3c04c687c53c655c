import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

final class ReadOnlyRefusalTests: XCTestCase {
    /// SQLite's own refusal, from a database that is read-only under the connection, is
    /// recognised as one.
    func testSQLitesReadOnlyRefusalIsRecognised() throws {
        let folder = try TemporaryFolder.make("daybook-read-only-refusal")
        let path = folder.appendingPathComponent("journal.sqlite").path
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t (x)") }
        var configuration = Configuration()
        configuration.readonly = true
        let reader = try DatabaseQueue(path: path, configuration: configuration)
        XCTAssertThrowsError(try reader.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO t VALUES (1)") }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_READONLY)
            XCTAssertTrue(StoreError.isReadOnlyRefusal(error))
        }
        XCTAssertFalse(StoreError.isReadOnlyRefusal(DatabaseError(resultCode: .SQLITE_BUSY)))
        XCTAssertFalse(StoreError.isReadOnlyRefusal(CocoaError(.fileWriteNoPermission)))
    }
}
