import DaybookStore
import Foundation
import XCTest

/// `JournalArchive.decodeAndValidate`: every hostile export is refused with one line that
/// names the item, its id and the field; nothing here touches the file system.
final class ArchiveValidationTests: XCTestCase {
    let first = "item 0 (id \"aaaa0001-0000-0000-0000-000000000000\")"

    func refusal(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try JournalArchive.decodeAndValidate(data)
            XCTFail("accepted", file: file, line: line)
            return ""
        } catch {
            XCTAssertFalse(error.description.contains("\n"), "one line: \(error.description)", file: file, line: line)
            return error.description
        }
    }

    func refusal(_ object: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        refusal(try ArchiveFixture.data(object), file: file, line: line)
    }

    func testAValidArchiveDecodesToWhatWasExported() throws {
        let archive = ArchiveFixture.archive()
        XCTAssertEqual(try JournalArchive.decodeAndValidate(try ArchiveFixture.json(archive)), archive)
    }

    func testThumbnailNamesOtherThanTheContentHashAreRefused() throws {
        let expected = "\(ArchiveFixture.hash("a")).jpg"
        for name in [
            "../../../../tmp/x.jpg", "/tmp/x.jpg", "a/b.jpg", expected.uppercased().replacingOccurrences(of: ".JPG", with: ".jpg"),
            "\(ArchiveFixture.hash("c")).jpg", "\(ArchiveFixture.hash("a")).jpeg", "", "..", "\(ArchiveFixture.hash("a")).jpg/",
        ] {
            let message = try refusal(ArchiveFixture.setting(try ArchiveFixture.object(), item: 0, "thumbnail", to: name))
            XCTAssertTrue(
                message.hasPrefix("\(first): entry.thumbnail: must be the entry's content hash plus .jpg (\(expected))"),
                "\(name): \(message)")
        }
    }

    func testContentHashesMustBeLowerCaseSHA256() throws {
        for hash in [ArchiveFixture.hash("A"), ArchiveFixture.hash("g"), String(repeating: "a", count: 63), "../x"] {
            var archive = ArchiveFixture.archive()
            archive.items[0].entry.contentHash = hash
            archive.items[0].entry.thumbnail = nil
            archive.items[0].thumbnail = nil
            XCTAssertEqual(
                refusal(try ArchiveFixture.json(archive)), "\(first): entry.content_hash: must be a SHA-256: 64 lower-case hex digits")
        }
    }

    func testDuplicateIDsAndHashesAreNamed() throws {
        var archive = ArchiveFixture.archive()
        archive.items[1].entry.id = archive.items[0].entry.id
        archive.items[1].tags = archive.items[1].tags.map {
            var tag = $0; tag.entryId = archive.items[0].entry.id; return tag
        }
        XCTAssertEqual(
            refusal(try ArchiveFixture.json(archive)),
            "item 1 (id \"aaaa0001-0000-0000-0000-000000000000\"): entry.id is used twice (also by item 0)")
        archive = ArchiveFixture.archive()
        archive.items[1] = ArchiveFixture.item(id: "bbbb0002", hash: ArchiveFixture.hash("a"))
        XCTAssertEqual(
            refusal(try ArchiveFixture.json(archive)), "item 1 (id \"bbbb0002\"): entry.content_hash is used twice (also by item 0)")
    }

    func testWrongTypesNameTheItemAndField() throws {
        let object = try ArchiveFixture.object()
        XCTAssertEqual(
            try refusal(ArchiveFixture.setting(object, item: 1, "latitude", to: "north")),
            "not a daybook export: item 1: entry.latitude: expected Double")
        XCTAssertEqual(
            try refusal(ArchiveFixture.setting(object, item: 0, "id", to: nil)),
            "not a daybook export: item 0: entry: missing id")
        XCTAssertEqual(
            try refusal(ArchiveFixture.setting(object, item: 0, "weather_status", to: "sunny")).prefix(52),
            "not a daybook export: item 0: entry.weather_status: ")
        var items = object["items"] as! [[String: Any]]
        items[0]["thumbnail"] = "%%% not base64 %%%"
        var broken = object
        broken["items"] = items
        XCTAssertTrue(try refusal(broken).hasPrefix("not a daybook export: item 0: thumbnail: "))
        XCTAssertTrue(refusal(Data("{\"format\": 1, ".utf8)).hasPrefix("not a daybook export: "))
        XCTAssertTrue(refusal(Data([0xFF, 0xD8, 0xFF])).hasPrefix("not a daybook export: "))
    }

    func testRangesAndSizesAreBounded() throws {
        let object = try ArchiveFixture.object()
        let cases: [(String, Any, String)] = [
            ("latitude", 91.0, "entry.latitude: 91.0 is outside -90.0...90.0"),
            ("longitude", -180.5, "entry.longitude: -180.5 is outside -180.0...180.0"),
            ("orientation", 9, "entry.orientation: 9 is outside 1...8"),
            ("file_size", -1, "entry.file_size: -1 is outside 0...1099511627776"),
            ("pixel_width", 0, "entry.pixel_width: 0 is outside 1...65535"),
            ("captured_local", "2021-07-01T10:00:00../../x", "entry.captured_local: must be a date like 2024-05-17T12:30:05"),
            ("source_path", "photos/relative.jpg", "entry.source_path: must be an absolute path"),
            ("source_path", "/photos/a\u{0}.jpg", "entry.source_path: contains a NUL character"),
            ("text", String(repeating: "x", count: (1 << 20) + 1), "entry.text: longer than 1048576 bytes"),
            ("id", "ab", "entry.id: must be 4 to 64 characters of 0-9, a-f and '-'"),
        ]
        for (key, value, problem) in cases {
            let message = try refusal(ArchiveFixture.setting(object, item: 0, key, to: value))
            XCTAssertTrue(message.hasSuffix(problem), "\(key): \(message)")
            XCTAssertTrue(message.hasPrefix("item 0 (id "), message)
        }
        var noLongitude = ArchiveFixture.archive()
        noLongitude.items[0].entry.longitude = nil
        XCTAssertEqual(refusal(try ArchiveFixture.json(noLongitude)), "\(first): entry.longitude: latitude and longitude come together")
        var future = ArchiveFixture.archive()
        future.format = 2
        XCTAssertEqual(refusal(try ArchiveFixture.json(future)), "format 2 is not one this daybook reads (1 to 1)")
    }

    func testThumbnailBytesMustBeAJPEGForANamedThumbnail() throws {
        var archive = ArchiveFixture.archive()
        archive.items[0].thumbnail = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(refusal(try ArchiveFixture.json(archive)), "\(first): thumbnail: is not a JPEG")
        archive = ArchiveFixture.archive()
        archive.items[0].entry.thumbnail = nil
        XCTAssertEqual(
            refusal(try ArchiveFixture.json(archive)), "\(first): thumbnail: thumbnail bytes for an entry without a thumbnail name")
        archive = ArchiveFixture.archive()
        archive.items[0].thumbnail = Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: JournalArchive.maximumThumbnailBytes))
        XCTAssertTrue(refusal(try ArchiveFixture.json(archive)).hasSuffix("bytes is more than a thumbnail's 16777216"))
    }

    func testTagsAndWeatherBelongToTheirEntry() throws {
        var archive = ArchiveFixture.archive()
        archive.items[0].tags[0].entryId = archive.items[1].entry.id
        XCTAssertEqual(refusal(try ArchiveFixture.json(archive)), "\(first): tags[0].entry_id: must be the entry's id")
        archive = ArchiveFixture.archive()
        archive.items[0].tags.append(archive.items[0].tags[0])
        XCTAssertEqual(refusal(try ArchiveFixture.json(archive)), "\(first): tags[1].name: blue is given twice")
        archive = ArchiveFixture.archive()
        archive.items[0].removedTags = ["../etc"]
        XCTAssertEqual(refusal(try ArchiveFixture.json(archive)), "\(first): removed_tags[0]: \"../etc\" is not a tag name")
        archive = ArchiveFixture.archive()
        archive.items[0].tags[0].score = 7
        XCTAssertEqual(refusal(try ArchiveFixture.json(archive)), "\(first): tags[0].score: 7.0 is outside 0.0...1.0")
    }
}
