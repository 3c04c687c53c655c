import DaybookImaging
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DaybookIngest
@testable import DaybookStore

/// The `Refiner` on real photos. Until the first-look extraction lands, a first look is made
/// by hand: the photos are ingested with 40-pixel thumbnails and queued for 400-pixel ones,
/// which is what a small embedded preview waiting for its full thumbnail looks like.
final class RefinerTests: XCTestCase {
    private let names = ["01-paris-2019-07.jpg", "02-rio-2020-01.jpg", "03-newyork-2021-03.jpg"]

    /// A library whose entries have 40-pixel thumbnails, each queued for a 400-pixel one, and
    /// a refiner for it (made at another size: the queue's size is the one that counts).
    private func firstLooks(_ label: String) throws -> (TestJournal, Refiner, folder: URL) {
        let photos = try Fixtures.temporaryFolder(label)
        for name in names {
            try FileManager.default.copyItem(at: Fixtures.samples.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        let journal = try TestJournal()
        let small = IngestOptions(jobs: 2, thumbnailSize: 40)
        let smallIngester = try Ingester(store: journal.store, options: small)
        let summary = try smallIngester.ingest(paths: [photos.path])
        XCTAssertEqual(summary.created.count, names.count)
        for entry in try journal.store.entries() {
            XCTAssertEqual(max(try journal.thumbnail(of: entry).width, try journal.thumbnail(of: entry).height), 40)
            try journal.store.queueRefinement(entryID: entry.id, fullSide: 400)
        }
        let refiner = Refiner(ingester: try Ingester(store: journal.store, options: IngestOptions(jobs: 2, thumbnailSize: 64)))
        return (journal, refiner, photos)
    }

    func testTheFullThumbnailReplacesTheFirstLook() throws {
        let (journal, refiner, _) = try firstLooks("daybook-refine-full")
        let hashesBefore = try journal.store.pool.read { db in try Int64.fetchAll(db, sql: "SELECT perceptual_hash FROM entry") }
        XCTAssertEqual(hashesBefore.count, names.count)
        let outcomes = OutcomeLog()
        let summary = try XCTUnwrap(try refiner.runWaiting(onOutcome: outcomes.record))
        XCTAssertEqual(summary.refined, names.count, "\(outcomes.all)")
        XCTAssertEqual(summary.queue, RefinementCounts())
        for entry in try journal.store.entries() {
            let image = try journal.thumbnail(of: entry)
            XCTAssertEqual(max(image.width, image.height), 400, entry.sourcePath)
            XCTAssertEqual(entry.thumbnailWidth, image.width)
            XCTAssertEqual(entry.thumbnailHeight, image.height)
            XCTAssertFalse(try journal.store.awaitsRefinement(contentHash: entry.contentHash))
        }
        // Every photo keeps a hash, now the full thumbnail's.
        let hashesAfter = try journal.store.pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT perceptual_hash FROM entry WHERE perceptual_hash IS NOT NULL")
        }
        XCTAssertEqual(hashesAfter.count, names.count)
        let listing = try ThumbnailFiles(library: journal.store.library).listing()
        XCTAssertEqual(listing.thumbnails.count, names.count)
        XCTAssertTrue(listing.temporaries.isEmpty, "\(listing.temporaries)")
        // A second run finds nothing to do.
        XCTAssertEqual(try refiner.runWaiting()?.handled, 0)
    }

    func testAChangedOrDeletedFileStallsItsEntryWithItsFirstLook() throws {
        let (journal, refiner, photos) = try firstLooks("daybook-refine-changed")
        let changed = photos.appendingPathComponent(names[0])
        let deleted = photos.appendingPathComponent(names[1])
        let original = try Data(contentsOf: changed)
        try Data(original.reversed()).write(to: changed)
        let saved = try Data(contentsOf: deleted)
        try FileManager.default.removeItem(at: deleted)

        let outcomes = OutcomeLog()
        let summary = try XCTUnwrap(try refiner.runWaiting(onOutcome: outcomes.record))
        XCTAssertEqual(summary.refined, 1)
        XCTAssertEqual(summary.stalled, 2)
        XCTAssertEqual(summary.queue, RefinementCounts(refined: 0, waiting: 0, stalled: 2))
        let reasons = Dictionary(
            uniqueKeysWithValues: outcomes.all.compactMap { outcome -> (String, String)? in
                guard case .stalled(_, let path, let reason) = outcome else { return nil }
                return ((path as NSString).lastPathComponent, reason)
            })
        XCTAssertEqual(reasons[names[0]], "the file holds other bytes now")
        XCTAssertEqual(reasons[names[1]], "the file is gone")
        let entries = try journal.entriesByFile()
        for name in names.prefix(2) {
            let entry = try XCTUnwrap(entries[name])
            XCTAssertEqual(max(try journal.thumbnail(of: entry).width, try journal.thumbnail(of: entry).height), 40, name)
            XCTAssertTrue(try journal.store.awaitsRefinement(contentHash: entry.contentHash))
        }
        XCTAssertEqual(try refiner.runWaiting()?.handled, 0, "a stalled entry is not tried again where it failed")

        // The deleted photo's bytes turn up elsewhere, and an ingest notes the new path:
        // the next run refines it.
        let moved = try Fixtures.temporaryFolder("daybook-refine-moved").appendingPathComponent(names[1])
        try saved.write(to: moved)
        XCTAssertEqual(try journal.ingest([moved]).alreadyInJournal, 1)
        let again = try XCTUnwrap(try refiner.runWaiting())
        XCTAssertEqual(again.refined, 1)
        XCTAssertEqual(again.queue, RefinementCounts(refined: 0, waiting: 0, stalled: 1))
        let entry = try XCTUnwrap(try journal.store.entry(contentHash: try XCTUnwrap(entries[names[1]]).contentHash))
        XCTAssertEqual(max(try journal.thumbnail(of: entry).width, try journal.thumbnail(of: entry).height), 400)
    }

    func testARunFindingAnotherRefinerLeavesTheQueueAlone() throws {
        let (journal, refiner, _) = try firstLooks("daybook-refine-busy")
        let held = try XCTUnwrap(try RefinerLock.take(journal.store.library))
        XCTAssertNil(try refiner.runWaiting())
        XCTAssertEqual(try journal.store.refinementCounts().waiting, names.count)
        withExtendedLifetime(held) {}
    }

    /// A journal exported while first looks wait, and imported elsewhere, keeps them waiting:
    /// the new library refines them from the photos (the archive's JSON, read back whole).
    func testAnExportCarriesTheFirstLooksStillWaiting() throws {
        let (journal, _, _) = try firstLooks("daybook-refine-export")
        let refinedFirst = try XCTUnwrap(try journal.store.entries().first)
        try journal.store.pool.write { db in
            try db.execute(
                sql: "UPDATE refinement SET refined_at = '2026-11-30T00:00:00Z' WHERE entry_id = ?", arguments: [refinedFirst.id])
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let json = try encoder.encode(try journal.store.exportArchive())
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains("\"full_thumbnail_side\":400"))
        let archive = try JournalArchive.decodeAndValidate(json)
        XCTAssertEqual(archive.items.compactMap(\.fullThumbnailSide), [400, 400], "the entry refined already awaits nothing")

        let moved = try TestJournal()
        XCTAssertEqual(try moved.store.importArchive(archive), names.count)
        XCTAssertEqual(try moved.store.refinementCounts().waiting, names.count - 1)
        let summary = try XCTUnwrap(try Refiner(ingester: moved.ingester).runWaiting())
        XCTAssertEqual(summary.refined, names.count - 1)
        for entry in try moved.store.entries() where entry.id != refinedFirst.id {
            XCTAssertEqual(max(try moved.thumbnail(of: entry).width, try moved.thumbnail(of: entry).height), 400, entry.sourcePath)
        }
    }

    func testAnArchiveAwaitingAFullThumbnailOfNoneIsRefused() throws {
        let (journal, _, _) = try firstLooks("daybook-refine-export-bad")
        var archive = try journal.store.exportArchive()
        archive.items[0].fullThumbnailSide = 100_000
        XCTAssertThrowsError(try TestJournal().store.importArchive(archive)) { error in
            XCTAssertTrue("\(error)".contains("full_thumbnail_side: 100000 is outside 16...4096"), "\(error)")
        }
        archive.items[0].fullThumbnailSide = 400
        archive.items[0].entry.thumbnail = nil
        archive.items[0].thumbnail = nil
        XCTAssertThrowsError(try TestJournal().store.importArchive(archive)) { error in
            XCTAssertTrue("\(error)".contains("without a thumbnail"), "\(error)")
        }
    }
}

private final class OutcomeLog: Sendable {
    private let stored = Mutex<[RefineOutcome]>([])
    func record(_ outcome: RefineOutcome) { stored.withLock { $0.append(outcome) } }
    var all: [RefineOutcome] { stored.withLock { $0 } }
}
