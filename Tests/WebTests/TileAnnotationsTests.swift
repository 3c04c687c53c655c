import DaybookWeb
import Foundation
import HummingbirdTesting
import XCTest

@testable import DaybookStore

/// A page of tiles reads only what a tile shows (`tileAnnotations(for:)`): the same tags in
/// the same order and the same weather words as the whole rows give, and the page shows them.
final class TileAnnotationsTests: XCTestCase {
    func testTileAnnotationsAreTheWholeRowsTilePart() throws {
        let fixture = try WebFixture()
        let entries = try fixture.store.entries()
        let ids = entries.map(\.id)
        XCTAssertGreaterThanOrEqual(ids.count, 3)
        _ = try fixture.store.editTags(entryID: ids[0], add: ["zebra", "apple"], remove: [])
        _ = try fixture.store.editTags(entryID: ids[1], add: ["harbour_walk"], remove: [])
        try fixture.store.pool.write { db in
            let sql = """
                INSERT INTO weather (entry_id, provider, observed_at, temperature_c, weather_text, grid_latitude, grid_longitude, fetched_at) VALUES
                (?, 'test', '2024-07-01T10:00:00Z', 21.4, 'Slight rain', 48.9, 2.3, '2024-07-02T00:00:00Z'),
                (?, 'test', '2024-07-01T10:00:00Z', -3.0, NULL, 48.9, 2.3, '2024-07-02T00:00:00Z'),
                (?, 'test', '2024-07-01T10:00:00Z', NULL, NULL, 48.9, 2.3, '2024-07-02T00:00:00Z')
                """
            try db.execute(sql: sql, arguments: [ids[0], ids[1], ids[2]])
        }
        let (narrow, whole) = try fixture.store.readNow { reader in
            (try reader.tileAnnotations(for: ids), try reader.annotations(for: ids))
        }
        XCTAssertEqual(narrow, whole.mapValues(TileAnnotations.init))
        XCTAssertEqual(narrow[ids[0]]?.weatherText, "Slight rain")
        XCTAssertEqual(narrow[ids[0]]?.temperatureC, 21.4)
        XCTAssertEqual(narrow[ids[1]]?.temperatureC, -3.0)
        XCTAssertNil(narrow[ids[1]]?.weatherText)
        // User tags first, then by name, as whole rows are ordered.
        let firstTags = try XCTUnwrap(narrow[ids[0]]?.tags)
        XCTAssertEqual(firstTags.prefix(2).map(\.name), ["apple", "zebra"])
        XCTAssertTrue(firstTags.prefix(2).allSatisfy(\.isUser))
        XCTAssertEqual(narrow[ids[1]]?.tags.first, TileAnnotations.Tag(name: "harbour_walk", isUser: true))
    }

    func testTheTimelineShowsATilesTagAndItsWeatherEscaped() async throws {
        let fixture = try WebFixture()
        let newest = try XCTUnwrap(try fixture.store.timeline(after: nil, limit: 1).first)
        _ = try fixture.store.editTags(entryID: newest.id, add: ["harbour_walk"], remove: [])
        try await fixture.store.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO weather (entry_id, provider, observed_at, temperature_c, weather_text, grid_latitude, grid_longitude, fetched_at)
                    VALUES (?, 'test', '2024-07-01T10:00:00Z', 21.4, 'Rain & <wind>', 48.9, 2.3, '2024-07-02T00:00:00Z')
                    """, arguments: [newest.id])
        }
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get) { $0.text }
            XCTAssertTrue(page.contains("Rain &amp; &lt;wind&gt;, 21 °C"), page)
            XCTAssertTrue(page.contains("<li class=\"tag user\">harbour_walk</li>"), page)
            XCTAssertFalse(page.contains("<wind>"))
        }
    }
}
