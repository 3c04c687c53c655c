import DaybookCore
import DaybookStoreTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The refinement queue (JournalStore+Refinement): an entry saved with a first look joins it
/// in its own transaction, and leaves it in the one that moves its full thumbnail into place.
final class RefinementQueueTests: XCTestCase {
    /// Entry `index` as an ingest saves it with a thumbnail named by its hash; a first look
    /// when `firstLookSide` is given.
    private func save(_ index: Int, firstLookSide: Int?, in store: JournalStore) throws -> JournalEntry {
        var save = EntrySave.numbered(index)
        save.entry.thumbnail = ThumbnailName(contentHash: save.entry.contentHash)?.fileName
        save.entry.thumbnailWidth = 40
        save.entry.thumbnailHeight = 30
        save.firstLookFullSide = firstLookSide
        XCTAssertEqual(try store.save(group: [save]).first?.get().outcome, .created)
        return save.entry
    }

    func testAFirstLookIsQueuedWithItsEntryAndFinishedWithItsFullThumbnail() throws {
        let store = try makeStore("daybook-refine-queue")
        let files = try ThumbnailFiles(library: store.library)
        let first = try save(1, firstLookSide: 400, in: store)
        let second = try save(2, firstLookSide: 600, in: store)
        _ = try save(3, firstLookSide: nil, in: store)
        let name = try XCTUnwrap(ThumbnailName(contentHash: first.contentHash))
        try files.moveIntoPlace(try files.writeTemporary(Array("first look".utf8)), name: name)

        XCTAssertEqual(try store.refinementCounts(), RefinementCounts(refined: 0, waiting: 2, stalled: 0))
        XCTAssertTrue(try store.awaitsRefinement(contentHash: first.contentHash))
        let batch = try store.refinementBatch(after: 0, limit: 10)
        XCTAssertEqual(batch.map(\.entryID), [first.id, second.id], "in the order they were queued")
        XCTAssertEqual(batch.map(\.thumbnailSide), [400, 600])
        XCTAssertEqual(batch.first?.sourcePath, "/p/1.jpg")
        XCTAssertEqual(try store.refinementBatch(after: batch[0].seq, limit: 10).map(\.entryID), [second.id])

        let temporary = try files.writeTemporary(Array("full thumbnail".utf8), durable: true)
        let refined = RefinedThumbnail(
            task: batch[0], temporary: temporary, thumbnailSize: (400, 300), frame: (4000, 3000), perceptualHash: nil)
        XCTAssertTrue(try store.finishRefinement(refined, files: files))
        XCTAssertEqual(try files.read(name), Array("full thumbnail".utf8))
        let stored = try XCTUnwrap(try store.entry(contentHash: first.contentHash))
        XCTAssertEqual(stored.thumbnailWidth, 400)
        XCTAssertEqual(stored.thumbnailHeight, 300)
        XCTAssertEqual(stored.pixelWidth, 4000)
        XCTAssertFalse(try store.awaitsRefinement(contentHash: first.contentHash))
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts(refined: 1, waiting: 1, stalled: 0), "1 of 2 done")
        XCTAssertTrue(try files.listing().temporaries.isEmpty)

        // Finished twice (a second refiner's leftover): nothing is written.
        let again = try files.writeTemporary(Array("other".utf8))
        XCTAssertFalse(
            try store.finishRefinement(
                RefinedThumbnail(task: batch[0], temporary: again, thumbnailSize: (1, 1), frame: nil, perceptualHash: nil),
                files: files))
        files.discard(again)
        XCTAssertEqual(try files.read(name), Array("full thumbnail".utf8))

        // The last waiting entry's file is gone: it stalls, and the finished rows are forgotten.
        try store.stallRefinement(batch[1], path: "/p/2.jpg", reason: "the file is gone")
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts(refined: 0, waiting: 0, stalled: 1))
        XCTAssertEqual(try store.retryStalledRefinements(), 0, "not seen anywhere else yet")
        try store.noteSeen(id: second.id, at: "/elsewhere/2.jpg")
        XCTAssertEqual(try store.retryStalledRefinements(), 1)
        XCTAssertEqual(try store.refinementBatch(after: 0, limit: 10).map(\.sourcePath), ["/elsewhere/2.jpg"])

        // Deleting the entry takes it out of the queue.
        _ = try store.delete(entryIDs: [second.id])
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts())
    }

    func testTheSameEntrySavedWithAFullThumbnailLeavesTheQueue() throws {
        let store = try makeStore("daybook-refine-replaced")
        var save = EntrySave.numbered(5)
        save.entry.thumbnail = ThumbnailName(contentHash: save.entry.contentHash)?.fileName
        save.firstLookFullSide = 400
        _ = try store.save(group: [save])
        XCTAssertEqual(try store.refinementCounts().waiting, 1)
        // Stored again from a truncated file's complete version, with a full thumbnail.
        try store.pool.write { db in try db.execute(sql: "UPDATE entry SET source_truncated = 1") }
        var complete = EntrySave.numbered(6)
        complete.entry.sourcePath = save.entry.sourcePath
        complete.entry.thumbnail = ThumbnailName(contentHash: complete.entry.contentHash)?.fileName
        guard case .replaced(let stored) = try store.save(group: [complete]).first?.get().outcome else {
            return XCTFail("the truncated entry was not replaced")
        }
        XCTAssertEqual(stored.id, save.entry.id)
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts())
    }

    func testAForgottenThumbnailIsRestoredAndAStaleRowGoes() throws {
        let store = try makeStore("daybook-refine-forgotten")
        let files = try ThumbnailFiles(library: store.library)
        let forgotten = try save(7, firstLookSide: 400, in: store)
        let stale = try save(8, firstLookSide: 400, in: store)
        // A repair found the first look's file gone; the other entry's bytes changed by a path
        // that did not follow the queue.
        try store.pool.write { db in
            try db.execute(sql: "UPDATE entry SET thumbnail = NULL WHERE id = ?", arguments: [forgotten.id])
            try db.execute(sql: "UPDATE entry SET content_hash = ? WHERE id = ?", arguments: [String(repeating: "e", count: 64), stale.id])
        }
        let batch = try store.refinementBatch(after: 0, limit: 10)
        XCTAssertEqual(batch.map(\.entryID), [forgotten.id, stale.id])
        for task in batch {
            let temporary = try files.writeTemporary(Array("full \(task.entryID)".utf8), durable: true)
            let refined = RefinedThumbnail(task: task, temporary: temporary, thumbnailSize: (400, 300), frame: nil, perceptualHash: nil)
            let finished = try store.finishRefinement(refined, files: files)
            XCTAssertEqual(finished, task.entryID == forgotten.id, task.entryID)
            if !finished { files.discard(temporary) }
        }
        let name = try XCTUnwrap(ThumbnailName(contentHash: forgotten.contentHash))
        XCTAssertEqual(try store.entry(contentHash: forgotten.contentHash)?.thumbnail, name.fileName)
        XCTAssertEqual(try files.read(name), Array("full \(forgotten.id)".utf8))
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts(), "the stale row went, and with it the finished one")
        XCTAssertTrue(try files.listing().temporaries.isEmpty)
    }

    func testQueueingAnUnknownEntryFails() throws {
        let store = try makeStore("daybook-refine-unknown")
        XCTAssertThrowsError(try store.queueRefinement(entryID: "nope")) { error in
            XCTAssertEqual((error as? StoreError)?.code, .entryNotFound)
        }
    }
}
