import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The first open of an older journal: the notice's size check, and the path index that
/// pairing reads through (migration v18-source-path).
final class UpgradeTests: XCTestCase {
    func testAnOldJournalIsSizedForTheNoticeAndAnUpToDateOneIsNot() throws {
        let root = try copyOfOldLibrary().root
        let path = root.appendingPathComponent("journal.sqlite").path
        let entries = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0 }
        XCTAssertGreaterThan(entries, 0)
        let before = try DatabasePool(path: path)
        XCTAssertEqual(try UpgradeNotice.pendingUpgradeSize(before), entries, "the fixture's rowids run from 1 without gaps")
        try before.close()

        _ = try JournalStore(library: Library(root: root))
        let after = try DatabasePool(path: path)
        XCTAssertNil(try UpgradeNotice.pendingUpgradeSize(after), "every migration applied")
        try after.close()

        let empty = try TemporaryFolder.make("daybook-upgrade-new")
        addTeardownBlock { try? FileManager.default.removeItem(at: empty) }
        let fresh = try DatabasePool(path: empty.appendingPathComponent("journal.sqlite").path)
        XCTAssertNil(try UpgradeNotice.pendingUpgradeSize(fresh), "a journal not yet created has nothing to upgrade")
    }

    func testAnEntryIsFoundByItsPathThroughTheIndex() throws {
        let store = try JournalStore(library: try copyOfOldLibrary())
        let some = try XCTUnwrap(try store.latest(1).first)
        XCTAssertEqual(try store.entry(sourcePath: some.sourcePath)?.id, some.id)
        let plan = try store.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM entry WHERE source_path = ?", arguments: [some.sourcePath])
                .map { $0["detail"] as String }
        }
        XCTAssertTrue(plan.contains { $0.contains("entry_source_path") }, "\(plan)")
    }
}
