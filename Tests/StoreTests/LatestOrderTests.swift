import DaybookCore
import DaybookStoreTestSupport
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// `latest` reads the entries newest added first, ties by id, from an index in that exact order
/// (v21-latest-order): a bulk ingest gives thousands of entries one `created_at`, and an
/// index on `created_at` alone would leave those ties to a sort of all of them.
final class LatestOrderTests: XCTestCase {
    /// The order `latest` gives, as a rule: newest `created_at` first, then smallest id.
    static func addedLater(_ a: JournalEntry, _ b: JournalEntry) -> Bool {
        a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id < b.id
    }

    /// 60 entries over three `created_at` instants with ids in no order, as the timeline's
    /// tests seed them, plus 500 added in one second (a bulk ingest's tie).
    static func seededStore() throws -> (JournalStore, [JournalEntry]) {
        let (store, _) = try makeTiedStore()
        var generator = SplitMix64(seed: 23)
        let created = JournalEntry.timestamp(Date(timeIntervalSince1970: 1_700_000_001))
        let tied = (0..<500).map { index in
            let id = String(format: "%08x-0000-4000-8000-%012x", UInt32.random(in: 0...UInt32.max, using: &generator), index)
            return JournalEntry(
                id: id, contentHash: String(repeating: "1", count: 52) + String(format: "%012x", index), sourcePath: "/bulk/\(index).jpg",
                fileSize: 1, capturedLocal: nil, captureSubsec: nil, captureSource: nil, offset: nil, location: nil, cameraMake: nil,
                cameraModel: nil, pixelWidth: nil, pixelHeight: nil, orientation: .up, thumbnail: nil, thumbnailWidth: nil,
                thumbnailHeight: nil, problems: nil, text: "", weatherStatus: .unavailable, weatherError: nil, createdAt: created,
                updatedAt: created)
        }
        XCTAssertEqual(try store.insert(batch: tied), 500)
        return (store, try store.entries())
    }

    func testLatestKeepsItsOrderThroughTiesAtEveryLength() throws {
        let (store, all) = try Self.seededStore()
        XCTAssertEqual(all.count, 560)
        let expected = all.sorted(by: Self.addedLater).map(\.id)
        for count in [1, 2, 20, 59, 61, 300, 560, 1000] {
            XCTAssertEqual(try store.latest(count).map(\.id), Array(expected.prefix(count)), "latest(\(count))")
        }
    }

    func testLatestReadsItsIndexWithoutASort() throws {
        let (store, _) = try Self.seededStore()
        let plan = try store.pool.read { db in
            let statement = try JournalReader.latestRequest(20).makePreparedRequest(db).statement
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
                .map { $0["detail"] as String }.joined(separator: "\n")
        }
        XCTAssertTrue(plan.contains("USING INDEX entry_latest"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }
}
