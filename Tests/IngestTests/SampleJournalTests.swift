import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// What a new user sees after ingesting the bundled SampleImages/: real photographs whose
/// example metadata scripts/make_samples.py wrote and SampleImages/README.md lists.
final class SampleJournalTests: XCTestCase {
    static let samples = Repository.root.appendingPathComponent("SampleImages")

    /// One journal for every test here: ingesting the folder is the slow part.
    nonisolated(unsafe) static var shared: (journal: TestJournal, summary: IngestSummary, log: EventLog)?

    func ingested() throws -> (journal: TestJournal, summary: IngestSummary, log: EventLog) {
        if let shared = Self.shared { return shared }
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([Self.samples], log: log)
        Self.shared = (journal, summary, log)
        return (journal, summary, log)
    }

    func entry(_ name: String) throws -> JournalEntry {
        try XCTUnwrap(try ingested().journal.entriesByFile()[name], "\(name) is not an entry")
    }

    func testEveryPhotoBecomesAnEntryAndTheSidecarIsReadWithItsPhoto() throws {
        let (journal, summary, log) = try ingested()
        XCTAssertEqual(summary.created.count, 11)
        XCTAssertEqual(summary.failed, 0, "\(log.failures)")
        XCTAssertEqual(summary.sidecars, 1)
        XCTAssertEqual(log.skipped, ["README.md"])
        XCTAssertEqual(log.warnings, [:], "example metadata must read without a warning")
        XCTAssertFalse(try journal.entriesByFile().keys.contains { $0.hasSuffix(".xmp") }, "a sidecar is never an entry")
    }

    func testEachPlaceIsNamed() throws {
        let expected = [
            "01-cape-canaveral-rocket.jpg": "Cape Canaveral, United States",
            "02-houston-astronaut.jpg": "Houston, United States",
            "03-kyoto-stone-path.jpg": "Kyoto, Japan",
            "04-lisbon-coffee.jpg": "Lisbon, Portugal",
            "05-paris-cat.jpg": "Paris, France",
            "06-boston-camera.jpg": "Boston, United States",
            "08-zermatt-meadow.jpg": "Zermatt, Switzerland",
            "09-etretat-pebbles.jpg": "Étretat, France",
            "10-reykjavik-dandelions.heic": "Reykjavík, Iceland",
            "11-prague-clock.jpg": "Prague, Czechia",
        ]
        for (name, label) in expected {
            XCTAssertEqual(try entry(name).place?.label, label, name)
        }
        let hubble = try entry("07-hubble-deep-field.jpg")
        XCTAssertNil(hubble.location, "the photo without GPS has no place")
        XCTAssertNil(hubble.place)
        XCTAssertEqual(hubble.capturedLocal?.iso8601, "2020-12-21T22:30:00")
        XCTAssertEqual(hubble.weatherStatus, .unavailable, "no place: weather can never be fetched")
        XCTAssertEqual(try XCTUnwrap(try entry("08-zermatt-meadow.jpg").location?.altitude), 2210, accuracy: 0.01)
    }

    func testTheHEICIsReadLikeAJPEG() throws {
        let heic = try entry("10-reykjavik-dandelions.heic")
        XCTAssertEqual(heic.capturedLocal?.iso8601, "2023-06-21T23:40:00")
        XCTAssertEqual(heic.captureSource, .dateTimeOriginal)
        XCTAssertEqual(heic.offset, UTCOffset(seconds: 0, source: .exifOffsetTag))
        XCTAssertEqual(heic.locationSource, .exif)
        XCTAssertEqual(try XCTUnwrap(heic.location?.latitude), 64.1466, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(heic.location?.longitude), -21.9426, accuracy: 1e-6)
        XCTAssertEqual(heic.cameraModel, "Example Phone")
        XCTAssertEqual([heic.pixelWidth, heic.pixelHeight], [1600, 900])
        XCTAssertEqual([heic.thumbnailWidth, heic.thumbnailHeight], [400, 225])
    }

    func testTheSidecarSuppliesThePlace() throws {
        let etretat = try entry("09-etretat-pebbles.jpg")
        XCTAssertEqual(etretat.locationSource, .sidecar)
        XCTAssertEqual(try XCTUnwrap(etretat.location?.latitude), 49.7073, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(etretat.location?.longitude), 0.2034, accuracy: 1e-6)
        XCTAssertEqual(etretat.capturedLocal?.iso8601, "2022-08-16T19:10:00", "the date is still the photo's own")
        XCTAssertEqual(etretat.captureSource, .dateTimeOriginal)
    }

    func testTheUndatedPhotoIsKeptAndListedLast() throws {
        let (journal, _, _) = try ingested()
        let clock = try entry("11-prague-clock.jpg")
        XCTAssertNil(clock.capturedLocal)
        XCTAssertNil(clock.captureSource)
        XCTAssertNil(clock.offset)
        XCTAssertEqual(clock.weatherStatus, .unavailable, "no date: weather can never be fetched")
        XCTAssertNotNil(clock.thumbnail)
        let order = try journal.store.entries().map { ($0.sourcePath as NSString).lastPathComponent }
        XCTAssertEqual(order.first, "10-reykjavik-dandelions.heic", "newest first")
        XCTAssertEqual(order.last, "11-prague-clock.jpg", "undated last")
    }

    func testOffsetsComeFromTheTagTheGPSClockOrThePlace() throws {
        XCTAssertEqual(try entry("04-lisbon-coffee.jpg").offset, UTCOffset(seconds: 3600, source: .exifOffsetTag))
        XCTAssertEqual(try entry("06-boston-camera.jpg").offset, UTCOffset(seconds: -14_400, source: .gpsTimestamp))
        // Houston's floating 10:15 on 22 March 2016 is daylight time there (-05:00).
        XCTAssertEqual(try entry("02-houston-astronaut.jpg").offset, UTCOffset(seconds: -18_000, source: .placeTimeZone))
    }

    func testOnThisDayHasThreeYearsOn21June() throws {
        let (journal, _, _) = try ingested()
        let day = try XCTUnwrap(MonthDay("06-21"))
        let found = try journal.store.onThisDay(monthDay: day, beforeYear: 2026, includeLeapDay: false)
        XCTAssertEqual(
            found.map { ($0.sourcePath as NSString).lastPathComponent },
            ["10-reykjavik-dandelions.heic", "08-zermatt-meadow.jpg", "03-kyoto-stone-path.jpg"])
    }

    /// The stored pixels are turned by the inverse of each Orientation tag, so a thumbnail that
    /// applies the tag shows the picture upright: its shape, and where its light and dark parts are.
    func testThumbnailsAreUprightWhateverTheOrientationTag() throws {
        let (journal, _, _) = try ingested()
        // name, tag, stored width x height, thumbnail width x height
        let cases: [(String, Int, [Int], [Int])] = [
            ("02-houston-astronaut.jpg", 8, [512, 400], [313, 400]),
            ("03-kyoto-stone-path.jpg", 8, [384, 512], [400, 300]),
            ("05-paris-cat.jpg", 6, [300, 451], [400, 266]),
            ("06-boston-camera.jpg", 3, [512, 512], [400, 400]),
            ("09-etretat-pebbles.jpg", 6, [384, 512], [400, 300]),
        ]
        for (name, tag, stored, shown) in cases {
            let entry = try entry(name)
            XCTAssertEqual(entry.orientation.rawValue, tag, name)
            XCTAssertEqual([entry.pixelWidth, entry.pixelHeight], stored, "\(name): pixel size is the stored frame's")
            XCTAssertEqual([entry.thumbnailWidth, entry.thumbnailHeight], shown, name)
            let image = try journal.thumbnail(of: entry)
            XCTAssertEqual([image.width, image.height], shown, name)
        }
        // The astronaut: light studio backdrop at the top, black helmet and suit at the bottom.
        let astronaut = try journal.thumbnail(of: try entry("02-houston-astronaut.jpg"))
        XCTAssertGreaterThan(Luminance.band(astronaut, top: 0, bottom: 0.1), Luminance.band(astronaut, top: 0.9, bottom: 1) + 50)
        // The photographer: bright sky at the top, his dark coat at the bottom left.
        let camera = try journal.thumbnail(of: try entry("06-boston-camera.jpg"))
        XCTAssertGreaterThan(Luminance.band(camera, top: 0, bottom: 0.1), Luminance.band(camera, top: 0.9, bottom: 1) + 40)
        XCTAssertGreaterThan(
            Luminance.region(camera, x: 0.5..<1, y: 0..<0.5), Luminance.region(camera, x: 0..<0.5, y: 0.5..<1) + 60)
    }
}

/// Mean luminance (Rec. 601) of a part of an image, its bounds given as fractions of its size.
enum Luminance {
    static func band(_ image: RGBImage, top: Double, bottom: Double) -> Double {
        region(image, x: 0..<1, y: top..<bottom)
    }

    static func region(_ image: RGBImage, x: Range<Double>, y: Range<Double>) -> Double {
        let columns = Int(x.lowerBound * Double(image.width))..<Int(x.upperBound * Double(image.width))
        let rows = Int(y.lowerBound * Double(image.height))..<Int(y.upperBound * Double(image.height))
        var sum = 0.0
        for row in rows {
            for column in columns {
                let p = image.pixel(x: column, y: row)
                sum += 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
            }
        }
        return sum / Double(rows.count * columns.count)
    }
}
