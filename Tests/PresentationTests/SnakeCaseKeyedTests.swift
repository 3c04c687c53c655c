import DaybookCore
import Foundation
import XCTest

@testable import DaybookPresentation
@testable import DaybookStore

/// The entry lists' `--json` is written without a key strategy (`SnakeCaseKeyed`): every key
/// must be the one `.convertToSnakeCase` made of the record's own names, every field must be
/// there, and `import` must read the entry's fields back.
final class SnakeCaseKeyedTests: XCTestCase {
    /// The reference: an encoder that converts the keys to snake_case.
    static let converting: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()

    /// No key strategy: what `JSONOutput` does for a `SnakeCaseKeyed` value.
    static let plain: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static let id = "aaaa0001-0000-0000-0000-000000000000"
    static func hash(_ seed: Character) -> String { String(repeating: String(seed), count: 64) }

    static func entry() -> JournalEntry {
        JournalEntry(
            id: id, contentHash: hash("a"), sourcePath: "/photos/\(id).jpg", fileSize: 1234,
            capture: CaptureTime(local: LocalDateTime(exif: "2021:07:01 10:00:00")!, source: .dateTimeOriginal),
            location: GeoLocation(latitude: 48.8584, longitude: 2.2945), pixelSize: (4000, 3000), thumbnail: "\(hash("a")).jpg",
            thumbnailSize: (400, 300), problems: [])
    }

    /// Every optional field set, so that no key is left out because its value is nil.
    static func fullOutput() -> EntryOutput {
        var output = EntryOutput(entry())
        output.captureSubsec = "250"
        output.utcOffsetSeconds = 7200
        output.offsetSource = "exif-offset"
        output.capturedUTC = 1_625_126_400
        output.altitude = 35.5
        output.cameraMake = "Daybook"
        output.cameraModel = "Test"
        output.problems = "a warning"
        output.weatherError = "refused"
        output.placeName = "Paris"
        output.placeRegion = "Île-de-France"
        output.placeCountry = "France"
        output.placeCountryCode = "FR"
        output.placeDistanceKm = 1.25
        output.placeTimeZone = "Europe/Paris"
        output.placeVersion = "1"
        output.timeZoneNote = "a note"
        output.motion = MotionOutput(MotionClip(offset: 100, length: 1000))
        output.media = "video"
        output.durationSeconds = 3.5
        return output
    }

    static let tags = [
        JournalTag(entryId: id, name: "beach-trip", source: .user),
        JournalTag(entryId: id, name: "blue", source: .auto, score: 0.75, taggerVersion: 3),
    ]

    static let weather = WeatherRecord(
        entryId: id, provider: "open-meteo", observedAt: "2021-07-01T08:00:00Z", temperatureC: 21.5,
        apparentTemperatureC: 20.25, precipitationMm: 0.1, cloudCoverPercent: 40, windSpeedKmh: 11.5, weatherCode: 2,
        weatherText: "Partly cloudy", gridLatitude: 48.85, gridLongitude: 2.3, timeZone: "Europe/Paris",
        placeUtcOffsetSeconds: 7200, fetchedAt: "2026-01-01T00:00:00Z")

    static let stack = EntryStack(coverID: id, frameIDs: [id, "bbbb0002-0000-0000-0000-000000000000"], coverPicked: true)

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    func testAnEntrysKeysAreTheConvertedOnesAndReadBack() throws {
        let output = Self.fullOutput()
        let written = try JSONOutput.data(output)
        XCTAssertEqual(text(written), text(try Self.converting.encode(output)))
        XCTAssertEqual(text(written), text(try Self.plain.encode(output)))
        // The reader's names (`CodingKeys`, from snake_case) find every field written.
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        XCTAssertEqual(try decoder.decode(EntryOutput.self, from: written), output)
    }

    func testTagsWeatherAndStackWriteEveryFieldAsTheRecordsConverted() throws {
        XCTAssertEqual(text(try Self.plain.encode(TagsOutput(Self.tags))), text(try Self.converting.encode(Self.tags)))
        XCTAssertEqual(text(try Self.plain.encode(WeatherOutput(record: Self.weather))), text(try Self.converting.encode(Self.weather)))
        let stack = StackOutput(Self.stack)
        XCTAssertEqual(text(try Self.plain.encode(stack)), text(try Self.converting.encode(stack)))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Self.plain.encode(stack)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["cover", "frames", "cover_picked", "size"], "the shape docs/json-schema.md names")
        XCTAssertEqual(object["frames"] as? [String], Self.stack.frameIDs)
    }

    /// An entry without weather says so, with no instant when it has no offset.
    func testAnEntrysDetailsSayWhatItLacks() throws {
        let detailed = EntryDetailsOutput(entry: Self.entry(), tags: [], weather: nil)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONOutput.data(detailed)) as? [String: Any])
        XCTAssertTrue(object["weather"] is NSNull, "an entry without weather says so")
        XCTAssertEqual(object["captured_utc"] as? Int, nil, "no offset, no instant")
        XCTAssertEqual(object["latitude"] as? Double, 48.8584)
    }

    func testAListsJSONIsTheConvertedBytes() throws {
        let entry = try JournalEntry(Self.fullOutput())
        let files = [EntryFile(role: .raw, path: "/photos/a.dng", contentHash: Self.hash("c"), fileSize: 99)]
        var shown = EntryDetailsOutput(entry: entry, tags: Self.tags, weather: Self.weather, distanceKm: 2.5, files: files)
        shown.stack = Self.stack
        let bare = EntryDetailsOutput(entry: entry, tags: [], weather: nil)
        XCTAssertTrue([shown, bare] is any SnakeCaseKeyed)
        XCTAssertEqual(text(try JSONOutput.data([shown, bare])), text(try Self.converting.encode([shown, bare])))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONOutput.data(shown)) as? [String: Any])
        for key in ["distance_km", "text_version", "tags", "weather", "files", "stack", "place_country_code", "captured_utc"] {
            XCTAssertNotNil(object[key], key)
        }
    }
}
