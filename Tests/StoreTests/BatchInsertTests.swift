import DaybookCore
import DaybookStoreTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// `insert(batch:)` (imports, seeded journals) writes what one `insert` per entry writes: the
/// same tag rows, found by the same searches, and bytes already stored are left out with
/// their tags. The batch takes a shorter path for a new entry's tags, so the two are compared
/// on the same entries.
final class BatchInsertTests: XCTestCase {
    func testABatchStoresTheTagsThatOneInsertPerEntryStores() throws {
        let batched = try makeStore("daybook-batch")
        let single = try makeStore("daybook-single")
        let entries = (0..<40).map { JournalEntry.numbered($0, text: $0 % 5 == 0 ? "harbour at night" : "market") }
        let tags = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, AutoTag.proposals($0)) })
        XCTAssertEqual(try batched.insert(batch: entries, autoTags: tags, taggerVersion: 3), 40)
        for entry in entries { try single.insert(entry, autoTags: tags[entry.id]!, taggerVersion: 3) }

        for entry in entries {
            let stored = try batched.tags(entryID: entry.id)
            XCTAssertEqual(stored, try single.tags(entryID: entry.id))
            XCTAssertEqual(stored.count, 2)
            XCTAssertTrue(stored.allSatisfy { $0.source == .auto && $0.taggerVersion == 3 })
        }
        XCTAssertEqual(try batched.tags(entryID: entries[0].id).first { $0.name == "blue" }?.score, 0.25)
        // The search index saw every tag and word, through its triggers.
        for query in [JournalQuery(tags: ["night"]), JournalQuery(text: "harbour", tags: ["sky"]), JournalQuery(text: "market")] {
            let found = Set(try batched.search(query).map(\.entry.id))
            XCTAssertFalse(found.isEmpty)
            XCTAssertEqual(found, Set(try single.search(query).map(\.entry.id)))
        }
    }

    func testABatchLeavesOutBytesAlreadyStoredAndTheirTags() throws {
        let store = try makeStore("daybook-batch-known")
        let stored = JournalEntry.numbered(1)
        try store.insert(stored, autoTags: [AutoTag(name: "green", score: 0.7)], taggerVersion: 1)
        // Same bytes as the stored entry, and the same bytes twice within the batch.
        let again = JournalEntry(
            contentHash: stored.contentHash, sourcePath: "/elsewhere/1.jpg", fileSize: 1, pixelSize: nil, thumbnail: nil,
            thumbnailSize: nil, problems: [])
        let twice = [JournalEntry.numbered(2), JournalEntry.numbered(2)]
        let batch = [again, twice[0], twice[1], JournalEntry.numbered(3)]
        let tags = Dictionary(uniqueKeysWithValues: batch.map { ($0.id, [AutoTag(name: "red", score: 0.5)]) })

        XCTAssertEqual(try store.insert(batch: batch, autoTags: tags, taggerVersion: 2), 2)
        XCTAssertEqual(try store.count(), 3)
        XCTAssertEqual(try store.tags(entryID: stored.id).map(\.name), ["green"], "the stored entry's tags are untouched")
        XCTAssertEqual(try store.tags(entryID: again.id), [])
        XCTAssertEqual(try store.tags(entryID: twice[1].id), [])
        XCTAssertEqual(try store.tags(entryID: twice[0].id).map(\.name), ["red"])
        XCTAssertEqual(Set(try store.search(JournalQuery(tags: ["red"])).map(\.entry.id)), [twice[0].id, batch[3].id])
    }
}
