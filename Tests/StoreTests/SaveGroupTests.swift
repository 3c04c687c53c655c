import DaybookCore
import DaybookStoreTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// `save(group:)`, an ingest's transaction of several photos: each entry is saved
/// as `save` saves it, and one that fails is rolled back alone.
final class SaveGroupTests: XCTestCase {
    struct MoveFailed: Error {}

    func testAFailingEntryIsRolledBackAloneAndTheOthersAreStored() throws {
        let store = try makeStore("daybook-save-group")
        let group = [EntrySave.numbered(1), EntrySave.numbered(2) { throw MoveFailed() }, EntrySave.numbered(3)]
        let results = try store.save(group: group)
        XCTAssertEqual(results.count, 3)
        XCTAssertEqual(try results[0].get().outcome, .created)
        XCTAssertThrowsError(try results[1].get()) { XCTAssertTrue($0 is MoveFailed, "\($0)") }
        XCTAssertEqual(try results[2].get().outcome, .created)
        XCTAssertNil(try results[2].get().stackProblem)

        // Stored: the two good entries with their tags, search words and perceptual hashes;
        // nothing of the failed one, not even its tags or words.
        XCTAssertEqual(Set(try store.entries().map(\.id)), [group[0].entry.id, group[2].entry.id])
        let rows = try store.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT entry_id, count(*) AS n FROM tag GROUP BY entry_id ORDER BY entry_id")
        }
        XCTAssertEqual(Set(rows.map { $0["entry_id"] as String }), [group[0].entry.id, group[2].entry.id])
        let found = try store.pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT entry_id FROM search_key WHERE key IN (SELECT rowid FROM entry_search WHERE entry_search MATCH 'harbour')")
        }
        XCTAssertEqual(Set(found), [group[0].entry.id, group[2].entry.id])
        let hashes = try store.pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT perceptual_hash FROM entry WHERE perceptual_hash IS NOT NULL ORDER BY perceptual_hash")
        }
        XCTAssertEqual(hashes, [1, 3])
    }

    func testTheSameBytesTwiceInOneGroupAreOneEntry() throws {
        let store = try makeStore("daybook-save-group-twice")
        let first = EntrySave.numbered(7)
        var copy = first
        copy.entry = JournalEntry(
            contentHash: first.entry.contentHash, sourcePath: "/elsewhere/7.jpg", fileSize: 1, capture: nil, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        let results = try store.save(group: [first, copy])
        XCTAssertEqual(try results[0].get().outcome, .created)
        XCTAssertEqual(try results[1].get().outcome, .existing(id: first.entry.id))
        XCTAssertEqual(try store.count(), 1)
        XCTAssertEqual(try store.entries().first?.sourcePath, "/elsewhere/7.jpg", "the path seen last")
    }
}
