import DaybookCore
import DaybookIngest
import DaybookMetadata
import DaybookPresentation
import DaybookStore
import DaybookTestSupport
import DaybookWeather
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import DaybookWeb

/// The entry page shows what the journal knows of an entry: the weather with its condition,
/// the time zone with where it came from, and every field of `--json`'s entry, or the code
/// says why one is left out.
final class EntryFactsTests: XCTestCase {
    /// A station at the Eiffel Tower: light rain on the morning of 14 July 2019.
    static let weatherCSV = """
        latitude,longitude,time,temperature_c,apparent_temperature_c,precipitation_mm,cloud_cover_percent,wind_speed_kmh,weather_code,timezone
        48.8584,2.2945,2019-07-14T10:00,14.2,13.1,0.4,90,12.3,61,Europe/Paris
        48.8584,2.2945,2019-07-14T11:00,14.2,13.1,0.4,90,12.3,61,Europe/Paris
        """

    func testEntryPageShowsTheWeatherConditionAndTheZoneWithItsSource() async throws {
        let fixture = try WebFixture()
        try await fixture.fillWeather(Self.weatherCSV)
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        XCTAssertEqual(paris.weatherStatus, .done)
        try await fixture.application().test(.router) { client in
            func facts(_ entry: JournalEntry) async throws -> [String: String] {
                try await client.execute(uri: "/entries/\(entry.id)", method: .get) { response in
                    var rows: [String: String] = [:]
                    for row in response.text.matches(of: /<dt>([^<]+)<\/dt><dd>(.*?)<\/dd>/) {
                        rows[String(row.output.1)] = String(row.output.2).replacing(/<[^>]+>/, with: "")
                            .replacingOccurrences(of: "&#39;", with: "'")
                    }
                    return rows
                }
            }
            let parisFacts = try await facts(paris)
            XCTAssertEqual(parisFacts["Weather"]?.hasPrefix("Slight rain, 14 °C, wind 12 km/h"), true, "\(parisFacts)")
            XCTAssertEqual(parisFacts["Zone"], "UTC+02:00, from the camera's offset tag")
            // Rio's offset comes from the GPS clock; no station near it, so the provider refused it.
            let rio = try await facts(try fixture.entry("02-rio-2020-01.jpg"))
            XCTAssertEqual(rio["Zone"], "UTC-03:00, from the GPS clock")
            XCTAssertEqual(rio["Weather"]?.hasPrefix("none: the provider refused it"), true, "\(rio)")
            // Sydney's photo has no offset at all: the place's zone gave it one.
            let sydney = try await facts(try fixture.entry("04-sydney-2021-12.jpg"))
            XCTAssertEqual(sydney["Zone"], "Australia/Sydney (UTC+11:00), from the place")
            // No place and no offset: floating, and why.
            let floating = try await facts(try fixture.entry("05-createdate-only-2018-05.jpg"))
            XCTAssertEqual(floating["Zone"], "floating: no zone known (the photo has no offset and no place)")
            // A floating time the place's clocks skipped keeps the placer's reason.
            let skipped = try await facts(try fixture.addFloatingEntry("2019:03:31 02:30:00", latitude: 48.8566, longitude: 2.3522))
            XCTAssertEqual(
                skipped["Zone"],
                "floating: no zone known (2019-03-31 02:30 did not happen in Europe/Paris: the clocks went forward then)")
        }
    }

    /// Each key of an entry's `--json` is shown on its page (an element labelled
    /// `data-field="KEY"`) or listed in `EntryFacts.leftOut` with the reason: a field added to
    /// `EntryOutput` fails here until the page shows it or the code says why not.
    func testEveryJSONFieldOfAnEntryIsOnItsPageOrDeliberatelyLeftOut() async throws {
        let fixture = try WebFixture()
        try await fixture.fillWeather(Self.weatherCSV)
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        try fixture.store.edit(entryID: paris.id, text: "A hot day by the tower.")
        let output = EntryOutput(try fixture.entry("01-paris-2019-07.jpg"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONOutput.data(output)) as? [String: Any])
        // The JSON leaves out nil fields: the type's own properties name the rest.
        let properties = Set(Mirror(reflecting: output).children.compactMap(\.label).map(Self.snakeCase))
        XCTAssertTrue(Set(json.keys).isSubset(of: properties), "snake_case as the encoder writes it: \(json.keys.sorted())")
        let keys = properties.union(json.keys)
        XCTAssertGreaterThan(keys.count, 30)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/entries/\(paris.id)", method: .get) { response in
                let html = response.text
                let shown = Set(html.matches(of: /data-field="([^"]+)"/).flatMap { $0.output.1.split(separator: " ").map(String.init) })
                for key in keys.sorted() {
                    let leftOut = EntryFacts.leftOut[key]
                    XCTAssertTrue(shown.contains(key) || leftOut != nil, "\(key) is neither on the entry page nor in EntryFacts.leftOut")
                    XCTAssertFalse(shown.contains(key) && leftOut != nil, "\(key) is shown and also listed as left out")
                }
                XCTAssertTrue(Set(EntryFacts.leftOut.keys).isSubset(of: keys), "leftOut names only real fields")
                // Labelled elements hold the values themselves, as a person reads them.
                for value in [paris.id, paris.contentHash, "DateTimeOriginal", "10:30:00.250", "2019-07-14 08:30:00 UTC", "FR"] {
                    XCTAssertTrue(html.contains(value), value)
                }
                XCTAssertTrue(html.contains("A hot day by the tower."))
            }
        }
    }

    /// "capturedUTC" → "captured_utc", as `JSONOutput` writes the keys.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        var previousWasLower = false
        for character in name {
            if character.isUppercase && previousWasLower { result += "_" }
            result += character.lowercased()
            previousWasLower = character.isLowercase
        }
        return result
    }
}

extension WebFixture {
    /// Runs the weather back-fill over the journal from a weather file (`--weather file:PATH`).
    func fillWeather(_ csv: String) async throws {
        let path = root.appendingPathComponent("weather.csv")
        try Data(csv.utf8).write(to: path)
        let provider = try FileWeatherProvider(path: path.path)
        let fetcher = WeatherFetcher(provider: provider, retry: RetryPolicy(), limiter: RateLimiter(requestsPerMinute: 0))
        let backfill = WeatherBackfill(store: store, provider: provider, fetcher: fetcher)
        let options = BackfillOptions(archiveDelayDays: 0)
        _ = try await backfill.run(try backfill.plan(options), options: options)
    }

    /// An entry whose capture time has no offset, placed as ingest places it.
    func addFloatingEntry(_ local: String, latitude: Double, longitude: Double) throws -> JournalEntry {
        var metadata = PhotoMetadata()
        metadata.capture = CaptureTime(local: try XCTUnwrap(LocalDateTime(exif: local)), source: .dateTimeOriginal, offset: nil)
        metadata.location = GeoLocation(latitude: latitude, longitude: longitude)
        var entry = JournalEntry(
            contentHash: String(repeating: "ab", count: 32), sourcePath: photos.appendingPathComponent("floating.jpg").path,
            fileSize: 1, metadata: metadata, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        try EntryPlacer.embedded().place(&entry)
        _ = try store.insert(entry)
        return entry
    }
}
