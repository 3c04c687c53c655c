import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// What ingest asks the journal for every new photo must be found through an index, or each
/// photo costs a read of the whole library, which grows with every photo. SQLite's own plan
/// says which: "SEARCH … USING INDEX", never "SCAN entry".
final class IngestQueryPlanTests: XCTestCase {
    func plan(_ sql: String, in store: JournalStore) throws -> String {
        try store.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["/photos/1.jpg"]).map { $0["detail"] as String }
                .joined(separator: "\n")
        }
    }

    func testTheLookupOfAnEntryStoredFromATruncatedFileIsAnIndexSearch() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-ingest-plan")))
        let plan = try plan(JournalStore.truncatedEntrySQL, in: store)
        // Its partial index, or the path index (v18-source-path), whichever SQLite prefers.
        XCTAssertTrue(plan.contains("USING INDEX entry_truncated_source") || plan.contains("USING INDEX entry_source_path"), plan)
        XCTAssertFalse(plan.contains("SCAN entry"), plan)
    }

    func testAFileEndingEarlyIsStillReplacedByItsWholeVersion() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-ingest-truncated")))
        let capture = CaptureTime(local: LocalDateTime(exif: "2021:07:01 10:00:00")!, source: .dateTimeOriginal)
        let cut = JournalEntry(
            contentHash: String(repeating: "a", count: 64), sourcePath: "/photos/1.jpg", fileSize: 10, capture: capture, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        let other = JournalEntry(
            contentHash: String(repeating: "c", count: 64), sourcePath: "/photos/2.jpg", fileSize: 20, capture: capture, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        XCTAssertEqual(try store.save(cut, sourceTruncated: true), .created)
        XCTAssertEqual(try store.save(other, sourceTruncated: false), .created)
        let whole = JournalEntry(
            contentHash: String(repeating: "b", count: 64), sourcePath: "/photos/1.jpg", fileSize: 20, capture: capture, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        guard case .replaced(let stored) = try store.save(whole, sourceTruncated: false) else {
            return XCTFail("the whole file should replace the entry stored from its truncated version")
        }
        XCTAssertEqual(stored.id, cut.id)
        XCTAssertEqual(try store.count(), 2)
        XCTAssertFalse(try store.isStoredFromTruncatedFile(id: cut.id))
        // A complete entry at another path is never taken for a truncated one.
        let again = JournalEntry(
            contentHash: String(repeating: "d", count: 64), sourcePath: "/photos/2.jpg", fileSize: 20, capture: capture, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        XCTAssertEqual(try store.save(again, sourceTruncated: false), .created)
        XCTAssertEqual(try store.count(), 3)
    }
}
