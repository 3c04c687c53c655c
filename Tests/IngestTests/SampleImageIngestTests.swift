import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookStore
import Foundation
import XCTest

final class SampleImageIngestTests: XCTestCase {
    func testIngestStoresEveryRuleOnSampleImages() throws {
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([Fixtures.samples], log: log)
        XCTAssertEqual(summary.created.count, 10)
        XCTAssertEqual(summary.failed, 0)
        XCTAssertEqual(log.skipped, ["README.md"], "a non-photo in a folder is skipped, not an error")

        let entries = try journal.entriesByFile()
        let paris = try XCTUnwrap(entries["01-paris-2019-07.jpg"])
        XCTAssertEqual(paris.capturedLocal?.iso8601, "2019-07-14T10:30:00")
        XCTAssertEqual(paris.captureSubsec, "250")
        XCTAssertEqual(paris.captureSource?.rawValue, "DateTimeOriginal")
        XCTAssertEqual(paris.offset?.seconds, 7200)
        XCTAssertEqual(paris.offset?.source.rawValue, "exif-offset")
        XCTAssertEqual(paris.capturedUTC, 1_563_093_000)
        XCTAssertEqual(paris.cameraMake, "Daybook")
        XCTAssertEqual(paris.weatherStatus, .pending)
        XCTAssertEqual(paris.contentHash.count, 64)

        let rio = try XCTUnwrap(entries["02-rio-2020-01.jpg"])
        XCTAssertEqual(rio.offset?.seconds, -10_800)
        XCTAssertEqual(rio.offset?.source.rawValue, "gps-timestamp")
        XCTAssertEqual(try XCTUnwrap(rio.location?.latitude), -22.951916, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(rio.location?.longitude), -43.210487, accuracy: 1e-6)
        XCTAssertEqual(rio.pixelWidth, 480, "pixel size is the JPEG frame's, before rotation")
        XCTAssertEqual(rio.pixelHeight, 640)
        XCTAssertEqual(rio.orientation.rawValue, 6)

        let deadSea = try XCTUnwrap(entries["07-deadsea-2022-06.jpg"])
        XCTAssertEqual(try XCTUnwrap(deadSea.location?.altitude), -430, accuracy: 1e-9)

        let createDate = try XCTUnwrap(entries["05-createdate-only-2018-05.jpg"])
        XCTAssertEqual(createDate.captureSource?.rawValue, "CreateDate")
        XCTAssertEqual(createDate.weatherStatus, .unavailable, "no place: weather can never be fetched")
        XCTAssertEqual(try XCTUnwrap(entries["06-modifydate-only-2017-09.jpg"]).captureSource?.rawValue, "ModifyDate")

        let noExif = try XCTUnwrap(entries["08-no-exif.jpg"])
        XCTAssertNil(noExif.capturedLocal)
        XCTAssertNil(noExif.location?.latitude)
        XCTAssertEqual(noExif.orientation.rawValue, 1)
        XCTAssertNotNil(noExif.thumbnail)

        // A floating time takes its place's zone (New York, summer time from 14 March 2021);
        // without a place it stays floating.
        XCTAssertEqual(try XCTUnwrap(entries["03-newyork-2021-03.jpg"]).offset, UTCOffset(seconds: -14_400, source: .placeTimeZone))
        XCTAssertNil(try XCTUnwrap(entries["09-night-2023-02.jpg"]).offset, "floating time without a place stays floating")

        // Newest first, undated last.
        XCTAssertEqual(try journal.store.entries().map { ($0.sourcePath as NSString).lastPathComponent }.first, "10-mumbai-2023-08.jpg")
        XCTAssertEqual(try journal.store.entries().last?.capturedLocal, nil)
    }

    /// The sample script drew a magenta square at the displayed top-left and a cyan one at the
    /// displayed bottom-right; the stored pixels are rotated per the Orientation tag. A correct
    /// thumbnail shows them where a viewer would.
    func testThumbnailsAreOrientedAndSizedByPixels() throws {
        let journal = try TestJournal()
        try journal.ingest([Fixtures.samples])
        let entries = try journal.entriesByFile()
        for name in ["01-paris-2019-07.jpg", "02-rio-2020-01.jpg", "03-newyork-2021-03.jpg", "04-sydney-2021-12.jpg"] {
            let entry = try XCTUnwrap(entries[name])
            XCTAssertEqual(entry.thumbnailWidth, 400, name)
            XCTAssertEqual(entry.thumbnailHeight, 300, name)
            let image = try journal.thumbnail(of: entry)
            XCTAssertEqual(image.width, 400, name)
            XCTAssertEqual(image.height, 300, name)
            // Marker squares: 96 px of 640 → 60 px of 400 (top-left); 64 px → 40 px (bottom-right).
            let topLeft = image.pixel(x: 20, y: 20)
            XCTAssertTrue(topLeft.r > 200 && topLeft.g < 60 && topLeft.b > 200, "\(name): top-left is \(topLeft), want magenta")
            let bottomRight = image.pixel(x: 385, y: 285)
            XCTAssertTrue(
                bottomRight.r < 60 && bottomRight.g > 200 && bottomRight.b > 200, "\(name): bottom-right is \(bottomRight), want cyan")
            let topRight = image.pixel(x: 385, y: 15)
            XCTAssertFalse(topRight.r > 200 && topRight.b > 200 && topRight.g < 60, "\(name): magenta must not be top-right")
        }
    }

    func testLibraryIsPrivate() throws {
        let journal = try TestJournal()
        try journal.ingest([Fixtures.samples])
        func mode(_ url: URL) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        XCTAssertEqual(try mode(journal.folder), 0o700)
        XCTAssertEqual(try mode(journal.store.library.thumbnailsURL), 0o700)
        XCTAssertEqual(try mode(journal.store.library.databaseURL), 0o600)
        let thumbnail = try XCTUnwrap(try journal.store.entries().first?.thumbnailName)
        XCTAssertEqual(try mode(journal.store.library.thumbnailURL(for: thumbnail)), 0o600)
    }
}
