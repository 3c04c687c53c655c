import DaybookCore
import DaybookIngest
import DaybookPlaces
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Places named at ingest, floating times given their place's zone, search by place name, and
/// `daybook places --update` over entries from before places.
final class PlaceIngestTests: XCTestCase {
    let placer = try! EntryPlacer.embedded()

    /// An entry at a position with a camera time as written and, maybe, the photo's own offset.
    func entry(_ latitude: Double, _ longitude: Double, _ local: String, offset: UTCOffset? = nil, hash: String = "")
        -> JournalEntry
    {
        var entry = JournalEntry(
            id: UUID().uuidString.lowercased(), contentHash: hash.isEmpty ? UUID().uuidString : hash, sourcePath: "/photos/x.jpg",
            fileSize: 1, capturedLocal: LocalDateTime(commandLine: local), captureSubsec: nil, captureSource: .dateTimeOriginal,
            offset: offset, location: GeoLocation(latitude: latitude, longitude: longitude), cameraMake: nil, cameraModel: nil,
            pixelWidth: nil, pixelHeight: nil, orientation: .up, thumbnail: nil, thumbnailWidth: nil, thumbnailHeight: nil,
            problems: nil, text: "", weatherStatus: .pending, weatherError: nil, createdAt: "2026-01-01T00:00:00Z",
            updatedAt: "2026-01-01T00:00:00Z")
        placer.place(&entry)
        return entry
    }

    func testSampleImagesAreNamedAndZonedAtIngest() throws {
        let journal = try TestJournal()
        try journal.ingest([Repository.sampleSquares])
        let entries = try journal.entriesByFile()
        let expected = [
            "01-paris-2019-07.jpg": "Paris, France", "02-rio-2020-01.jpg": "Rio de Janeiro, Brazil",
            "03-newyork-2021-03.jpg": "New York City, United States", "04-sydney-2021-12.jpg": "Sydney, Australia",
            "10-mumbai-2023-08.jpg": "Mumbai, India",
        ]
        for (file, label) in expected {
            let entry = try XCTUnwrap(entries[file])
            XCTAssertEqual(entry.place?.label, label, file)
            XCTAssertEqual(entry.placeVersion, placer.gazetteer.version, file)
        }
        XCTAssertNil(entries["08-no-exif.jpg"]?.placeVersion, "no position: never looked up")
        // Sydney's floating 2021-12-24 21:00 is summer time there (+11:00); its instant follows.
        let sydney = try XCTUnwrap(entries["04-sydney-2021-12.jpg"])
        XCTAssertEqual(sydney.offset, UTCOffset(seconds: 39_600, source: .placeTimeZone))
        XCTAssertEqual(sydney.capturedUTC, 1_640_340_000)  // 2021-12-24T10:00:00Z
        // The photos' own offsets win: Paris's OffsetTimeOriginal, Rio's GPS clock.
        XCTAssertEqual(entries["01-paris-2019-07.jpg"]?.offset?.source, .exifOffsetTag)
        XCTAssertEqual(entries["02-rio-2020-01.jpg"]?.offset?.source, .gpsTimestamp)
    }

    /// Badajoz and Elvas, 17 km apart across the border: the same winter wall-clock time is an
    /// hour apart in UTC.
    func testTheSameLocalTimeEitherSideOfTheSpanishPortugueseBorder() {
        let badajoz = entry(38.8794, -6.9707, "2024-01-15 12:00")
        let elvas = entry(38.8810, -7.1628, "2024-01-15 12:00")
        XCTAssertEqual(badajoz.offset, UTCOffset(seconds: 3600, source: .placeTimeZone))
        XCTAssertEqual(elvas.offset, UTCOffset(seconds: 0, source: .placeTimeZone))
        XCTAssertEqual((elvas.capturedUTC ?? 0) - (badajoz.capturedUTC ?? 0), 3600)
    }

    /// Paris, spring and autumn 2021: before and after each change the time takes its offset;
    /// the skipped and the repeated half hour stay floating and say why.
    func testAcrossDaylightSavingChanges() {
        XCTAssertEqual(entry(48.8566, 2.3522, "2021-03-28 01:30").offset?.seconds, 3600)
        XCTAssertEqual(entry(48.8566, 2.3522, "2021-03-28 03:30").offset?.seconds, 7200)
        let skipped = entry(48.8566, 2.3522, "2021-03-28 02:30")
        XCTAssertNil(skipped.offset)
        XCTAssertNil(skipped.capturedUTC)
        XCTAssertEqual(skipped.timeZoneNote, "2021-03-28 02:30 did not happen in Europe/Paris: the clocks went forward then")
        let repeated = entry(48.8566, 2.3522, "2021-10-31 02:30")
        XCTAssertNil(repeated.offset)
        XCTAssertEqual(repeated.timeZoneNote, "2021-10-31 02:30 happened twice in Europe/Paris: the clocks went back then")
        XCTAssertEqual(entry(48.8566, 2.3522, "2021-10-31 03:30").offset?.seconds, 3600)
    }

    func testThePhotosOwnOffsetAlwaysWins() {
        let own = UTCOffset(seconds: 9 * 3600, source: .exifOffsetTag)!
        XCTAssertEqual(entry(48.8566, 2.3522, "2021-07-01 12:00", offset: own).offset, own)
        let gps = UTCOffset(seconds: -5 * 3600, source: .gpsTimestamp)!
        XCTAssertEqual(entry(48.8566, 2.3522, "2021-10-31 02:30", offset: gps).offset, gps)
        XCTAssertNil(entry(48.8566, 2.3522, "2021-10-31 02:30", offset: gps).timeZoneNote)
    }

    /// A date set by hand: a zone-given offset follows the new date; the photo's own does not.
    func testEditingTheDateRezones() throws {
        let journal = try TestJournal()
        let summer = entry(48.8566, 2.3522, "2021-07-01 12:00")
        _ = try journal.store.save(summer, sourceTruncated: false)
        let edited = try journal.store.edit(
            entryID: summer.id, capturedAt: LocalDateTime(commandLine: "2021-12-01 12:00"), rezone: EntryPlacer.zone)
        XCTAssertEqual(edited.offset, UTCOffset(seconds: 3600, source: .placeTimeZone))
        XCTAssertEqual(try journal.store.entry(idPrefix: summer.id).capturedUTC, edited.capturedUTC)
    }

    /// Place, region and country words are searchable, case and accents ignored.
    func testSearchFindsPlaceNames() throws {
        let journal = try TestJournal()
        let zurich = entry(47.3779, 8.5403, "2022-05-01 10:00")
        let kyoto = entry(35.0394, 135.7292, "2023-04-01 10:00")
        for item in [zurich, kyoto] { _ = try journal.store.save(item, sourceTruncated: false) }
        func found(_ words: String) throws -> [String] { try journal.store.search(JournalQuery(text: words)).map(\.entry.id) }
        XCTAssertEqual(try found("zurich"), [zurich.id])
        XCTAssertEqual(try found("ZÜRICH"), [zurich.id])
        XCTAssertEqual(try found("switzerland"), [zurich.id])
        XCTAssertEqual(try found("japan"), [kyoto.id])
        XCTAssertEqual(try found("kyoto japan"), [kyoto.id])
        XCTAssertEqual(try found("paris"), [])
        // The index follows a place that changes (a new place table).
        try journal.store.pool.write { db in
            try db.execute(sql: "UPDATE entry SET place_country = 'Helvetia' WHERE id = ?", arguments: [zurich.id])
        }
        XCTAssertEqual(try found("helvetia"), [zurich.id])
        XCTAssertEqual(try found("switzerland"), [])
    }

    /// Entries stored before places (or by an older table) are named by the updater, in
    /// batches; a second run has nothing to do.
    func testUpdaterNamesOldEntriesOnce() throws {
        let journal = try TestJournal()
        try journal.ingest([Repository.sampleSquares])
        try journal.store.pool.write { db in
            try db.execute(
                sql: """
                    UPDATE entry SET place_name = NULL, place_region = NULL, place_country = NULL, place_country_code = NULL,
                    place_distance_km = NULL, place_time_zone = NULL, place_version = NULL,
                    utc_offset_seconds = NULL, offset_source = NULL, captured_utc = NULL WHERE offset_source = 'place-timezone'
                    """)
            try db.execute(sql: "UPDATE entry SET place_version = 'an older table' WHERE place_name = 'Paris'")
        }
        var updater = PlaceUpdater(store: journal.store, placer: placer)
        updater.batchSize = 2
        XCTAssertEqual(try updater.pending(), 3)  // New York, Sydney, Paris
        var progress: [Int] = []
        let summary = try updater.run { progress.append($0) }
        XCTAssertEqual(summary.lookedUp, 3)
        XCTAssertEqual(summary.towns, 3)
        XCTAssertEqual(summary.zoned, 2)
        XCTAssertEqual(progress, [2, 3])
        let entries = try journal.entriesByFile()
        XCTAssertEqual(entries["03-newyork-2021-03.jpg"]?.place?.name, "New York City")
        XCTAssertEqual(entries["03-newyork-2021-03.jpg"]?.offset, UTCOffset(seconds: -14_400, source: .placeTimeZone))
        XCTAssertEqual(entries["03-newyork-2021-03.jpg"]?.capturedUTC, 1_616_280_300)  // 2021-03-20T22:45:00Z
        XCTAssertEqual(try journal.store.search(JournalQuery(text: "sydney")).count, 1)
        XCTAssertEqual(try updater.pending(), 0)
        XCTAssertEqual(try updater.run().lookedUp, 0)
    }
}
