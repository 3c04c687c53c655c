import DaybookImaging
import DaybookSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookIngest
@testable import DaybookStore

/// A photo stored while its file was still short (a writer appending in rounds, a download
/// cut off) is replaced by the file's later version, in place: one photo, one entry.
final class TruncatedFileReplacementTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder("daybook-truncated") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func sample(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Fixtures.samples.appendingPathComponent(name)))
    }

    func write(_ bytes: some Collection<UInt8>, to url: URL) throws { try Data(bytes).write(to: url) }

    func testIngestOfTheWholeFileReplacesItsTruncatedEntryKeepingIDTextTagsAndWeather() throws {
        let journal = try TestJournal()
        let whole = try sample("01-paris-2019-07.jpg")
        let photo = folder.appendingPathComponent("IMG_0001.jpg")
        try write(whole.prefix(whole.count * 6 / 10), to: photo)

        let first = EventLog()
        XCTAssertEqual(try journal.ingest([photo], log: first).created.count, 1, "ingest takes a truncated file at once")
        let truncated = try XCTUnwrap(try journal.store.entries().first)
        XCTAssertTrue(try journal.store.isStoredFromTruncatedFile(id: truncated.id))
        XCTAssertNil(truncated.thumbnail, "no grey-filled thumbnail")
        XCTAssertTrue(
            first.warnings["IMG_0001.jpg", default: []].contains { $0.contains("Premature end of JPEG file") }, "\(first.warnings)")
        XCTAssertEqual(truncated.capturedLocal?.iso8601, "2019-07-14T10:30:00", "its EXIF was complete")

        // The user writes about it and tags it; its weather was found meanwhile.
        try journal.store.edit(entryID: truncated.id, text: "Dinner under the tower")
        try journal.store.editTags(entryID: truncated.id, add: ["holiday"], remove: ["blue"])
        try journal.storeWeather(entryID: truncated.id, observedAt: "2019-07-14T10:00", temperature: 24.5, grid: (48.86, 2.29))

        try write(whole, to: photo)
        let second = EventLog()
        let summary = try journal.ingest([photo], log: second)
        XCTAssertEqual(summary.created, [])
        XCTAssertEqual(summary.replaced, [truncated.id])
        XCTAssertTrue(summary.line.contains("1 truncated entry replaced by its file's new version"), summary.line)
        XCTAssertEqual(second.warnings, [:], "the whole photo reads cleanly")

        XCTAssertEqual(try journal.store.count(), 1)
        let entry = try journal.store.entry(idPrefix: truncated.id)
        XCTAssertEqual(entry.id, truncated.id)
        XCTAssertEqual(entry.text, "Dinner under the tower")
        XCTAssertEqual(entry.createdAt, truncated.createdAt)
        XCTAssertEqual(entry.contentHash, ContentHash.sha256Hex(whole))
        XCTAssertEqual(entry.fileSize, Int64(whole.count))
        XCTAssertNil(entry.problems, "no truncation warning on the complete version")
        XCTAssertFalse(try journal.store.isStoredFromTruncatedFile(id: entry.id))
        XCTAssertEqual(try journal.thumbnail(of: entry).width, 400)
        let tags = try journal.store.tags(entryID: entry.id)
        XCTAssertTrue(tags.contains { $0.name == "holiday" && $0.source == .user }, "\(tags)")
        XCTAssertFalse(tags.contains { $0.name == "blue" }, "a tag the user removed stays removed")
        XCTAssertTrue(tags.contains { $0.source == .auto }, "the pixels are tagged now: \(tags)")
        XCTAssertEqual(try journal.store.search(JournalQuery(text: "tower")).map(\.entry.id), [entry.id], "the search index follows")
        XCTAssertEqual(entry.weatherStatus, .done, "same time and place: the weather still holds")
        XCTAssertEqual(try journal.store.weather(entryID: entry.id)?.temperatureC, 24.5)

        // A third run finds nothing to do.
        let again = try journal.ingest([photo])
        XCTAssertEqual(again.alreadyInJournal, 1)
        XCTAssertEqual(try journal.store.count(), 1)
    }

    func testAnotherPhotoAtThePathTakesNewTimeAndPlaceAndItsWeatherIsFetchedAgain() throws {
        let journal = try TestJournal()
        let paris = try sample("01-paris-2019-07.jpg")
        let photo = folder.appendingPathComponent("upload.jpg")
        try write(paris.prefix(paris.count / 2), to: photo)
        try journal.ingest([photo])
        let truncated = try XCTUnwrap(try journal.store.entries().first)
        try journal.storeWeather(entryID: truncated.id, observedAt: "2019-07-14T10:00", temperature: 24.5, grid: (48.86, 2.29))

        let rio = try sample("02-rio-2020-01.jpg")
        try write(rio, to: photo)
        XCTAssertEqual(try journal.ingest([photo]).replaced, [truncated.id])
        let entry = try journal.store.entry(idPrefix: truncated.id)
        XCTAssertEqual(entry.capturedLocal?.iso8601, "2020-01-05T08:15:30")
        XCTAssertEqual(try XCTUnwrap(entry.location?.latitude), -22.951916, accuracy: 1e-6)
        XCTAssertEqual(entry.weatherStatus, .pending, "the weather of the old time and place is dropped")
        XCTAssertNil(try journal.store.weather(entryID: entry.id))
    }

    func testAPhotoStoredWholeIsNeverReplacedByAnotherFileAtItsPath() throws {
        let journal = try TestJournal()
        let photo = folder.appendingPathComponent("IMG_0002.jpg")
        try write(try sample("03-newyork-2021-03.jpg"), to: photo)
        try journal.ingest([photo])
        try write(try sample("04-sydney-2021-12.jpg"), to: photo)
        let summary = try journal.ingest([photo])
        XCTAssertEqual(summary.created.count, 1, "a complete photo's entry is the user's, whatever the file becomes")
        XCTAssertEqual(summary.replaced, [])
        XCTAssertEqual(try journal.store.count(), 2)
    }

    /// The ingester's rule for a file that ends early, with `incompleteSettleTime` (the watcher's).
    func testAFreshFileThatEndsEarlyWaitsForTheSettleTimeThenIsStoredAsTruncated() throws {
        let library = try Fixtures.temporaryFolder("daybook-library")
        defer { try? FileManager.default.removeItem(at: library) }
        let store = try JournalStore(library: Library(root: library))
        let ingester = try Ingester(store: store, options: IngestOptions(jobs: 1, incompleteSettleTime: 5))
        let whole = try sample("07-deadsea-2022-06.jpg")
        let photo = folder.appendingPathComponent("arriving.jpg")
        try write(whole.prefix(whole.count - 300), to: photo)

        let log = EventLog()
        let summary = try ingester.ingest(paths: [photo.path]) { log.record($0) }
        XCTAssertEqual(summary.incomplete, 1)
        XCTAssertEqual(summary.created, [])
        guard case .incomplete(let path, let settlesAt)? = log.events.first else { return XCTFail("\(log.events)") }
        XCTAssertEqual(path, photo.path)
        let modified = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: photo.path)[.modificationDate] as? Date)
        XCTAssertEqual(settlesAt.timeIntervalSince(modified), 5, accuracy: 0.01)
        XCTAssertEqual(try store.count(), 0)

        // A complete file is never held back, however fresh.
        let complete = folder.appendingPathComponent("complete.jpg")
        try write(whole, to: complete)
        XCTAssertEqual(try ingester.ingest(paths: [complete.path]).created.count, 1)

        // Unchanged for longer than the settle time: stored as it is, marked truncated.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-6)], ofItemAtPath: photo.path)
        let later = try ingester.ingest(paths: [photo.path])
        XCTAssertEqual(later.created.count, 1)
        XCTAssertTrue(try store.isStoredFromTruncatedFile(id: later.created[0]))
    }

    func testReplacementIsOneTransactionAndRemovesTheOldThumbnailOnlyWhenUnreferenced() throws {
        let journal = try TestJournal()
        let store = journal.store
        let files = try ThumbnailFiles(library: store.library)
        let analyzer = PhotoAnalyzer()
        func entry(_ name: String, at path: String) throws -> (JournalEntry, [UInt8]) {
            let bytes = try sample(name)
            let analysis = try analyzer.analyze(bytes)
            let hash = ContentHash.sha256Hex(bytes)
            let thumbnail = try XCTUnwrap(analysis.thumbnail)
            return (
                JournalEntry(
                    contentHash: hash, sourcePath: path, fileSize: Int64(bytes.count), metadata: analysis.metadata,
                    pixelSize: (thumbnail.frame.width, thumbnail.frame.height),
                    thumbnail: ThumbnailName(contentHash: hash)!.fileName,
                    thumbnailSize: (thumbnail.image.width, thumbnail.image.height), problems: []), thumbnail.jpeg
            )
        }
        func save(_ made: (JournalEntry, [UInt8]), truncated: Bool) throws -> JournalStore.SaveOutcome {
            let temporary = try files.writeTemporary(made.1)
            return try store.save(made.0, sourceTruncated: truncated) { try files.moveIntoPlace(temporary, name: made.0.thumbnailName!) }
        }
        let path = folder.appendingPathComponent("a.jpg").path
        let old = try entry("05-createdate-only-2018-05.jpg", at: path)
        XCTAssertEqual(try save(old, truncated: true), .created)
        let oldThumbnail = files.url(for: try XCTUnwrap(old.0.thumbnailName))

        // A failure at the last moment of the transaction changes nothing.
        let new = try entry("06-modifydate-only-2017-09.jpg", at: path)
        struct Interrupted: Error {}
        XCTAssertThrowsError(try store.save(new.0, sourceTruncated: false) { throw Interrupted() })
        XCTAssertEqual(try store.entries().map(\.contentHash), [old.0.contentHash])
        XCTAssertTrue(try store.isStoredFromTruncatedFile(id: old.0.id))
        XCTAssertTrue(FileManager.default.fileExists(atPath: oldThumbnail.path))

        guard case .replaced(let stored) = try save(new, truncated: false) else { return XCTFail("not replaced") }
        XCTAssertEqual(stored.id, old.0.id)
        XCTAssertEqual(try store.entries().map(\.contentHash), [new.0.contentHash])
        XCTAssertFalse(FileManager.default.fileExists(atPath: oldThumbnail.path), "the replaced version's thumbnail is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: files.url(for: new.0.thumbnailName!).path))

        // A thumbnail another entry still refers to stays.
        let otherPath = folder.appendingPathComponent("b.jpg").path
        var shared = try entry("08-no-exif.jpg", at: otherPath)
        XCTAssertEqual(try save(shared, truncated: true), .created)
        var sibling = try entry("09-night-2023-02.jpg", at: folder.appendingPathComponent("c.jpg").path).0
        sibling.thumbnail = shared.0.thumbnail
        XCTAssertEqual(try store.save(sibling, sourceTruncated: false), .created)
        shared = try entry("10-mumbai-2023-08.jpg", at: otherPath)
        guard case .replaced = try save(shared, truncated: false) else { return XCTFail("not replaced") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: files.url(for: sibling.thumbnailName!).path))
        XCTAssertEqual(try store.count(), 3)
    }

    /// A library made before the column existed takes it in place, its entries intact.
    func testALibraryFromBeforeTheTruncationColumnMigratesInPlace() throws {
        let root = try Fixtures.temporaryFolder("daybook-old-library")
        defer { try? FileManager.default.removeItem(at: root) }
        let library = Library(root: root)
        try FileManager.default.createDirectory(at: library.thumbnailsURL, withIntermediateDirectories: true)
        let bytes = try sample("01-paris-2019-07.jpg")
        let analysis = try PhotoAnalyzer().analyze(bytes)
        let old = JournalEntry(
            contentHash: ContentHash.sha256Hex(bytes), sourcePath: "/photos/p.jpg", fileSize: Int64(bytes.count),
            metadata: analysis.metadata, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        do {
            let queue = try DatabaseQueue(path: library.databaseURL.path)
            try Schema.migrator.migrate(queue, upTo: "v4-journal")
            // The columns of v4 only: today's entry has more.
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO entry (id, content_hash, source_path, file_size, orientation, created_at, updated_at)
                        VALUES (?, ?, ?, ?, 1, ?, ?)
                        """, arguments: [old.id, old.contentHash, old.sourcePath, old.fileSize, old.createdAt, old.updatedAt])
            }
        }
        let store = try JournalStore(library: library)
        XCTAssertEqual(try store.entries().map(\.id), [old.id])
        XCTAssertFalse(try store.isStoredFromTruncatedFile(id: old.id))
        try store.pool.read { db in
            XCTAssertTrue(try db.columns(in: "entry").contains { $0.name == "source_truncated" })
            XCTAssertTrue(try db.indexes(on: "entry").contains { $0.name == "entry_truncated_source" })
        }
    }
}
