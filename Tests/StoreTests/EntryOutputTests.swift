import DaybookCore
import DaybookStore
import Foundation
import XCTest

/// `EntryOutput`, the one JSON view of an entry: the documented field names and forms
/// (docs/json-schema.md), and a round trip through `import`'s reading.
final class EntryOutputTests: XCTestCase {
    static let documentedFields: Set<String> = [
        "id", "content_hash", "source_path", "file_size", "captured_local", "capture_subsec", "capture_source",
        "utc_offset_seconds", "offset_source", "captured_utc", "latitude", "longitude", "altitude", "location_source", "camera_make",
        "camera_model", "pixel_width", "pixel_height", "orientation", "thumbnail", "thumbnail_width", "thumbnail_height",
        "problems", "text", "weather_status", "weather_error", "created_at", "updated_at", "media",
    ]

    func testAFullEntryPrintsTheDocumentedFieldsInTheirTextForms() throws {
        var entry = ArchiveFixture.archive().items[0]
        entry.entry.captureSubsec = "250"
        entry.entry.utcOffsetSeconds = 7200
        entry.entry.offsetSource = "exif-offset"
        entry.entry.capturedUTC = 1_625_126_400
        entry.entry.altitude = 35
        entry.entry.cameraMake = "Daybook"
        entry.entry.cameraModel = "Test"
        entry.entry.problems = "a warning"
        entry.entry.weatherError = "refused"
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(entry.entry)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), Self.documentedFields)
        XCTAssertEqual(object["captured_local"] as? String, "2021-07-01T10:00:00")
        XCTAssertEqual(object["capture_source"] as? String, "DateTimeOriginal")
        XCTAssertEqual(object["location_source"] as? String, "exif")
        XCTAssertEqual(object["orientation"] as? Int, 1)
        XCTAssertEqual(object["weather_status"] as? String, "pending")
        XCTAssertEqual(object["media"] as? String, "photo")
    }

    /// A video's kind and length print, read back, and are checked on the way in; an export made
    /// before videos (no `media`) reads as photos.
    func testAVideosMediaAndDurationRoundTripAndAreChecked() throws {
        var archive = ArchiveFixture.archive()
        archive.items[0].entry.media = "video"
        archive.items[0].entry.durationSeconds = 12.5
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(archive.items[0].entry)) as? [String: Any])
        XCTAssertEqual(object["media"] as? String, "video")
        XCTAssertEqual(object["duration_seconds"] as? Double, 12.5)
        let decoded = try JournalArchive.decodeAndValidate(try ArchiveFixture.json(archive))
        XCTAssertEqual(decoded, archive)
        let entry = try XCTUnwrap(decoded.items.first).entry
        XCTAssertEqual(entry.media, "video")

        let old = ArchiveFixture.setting(try ArchiveFixture.object(), item: 0, "media", to: nil)
        let oldArchive = try JournalArchive.decodeAndValidate(try ArchiveFixture.data(old))
        XCTAssertNil(oldArchive.items[0].entry.media, "an export from before videos")

        var object2 = ArchiveFixture.setting(try ArchiveFixture.object(), item: 0, "media", to: "video")
        object2 = ArchiveFixture.setting(object2, item: 0, "duration_seconds", to: 90_000)
        XCTAssertThrowsError(try JournalArchive.decodeAndValidate(try ArchiveFixture.data(object2))) { error in
            XCTAssertTrue("\(error)".hasSuffix("entry.duration_seconds: must be above 0 and at most 86400 (a day)"), "\(error)")
        }
    }

    func testTheTypedEntryAndItsOutputConvertBothWays() throws {
        let archive = ArchiveFixture.archive()
        let decoded = try JournalArchive.decodeAndValidate(try ArchiveFixture.json(archive))
        XCTAssertEqual(decoded, archive)
    }

    /// Reading a file back: each text must be one the store's types hold.
    func testImportRefusesSourcesAndOffsetsTheTypesCannotHold() throws {
        let object = try ArchiveFixture.object()
        let cases: [(String, Any?, String)] = [
            (
                "capture_source", "Scanner",
                "entry.capture_source: \"Scanner\" is not one of DateTimeOriginal, CreateDate, ModifyDate, xmp, iptc, sidecar, "
                    + "CreationTime, quicktime-creationdate, mvhd-creation-time, filename, mtime, user"
            ),
            ("utc_offset_seconds", 3600, "entry.offset_source: utc_offset_seconds and offset_source come together"),
            ("captured_local", "2021:07:01 10:00:00", "entry.captured_local: must be a date like 2024-05-17T12:30:05"),
            ("media", "film", "entry.media: \"film\" is not one of photo, video, text"),
            ("duration_seconds", 12.5, "entry.duration_seconds: only a video has a duration"),
        ]
        for (key, value, problem) in cases {
            do {
                _ = try JournalArchive.decodeAndValidate(try ArchiveFixture.data(ArchiveFixture.setting(object, item: 0, key, to: value)))
                XCTFail("\(key) accepted")
            } catch {
                XCTAssertTrue("\(error)".hasSuffix(problem), "\(key): \(error)")
            }
        }
        var farOffset = ArchiveFixture.setting(object, item: 0, "utc_offset_seconds", to: 15 * 3600)
        farOffset = ArchiveFixture.setting(farOffset, item: 0, "offset_source", to: "exif-offset")
        XCTAssertThrowsError(try JournalArchive.decodeAndValidate(try ArchiveFixture.data(farOffset))) { error in
            XCTAssertTrue("\(error)".hasSuffix("entry.utc_offset_seconds: 54000 is outside -50400...50400"), "\(error)")
        }
    }
}
