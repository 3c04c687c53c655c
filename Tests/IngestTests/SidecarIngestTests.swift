import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest
@testable import DaybookStore

/// Sidecars through the whole ingest: both namings, counted apart and never as entries; the
/// sidecar's content as part of what makes an entry current, a changed sidecar re-reading
/// its entry in place; broken and hostile sidecars as warnings with the photo stored.
final class SidecarIngestTests: XCTestCase {
    static let fixtures = Repository.fixtures.appendingPathComponent("xmp")
    var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder("daybook-sidecars") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The plain fixture photo, made distinct by `marker` bytes after its end (so two copies
    /// are two photos, not one deduplicated entry).
    @discardableResult
    func photo(_ name: String, marker: UInt8 = 0, from source: URL = fixtures.appendingPathComponent("plain.jpg")) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try (try Data(contentsOf: source) + Data([0, marker])).write(to: url)
        return url
    }

    @discardableResult
    func sidecar(_ fixture: String, as name: String, modified: Date? = nil) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: url)
        if let modified { try setModified(url, modified) }
        return url
    }

    func setModified(_ url: URL, _ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    func testBothNamingsAreReadAndSidecarsAreCountedApart() throws {
        let journal = try TestJournal()
        try photo("IMG_0001.jpg", marker: 1)
        try sidecar("sidecar-elements.xmp", as: "IMG_0001.xmp")
        try photo("IMG_0002.jpg", marker: 2)
        try sidecar("sidecar-dms-attributes.xmp", as: "IMG_0002.jpg.xmp")
        try sidecar("sidecar-corrected.xmp", as: "orphan.xmp")

        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 2)
        XCTAssertEqual(summary.sidecars, 3)
        XCTAssertEqual([summary.failed, summary.skipped, summary.alreadyInJournal], [0, 0, 0])
        XCTAssertEqual(log.warnings, [:])
        XCTAssertTrue(summary.line.hasSuffix("3 sidecars (read with their photos)"), summary.line)
        XCTAssertEqual(try journal.store.count(), 2, "a sidecar is never an entry")

        let entries = try journal.entriesByFile()
        let lightroom = try XCTUnwrap(entries["IMG_0001.jpg"])
        XCTAssertEqual(lightroom.capturedLocal?.iso8601, "2022-06-10T18:05:00")
        XCTAssertEqual(lightroom.captureSource, .sidecar)
        XCTAssertEqual(lightroom.offset?.formatted, "+03:00")
        XCTAssertEqual(lightroom.locationSource, .sidecar)
        XCTAssertEqual(lightroom.location?.altitude, -430)
        XCTAssertEqual(lightroom.weatherStatus, .pending, "a date and a place from a sidecar get weather too")
        let darktable = try XCTUnwrap(entries["IMG_0002.jpg"])
        XCTAssertEqual(darktable.capturedLocal?.iso8601, "2021-12-24T21:00:30")
        XCTAssertEqual(try XCTUnwrap(darktable.location?.latitude), -(33 + 51.0 / 60 + 24.42 / 3600), accuracy: 1e-9)
        XCTAssertEqual(darktable.locationSource, .sidecar)

        let again = try journal.ingest([folder])
        XCTAssertEqual(again.alreadyInJournal, 2)
        XCTAssertEqual(again.sidecars, 3)
        XCTAssertEqual(again.reread, [])
    }

    func testTheNamingWithTheWholeFileNameWinsWhenBothExist() throws {
        let journal = try TestJournal()
        let image = try photo("IMG_0003.jpg")
        try sidecar("sidecar-elements.xmp", as: "IMG_0003.xmp")
        try sidecar("sidecar-corrected.xmp", as: "IMG_0003.jpg.xmp")
        try journal.ingest([image])
        XCTAssertEqual(try journal.store.entries().first?.capturedLocal?.iso8601, "2019-07-15T08:00:00")
    }

    func testAnOlderSidecarFillsGapsANewerOneComesFirst() throws {
        let journal = try TestJournal()
        let paris = try photo("paris.jpg", from: Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg"))
        let now = Date()
        try setModified(paris, now)
        let side = try sidecar("sidecar-corrected.xmp", as: "paris.jpg.xmp", modified: now.addingTimeInterval(-3600))
        try journal.ingest([paris])
        let first = try XCTUnwrap(try journal.store.entries().first)
        XCTAssertEqual(first.captureSource, .dateTimeOriginal, "the photo's own EXIF comes before an older sidecar")
        XCTAssertEqual(first.locationSource, .exif)
        XCTAssertEqual(try journal.store.sidecarVersion(entryID: first.id)?.cameFirst, false)

        // Saved again after the photo (a date corrected in digiKam): it now comes first.
        try setModified(side, now.addingTimeInterval(60))
        let summary = try journal.ingest([paris])
        XCTAssertEqual(summary.reread, [first.id])
        XCTAssertTrue(summary.line.contains("1 entry read again with its changed sidecar"), summary.line)
        let corrected = try journal.store.entry(idPrefix: first.id)
        XCTAssertEqual(corrected.capturedLocal?.iso8601, "2019-07-15T08:00:00")
        XCTAssertEqual(corrected.captureSource, .sidecar)
        XCTAssertEqual(corrected.locationSource, .sidecar)
        XCTAssertEqual(try XCTUnwrap(corrected.location?.latitude), 43 + 17.79 / 60, accuracy: 1e-9)
        XCTAssertEqual(corrected.cameraModel, "SampleCam One", "what only EXIF says stays")
        XCTAssertEqual(try journal.store.sidecarVersion(entryID: first.id)?.cameFirst, true)
    }

    func testAChangedSidecarRereadsTheEntryInPlaceKeepingTheUsersWork() throws {
        let journal = try TestJournal()
        let image = try photo("IMG_0004.jpg")
        let side = try sidecar("sidecar-elements.xmp", as: "IMG_0004.xmp")
        try journal.ingest([folder])
        let before = try XCTUnwrap(try journal.store.entries().first)
        let autoTags = try journal.store.tags(entryID: before.id).filter { $0.source == .auto }.map(\.name)
        let removed = try XCTUnwrap(autoTags.first, "the grey photo has colour tags")
        try journal.store.edit(entryID: before.id, text: "Swimming at the lowest place on Earth")
        try journal.store.editTags(entryID: before.id, add: ["holiday"], remove: [removed])
        try journal.storeWeather(entryID: before.id, observedAt: "2022-06-10T15:00", temperature: 38.5, grid: (31.56, 35.47))

        // The sidecar is rewritten (another date and place); the photo is untouched.
        try sidecar("sidecar-corrected.xmp", as: "IMG_0004.xmp", modified: try modified(side).addingTimeInterval(5))
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.reread, [before.id])
        XCTAssertEqual(summary.created, [])
        XCTAssertEqual(try journal.store.count(), 1)
        let after = try journal.store.entry(idPrefix: before.id)
        XCTAssertEqual(after.id, before.id)
        XCTAssertEqual(after.createdAt, before.createdAt)
        XCTAssertEqual(after.text, "Swimming at the lowest place on Earth")
        XCTAssertEqual(after.capturedLocal?.iso8601, "2019-07-15T08:00:00")
        XCTAssertEqual(try XCTUnwrap(after.location?.longitude), 5 + 22.188 / 60, accuracy: 1e-9)
        XCTAssertEqual(after.thumbnail, before.thumbnail)
        let tags = try journal.store.tags(entryID: after.id)
        XCTAssertTrue(tags.contains { $0.name == "holiday" && $0.source == .user }, "\(tags)")
        XCTAssertFalse(tags.contains { $0.name == removed }, "a tag the user removed stays removed")
        XCTAssertEqual(after.weatherStatus, .pending, "another time and place: the weather is fetched again")
        XCTAssertNil(try journal.store.weather(entryID: after.id))
        XCTAssertEqual(try journal.store.search(JournalQuery(text: "lowest")).map(\.entry.id), [after.id])

        // A date set by hand outlives any sidecar.
        let hand = try XCTUnwrap(LocalDateTime(commandLine: "2022-06-11 07:00"))
        try journal.store.edit(entryID: after.id, capturedAt: hand)
        try sidecar("sidecar-corrected-again.xmp", as: "IMG_0004.xmp", modified: try modified(image).addingTimeInterval(10))
        XCTAssertEqual(try journal.ingest([folder]).reread, [after.id])
        let handSet = try journal.store.entry(idPrefix: after.id)
        XCTAssertEqual(handSet.capturedLocal, hand)
        XCTAssertEqual(handSet.captureSource, .user)

        XCTAssertEqual(try journal.ingest([folder]).alreadyInJournal, 1, "nothing changed: nothing read again")
    }

    func modified(_ url: URL) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    func testACopyWithoutItsSidecarDoesNotUndoWhatTheSidecarSaid() throws {
        let journal = try TestJournal()
        let image = try photo("IMG_0005.jpg")
        try sidecar("sidecar-elements.xmp", as: "IMG_0005.jpg.xmp")
        try journal.ingest([image])
        let copies = folder.appendingPathComponent("copies")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        let copy = copies.appendingPathComponent("IMG_0005.jpg")
        try FileManager.default.copyItem(at: image, to: copy)

        let summary = try journal.ingest([copy])
        XCTAssertEqual(summary.alreadyInJournal, 1)
        let entry = try XCTUnwrap(try journal.store.entries().first)
        XCTAssertEqual(entry.sourcePath, copy.path, "it keeps the path where the photo was seen last")
        XCTAssertEqual(entry.captureSource, .sidecar)
        XCTAssertEqual(try journal.ingest([copy, image]).reread, [], "no back and forth between the two")
    }

    func testNamingASidecarIngestsItsPhoto() throws {
        let journal = try TestJournal()
        try photo("IMG_0006.jpg")
        let side = try sidecar("sidecar-elements.xmp", as: "IMG_0006.xmp")
        let summary = try journal.ingest([side])
        XCTAssertEqual(summary.created.count, 1)
        XCTAssertEqual(summary.sidecars, 1)
        XCTAssertEqual(try journal.store.entries().first?.captureSource, .sidecar)

        let lonely = try sidecar("sidecar-elements.xmp", as: "nobody.xmp")
        let log = EventLog()
        XCTAssertEqual(try journal.ingest([lonely], log: log).failed, 0)
        XCTAssertEqual(log.warnings["nobody.xmp"], ["no photo beside this sidecar"])
    }

    func testBrokenAndHostileSidecarsAreWarningsAndThePhotoIsStored() throws {
        let journal = try TestJournal()
        try photo("broken.jpg", marker: 1, from: Self.fixtures.appendingPathComponent("embedded-elements.jpg"))
        try sidecar("sidecar-broken.xmp", as: "broken.jpg.xmp", modified: Date().addingTimeInterval(60))
        try photo("bomb.jpg", marker: 2)
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("fuzz/xmp/billion-laughs.xmp"), to: folder.appendingPathComponent("bomb.xmp"))
        try photo("fifo.jpg", marker: 3)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo.jpg.xmp").path, 0o600), 0)
        try photo("huge.jpg", marker: 4)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("huge.xmp").path, contents: nil)
        XCTAssertEqual(truncate(folder.appendingPathComponent("huge.xmp").path, off_t(XMPLimit.bytes + 1)), 0)

        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 4, "every photo is stored")
        XCTAssertEqual(summary.failed, 0)
        let broken = try XCTUnwrap(log.warnings["broken.jpg"]?.first)
        XCTAssertTrue(broken.hasPrefix("sidecar broken.jpg.xmp: XMP is not well-formed XML (libxml2 error "), broken)
        XCTAssertEqual(
            log.warnings["bomb.jpg"], ["sidecar bomb.xmp: XMP declares a document type or entities, which XMP never has; ignored"])
        XCTAssertEqual(log.warnings["fifo.jpg"], ["sidecar fifo.jpg.xmp is not a regular file; ignored"])
        XCTAssertEqual(log.warnings["huge.jpg"], ["sidecar huge.xmp: file too large (4.2 MB); ignored"])
        let entries = try journal.entriesByFile()
        XCTAssertEqual(entries["broken.jpg"]?.captureSource, .xmp, "the photo's own XMP still counts")
        XCTAssertEqual(entries["broken.jpg"]?.problemList, [broken], "the warning is kept on the entry")
        XCTAssertNil(entries["bomb.jpg"]?.capturedLocal)
    }
}

/// `XMPReader.maximumBytes` (DaybookMetadata, which this target does not import).
private enum XMPLimit {
    static let bytes = 4 << 20
}
