import DaybookCore
import DaybookPlaces
import DaybookPresentation
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore
@testable import daybook

/// The list commands read only what a line shows (`ListLine`: a tile's columns, tag names,
/// weather words), not whole entries and whole tag and weather rows, and give the lines those
/// would give, in the same order, for every kind of entry a list meets.
final class ListLineReadTests: XCTestCase {
    private static let added = "2026-01-01T00:00:00Z"

    /// 14 July and August 2018 entries of every shape: named places, a country alone,
    /// coordinates only, a place whose lookup left no version, none; hostile texts, tags and
    /// weather words; many tags with tied scores; undated entries; weather with and without
    /// a temperature or words.
    static func store() throws -> (JournalStore, [String]) {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-list-lines")))
        let texts = [
            "", "harbour at dawn", "harbour\u{1B}[31m red\nsecond line", "\u{202E}harbour reversed", "\n\nharbour after blank lines",
            "😀🇫🇷 harbour " + String(repeating: "long ", count: 20), "a\tb\u{7F}c\u{9B}d harbour", "Zu\u{308}rich harbour",
        ]
        let places: [(GeoLocation?, NamedPlace?, String?)] = [
            (GeoLocation(latitude: 35.0116, longitude: 135.7681), NamedPlace(kyoto: "Kyoto"), "1"),
            (GeoLocation(latitude: -16.5, longitude: 179.95), NamedPlace(kyoto: nil), "1"),
            (GeoLocation(latitude: 48.8566, longitude: 2.3522, altitude: 35), nil, nil),
            (GeoLocation(latitude: 10, longitude: 179.9), NamedPlace(kyoto: "Evil\u{1B}]0;title\u{07}town"), "1"),
            (GeoLocation(latitude: 1, longitude: 2), NamedPlace(kyoto: "No version"), nil),
            (nil, nil, nil),
        ]
        var entries: [JournalEntry] = []
        var autoTags: [String: [AutoTag]] = [:]
        for index in 0..<96 {
            let year = 2000 + index % 26
            let day =
                index % 3 == 0
                ? String(format: "%04d:08:%02d 10:%02d:00", 2018, 1 + index % 28, index % 60)
                : String(format: "%04d:07:14 %02d:00:00", year, index % 24)
            let (location, place, version) = places[index % places.count]
            let id = String(format: "%08x-0000-4000-8000-%012x", index * 7919 % 65536, index)
            entries.append(
                JournalEntry(
                    id: id, contentHash: String(format: "%064x", index + 1), sourcePath: "/p/\(index).jpg", fileSize: 1,
                    capturedLocal: index % 11 == 5 ? nil : LocalDateTime(exif: day), captureSubsec: nil, captureSource: .dateTimeOriginal,
                    offset: nil, location: location, cameraMake: nil, cameraModel: nil, pixelWidth: nil, pixelHeight: nil,
                    orientation: .up, thumbnail: nil, thumbnailWidth: nil, thumbnailHeight: nil, problems: nil,
                    text: texts[index % texts.count], weatherStatus: .unavailable, weatherError: nil, createdAt: added,
                    updatedAt: added, place: place, placeVersion: version))
            // Up to seven automatic tags, scores tied in pairs, so names order the ties.
            autoTags[id] = (0..<(index % 8)).map {
                AutoTag(name: ["sky", "sea", "boat", "dock", "gull", "rope", "sail"][$0], score: 0.9 - Double($0 / 2) * 0.1)
            }
        }
        XCTAssertEqual(try store.insert(batch: entries, autoTags: autoTags, taggerVersion: 1), entries.count)
        let ids = entries.map(\.id)
        for (offset, id) in ids.enumerated() where offset % 4 == 1 {
            guard offset % 11 == 5 else {
                _ = try store.editTags(entryID: id, add: ["zebra", "apple"], remove: [])
                continue
            }
            // An undated entry's tags as an older version kept them (an edit now asks for a date first).
            try store.pool.write { db in
                for name in ["zebra", "apple"] {
                    try db.execute(sql: "INSERT INTO tag (entry_id, name, source) VALUES (?, ?, 'user')", arguments: [id, name])
                }
            }
        }
        try store.pool.write { db in
            // Names as a hostile import might leave them: raw control and bidi characters.
            try db.execute(
                sql:
                    "INSERT INTO tag (entry_id, name, source, score) VALUES (?, 'evil\u{1B}[2J', 'user', NULL), (?, '\u{202E}gnp', 'auto', 0.99)",
                arguments: [ids[2], ids[2]])
            let weather = """
                INSERT INTO weather (entry_id, provider, observed_at, temperature_c, weather_text, grid_latitude, grid_longitude, fetched_at)
                VALUES (?, 'test', '2024-07-01T10:00:00Z', ?, ?, 48.9, 2.3, '2024-07-02T00:00:00Z')
                """
            let kinds: [(Double?, String?)] = [
                (21.5, "Slight rain"), (-0.4, nil), (nil, "Fog\u{1B}[31m"), (nil, nil), (35.2, "Clear sky, hot and long words"),
            ]
            for (index, id) in ids.enumerated() where index % 5 != 4 {
                try db.execute(sql: weather, arguments: [id, kinds[index % kinds.count].0, kinds[index % kinds.count].1])
            }
        }
        return (store, ids)
    }

    /// Whole entries and whole annotations, as the lists read them before.
    private func wholeLines(_ store: JournalStore, _ entries: [JournalEntry], distances: [String: Double] = [:]) throws -> [ListedEntry] {
        let annotations = try store.annotations(for: entries.map(\.id))
        return entries.map { ListedEntry($0, annotations: annotations[$0.id], distanceKm: distances[$0.id]) }
    }

    private func assertSameLines(
        _ light: [ListedEntry], _ whole: [ListedEntry], _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(light.isEmpty, what, file: file, line: line)
        XCTAssertEqual(light.map(\.id), whole.map(\.id), "\(what): the same entries in the same order", file: file, line: line)
        XCTAssertEqual(light, whole, what, file: file, line: line)
        XCTAssertEqual(
            light.map { ListLine.text($0).description }, whole.map { ListLine.text($0).description }, what, file: file, line: line)
    }

    func testOnThisDayLinesAreTheWholeEntriesLines() throws {
        let (store, _) = try Self.store()
        let ask = OnThisDayAsk(monthDay: try XCTUnwrap(MonthDay(month: 7, day: 14)), beforeYear: 2026, includeLeapDay: false)
        let whole = try wholeLines(store, try store.onThisDay(ask))
        assertSameLines(try store.onThisDayList(ask), whole, "on this day")
        assertSameLines(try store.onThisDayList(ask, limit: 7), Array(whole.prefix(7)), "on this day, 7")
        // What the lines hold is what the test meant to cover.
        XCTAssertTrue(whole.contains { $0.tags.count >= 6 })
        XCTAssertTrue(whole.contains { $0.placeName == nil })
        XCTAssertTrue(whole.contains { $0.placeName == "35.0116°N 135.7681°E" || $0.placeName == "1.0000°N 2.0000°E" })
        XCTAssertTrue(whole.contains { $0.temperatureC == nil && $0.weatherText != nil })
    }

    func testSearchAndMonthLinesAreTheWholeEntriesLines() throws {
        let (store, _) = try Self.store()
        for query in [
            JournalQuery(text: "harbour"), JournalQuery(text: "harbour", limit: 5), JournalQuery(tags: ["apple"]),
            JournalQuery(text: "harb", tags: ["sky", "sea"]),
            JournalQuery(fromDate: CivilDate(iso: "2010-01-01"), toDate: CivilDate(iso: "2018-12-31")),
            JournalQuery(near: JournalQuery.Near(latitude: 10, longitude: -179.9, radiusKm: 800)),
            JournalQuery(text: "harbour", near: JournalQuery.Near(latitude: 35, longitude: 135.7, radiusKm: 50), limit: 3),
        ] {
            let results = try store.search(query)
            let distances = Dictionary(
                uniqueKeysWithValues: results.compactMap { result in result.distanceKm.map { (result.entry.id, $0) } })
            assertSameLines(try store.searchList(query), try wholeLines(store, results.map(\.entry), distances: distances), "\(query)")
        }
        let month = try XCTUnwrap(CalendarMonth("2018-08"))
        assertSameLines(try store.monthList(month), try wholeLines(store, try store.entries(month: month)), "month")
        assertSameLines(try store.monthList(month, limit: 4), try wholeLines(store, try store.entries(month: month, limit: 4)), "month, 4")
    }

    func testTimelineAndLatestLinesAreTheWholeEntriesLines() throws {
        let (store, _) = try Self.store()
        let timeline = try wholeLines(store, try store.entries())
        assertSameLines(try store.timelineList(), timeline, "list")
        XCTAssertTrue(timeline.contains { $0.capturedLocal == nil }, "undated entries, last")
        assertSameLines(try store.timelineList(limit: 10), Array(timeline.prefix(10)), "list, 10")
        assertSameLines(try store.latestList(12), try wholeLines(store, try store.latest(12)), "latest")
    }

    /// A line of each hostile kind: escaped, in its columns, and the first four tags in the
    /// order they show in (the user's first, then by score and name).
    func testAHostileLineKeepsItsColumns() throws {
        let (store, ids) = try Self.store()
        let lines = try store.timelineList()
        let hostile = try XCTUnwrap(lines.first { $0.id == ids[2] })
        let text = ListLine.text(hostile).description
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }, text)
        XCTAssertEqual(hostile.tags.prefix(4), ["evil\u{1B}[2J", "\u{202E}gnp", "sea", "sky"])
        // Escaped first, then cut to the column's 24 characters.
        XCTAssertTrue(text.contains("  evil\\e[2J \\u{202E}gnp s…  harbour\\e[31m red  "), text)
        XCTAssertTrue(text.contains("  Fog\\e[31m  "), text)
        let named = try XCTUnwrap(lines.first { $0.id == ids[1] })
        XCTAssertEqual(named.tags.prefix(3), ["apple", "zebra", "sky"])
        XCTAssertTrue(ListLine.text(named).description.contains("-0°C"), ListLine.text(named).description)
    }
}

extension NamedPlace {
    /// A looked-up place in Japan called `name` (none: the country alone, past the town radius).
    fileprivate init(kyoto name: String?) {
        self.init(
            name: name, region: "Kyoto", country: "Japan", countryCode: "JP", distanceKm: 1.2, timeZone: "Asia/Tokyo", dataVersion: "1")
    }
}
