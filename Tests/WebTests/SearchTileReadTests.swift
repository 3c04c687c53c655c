import DaybookCore
import DaybookPlaces
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore
@testable import DaybookWeb

/// Search and on-this-day pages read only what a tile shows (`searchRows`, `onThisDayTiles`,
/// `tileAnnotations`, a cursor by `tile(idPrefix:)`): on a seeded journal of ties,
/// undated entries, places, videos, user tags and weather, every page must hold the same
/// tiles in the same order, and render to the same bytes, as the whole entries gave.
final class SearchTileReadTests: XCTestCase {
    private static let words = ["harbour", "harbourside", "river", "snow", "café", "market"]
    private static let tagNames = ["blue", "sky", "green"]

    func testSearchPagesFromMatchesEqualThePagesOfWholeEntries() throws {
        let store = try Self.seed()
        let pages = JournalPages(links: .server)
        let someone = try XCTUnwrap(try store.readNow { try $0.timelineTiles(after: nil, limit: 300) }.last)
        let searches: [[(String, String)]] = [
            [("q", "harbour")], [("q", "har")], [("q", "cafe")], [("q", "riv sno")], [("tag", "blue")], [("tag", "sky"), ("tag", "green")],
            [("q", "market"), ("tag", "blue")], [("from", "2005-01-01"), ("to", "2012-12-31")], [("q", "snow"), ("month", "2010-07")],
            [("near", "48.85,2.35"), ("radius", "50km")], [("near", "48.85,2.35"), ("q", "river")], [("q", "zzzz")],
        ]
        var pagesSeen = 0
        var shown = ""
        for fields in searches {
            let form = SearchForm(
                FormFields(
                    fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }.joined(separator: "&")))
            let isNear = !form.near.isEmpty
            // Every page of the search, then a page after an entry that need not match.
            var cursors: [String?] = [nil]
            var index = 0
            while index < cursors.count, index < 12 {
                var query = try form.query(store: store, limit: isNear ? 500 : 25)
                query.before = cursors[index]
                index += 1
                let (whole, light) = try store.readNow { reader in
                    let results = try reader.search(query)
                    return (
                        try pages.search(
                            form, results: results, annotations: try reader.annotations(for: results.map(\.entry.id)), problem: nil),
                        try pages.search(form, found: try SearchTiles(try reader.searchRows(query), reader), problem: nil)
                    )
                }
                XCTAssertEqual(light, whole, "\(fields), after \(query.before ?? "nothing")")
                let found = try store.readNow { reader in try Self.matches(reader.searchRows(query)) }
                XCTAssertEqual(found, Self.matches(try store.search(query)))
                let ids = found.map(\.tile.id)
                pagesSeen += 1
                shown += light
                if !isNear, ids.count == 25 { cursors.append(ids.last) }
            }
            var query = try form.query(store: store, limit: 25)
            query.before = isNear ? nil : someone.id
            XCTAssertEqual(
                try store.readNow { try Self.matches($0.searchRows(query)) },
                Self.matches(try store.search(query)))
        }
        XCTAssertGreaterThan(pagesSeen, searches.count + 5, "some searches ran to several pages")
        // The pages compared show what a tile can show: weather, user tags, places, distances, videos.
        for shows in ["Rain &amp; &lt;wind&gt;", "<li class=\"tag user\">apple</li>", "Paris, France", "km away", "▶", "No date", "<img"] {
            XCTAssertTrue(shown.contains(shows), shows)
        }
        XCTAssertThrowsError(try store.readNow { try $0.searchRows(JournalQuery(text: "snow", before: "ffffffff-gone")) })
    }

    /// A match as a search page shows it: its tile and, for "near", its distance.
    private struct Match: Equatable {
        let tile: TimelineTile
        let distanceKm: Double?
    }

    private static func matches(_ found: SearchRows) -> [Match] {
        found.rows.tiles.map { Match(tile: $0, distanceKm: found.distances[$0.id]) }
    }

    private static func matches(_ results: [SearchResult]) -> [Match] {
        results.map { Match(tile: TimelineTile($0.entry), distanceKm: $0.distanceKm) }
    }

    func testOnThisDayTilesAreTheWholeEntriesTilesFromEveryCursor() throws {
        let store = try Self.seed()
        for (day, leap) in [("07-14", false), ("02-28", true), ("02-29", false), ("12-25", false)] {
            let ask = OnThisDayAsk(monthDay: try XCTUnwrap(MonthDay(day)), beforeYear: 2019, includeLeapDay: leap)
            try store.readNow { reader in
                let whole = try reader.onThisDay(ask)
                XCTAssertEqual(try reader.onThisDayTiles(ask), whole.map(TimelineTile.init), day)
                if day == "07-14" { XCTAssertGreaterThan(whole.count, 40) }
                for cursor in whole.prefix(60) {
                    for limit in [1, 7] {
                        XCTAssertEqual(
                            try reader.onThisDayTiles(ask, after: TimelineTile(cursor), limit: limit),
                            try reader.onThisDay(ask, after: cursor, limit: limit).map(TimelineTile.init))
                    }
                }
                XCTAssertEqual(try reader.onThisDayTiles(ask, limit: 0), [])
            }
        }
    }

    /// A cursor is read as a tile by id or unique prefix, as `entry(idPrefix:)` reads the entry.
    func testACursorTileIsTheEntryByIdOrUniquePrefix() throws {
        let store = try Self.seed()
        let ids = try store.entries().map(\.id)
        try store.readNow { reader in
            for id in ids.prefix(50) {
                for prefix in [id, String(id.prefix(8)), String(id.prefix(4)), id.uppercased(), "../" + id, String(id.prefix(3))] {
                    XCTAssertEqual(try reader.tile(idPrefix: prefix), try reader.entry(idPrefix: prefix).map(TimelineTile.init), prefix)
                }
            }
            // Two ids sharing their first characters: their common prefix names neither.
            let sorted = ids.sorted()
            let (a, b) = try XCTUnwrap(
                zip(sorted, sorted.dropFirst()).max { $0.0.commonPrefix(with: $0.1).count < $1.0.commonPrefix(with: $1.1).count })
            let shared = a.commonPrefix(with: b)
            XCTAssertGreaterThanOrEqual(shared.count, 4)
            XCTAssertNil(try reader.tile(idPrefix: shared))
            XCTAssertNil(try reader.entry(idPrefix: shared))
        }
    }

    // MARK: - The seeded journal

    /// 600 entries: 20 years of a few days (7/14, 2/28, 2/29 in leap years, 12/25), many at
    /// one second and one instant, a tenth undated; words, auto and user tags, weather, places
    /// and positions around Paris, thumbnails, videos.
    private static func seed() throws -> JournalStore {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-search-tiles")))
        var random = SplitMix64(seed: 29)
        let added = Date(timeIntervalSince1970: 1_700_000_000)
        let days = ["07-14", "07-14", "02-28", "12-25", "07-15"]
        var batch: [JournalEntry] = []
        var autoTags: [String: [AutoTag]] = [:]
        for index in 0..<600 {
            var capture: CaptureTime?
            if Int.random(in: 0..<10, using: &random) != 0 {
                let year = 2000 + Int.random(in: 0..<20, using: &random)
                var day = days.randomElement(using: &random)!
                if day == "02-28", year % 4 == 0, Bool.random(using: &random) { day = "02-29" }
                let hour = Int.random(in: 0..<3, using: &random) + 9
                let local = LocalDateTime(iso: String(format: "%04d-%@T%02d:00:00", year, day, hour))!
                capture = CaptureTime(local: local, source: .dateTimeOriginal)
            }
            let id = String(format: "%08x-0000-4000-8000-%012d", UInt32.random(in: 0...UInt32.max, using: &random), index)
            var entry = JournalEntry(
                id: id, contentHash: String(format: "%064d", index), sourcePath: "/p/p\(index).jpg", fileSize: 1, capture: capture,
                pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [],
                now: added.addingTimeInterval(Double(Int.random(in: 0..<3, using: &random))))
            entry.text = (0..<Int.random(in: 0...3, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
            if Int.random(in: 0..<3, using: &random) > 0 {
                entry.location = GeoLocation(
                    latitude: 48.85 + Double.random(in: -0.5...0.5, using: &random),
                    longitude: 2.35 + Double.random(in: -0.5...0.5, using: &random))
                entry.locationSource = .exif
                entry.placeVersion = "test-1"
                if Bool.random(using: &random) {
                    entry.place = NamedPlace(
                        name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR", distanceKm: 1, timeZone: nil,
                        dataVersion: "test-1")
                }
            }
            if Int.random(in: 0..<4, using: &random) > 0 {
                entry.thumbnail = String(format: "%064d.jpg", index)
                entry.thumbnailWidth = 400
                entry.thumbnailHeight = 300
            }
            if Int.random(in: 0..<8, using: &random) == 0 {
                entry.media = .video
                entry.durationSeconds = Double(Int.random(in: 1...90, using: &random))
            }
            autoTags[id] = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in tagNames.randomElement(using: &random)! })
                .map { AutoTag(name: $0, score: 0.5) }
            batch.append(entry)
        }
        XCTAssertEqual(try store.insert(batch: batch, autoTags: autoTags, taggerVersion: 1), batch.count)
        for entry in batch.prefix(120) where Int.random(in: 0..<3, using: &random) == 0 {
            guard entry.capturedLocal == nil else {
                _ = try store.editTags(entryID: entry.id, add: ["zebra-walk", "apple"], remove: [])
                continue
            }
            // An undated entry's tags as an older version kept them (an edit now asks for a date first).
            try store.pool.write { db in
                for name in ["zebra-walk", "apple"] {
                    try db.execute(sql: "INSERT INTO tag (entry_id, name, source) VALUES (?, ?, 'user')", arguments: [entry.id, name])
                }
            }
        }
        try store.pool.write { db in
            for (index, entry) in batch.enumerated() where index % 3 == 0 {
                try db.execute(
                    sql: """
                        INSERT INTO weather (entry_id, provider, observed_at, temperature_c, weather_text, grid_latitude, grid_longitude, fetched_at)
                        VALUES (?, 'test', '2024-07-01T10:00:00Z', ?, ?, 48.9, 2.3, '2024-07-02T00:00:00Z')
                        """,
                    arguments: [entry.id, index % 2 == 0 ? Double(index % 40) - 10.5 : nil, index % 5 == 0 ? nil : "Rain & <wind>"])
            }
        }
        return store
    }
}
