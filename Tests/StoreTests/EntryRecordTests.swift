import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

/// The entry row read into Core values: a value daybook never writes is refused naming the
/// column, never guessed at (and never a crash).
final class EntryRecordTests: XCTestCase {
    func testAColumnDaybookNeverWroteIsAnErrorNamingIt() throws {
        let library = Library(root: try TemporaryFolder.make("daybook-record"))
        let store = try JournalStore(library: library)
        try store.insert(ArchiveFixture.entry(id: "aaaa0001", hash: ArchiveFixture.hash("a")))
        XCTAssertEqual(try store.entries().first?.capturedLocal?.iso8601, "2021-07-01T10:00:00")
        let queue = try DatabaseQueue(path: library.databaseURL.path)
        for (column, value) in [("captured_local", "2021:07:01 10:00:00"), ("capture_source", "Scanner"), ("orientation", "9")] {
            try queue.write { db in
                try db.execute(
                    sql: "UPDATE entry SET captured_local = '2021-07-01T10:00:00', capture_source = 'DateTimeOriginal', orientation = 1")
                try db.execute(sql: "UPDATE entry SET \(column) = ?", arguments: [value])
            }
            XCTAssertThrowsError(try store.entries(), column) { error in
                XCTAssertTrue("\(error)".contains("entry aaaa0001: \(column) holds \(value)"), "\(error)")
            }
        }
    }
}
