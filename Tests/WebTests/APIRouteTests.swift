import DaybookPresentation
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// The JSON API, through the router: the same field names as `--json`, paging that visits
/// every entry once in the timeline's order, search, places and tags.
final class APIRouteTests: XCTestCase {
    func testEntryFieldsAreTheJSONOutputFields() async throws {
        let fixture = try WebFixture()
        let entry = try fixture.hostileEntry
        // Byte for byte what `daybook show --json` prints.
        let expected = try JSONOutput.data(
            EntryDetailsOutput(
                entry: entry, tags: try fixture.store.tags(entryID: entry.id), weather: try fixture.store.weather(entryID: entry.id)))
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/entries/\(entry.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "application/json; charset=utf-8")
                XCTAssertEqual(Data(buffer: response.body), expected)
                let object = try XCTUnwrap(try response.json() as? [String: Any])
                XCTAssertEqual(object["camera_make"] as? String, WebFixture.hostileMake, "JSON carries the value as it is")
            }
            // A unique prefix works as on the command line.
            try await client.execute(uri: "/api/entries/\(entry.id.prefix(8))", method: .get) { response in
                XCTAssertEqual((try response.json() as? [String: Any])?["id"] as? String, entry.id)
            }
        }
    }

    func testPagingVisitsEveryEntryOnceInTimelineOrder() async throws {
        let fixture = try WebFixture()
        let expected = try fixture.store.entries().map(\.id)
        XCTAssertEqual(expected.count, 11)
        try await fixture.application().test(.router) { client in
            var seen: [String] = []
            var before: String?
            repeat {
                let uri = "/api/entries?limit=4" + (before.map { "&before=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get) { try XCTUnwrap(try $0.json() as? [String: Any]) }
                let entries = try XCTUnwrap(page["entries"] as? [[String: Any]])
                XCTAssertLessThanOrEqual(entries.count, 4)
                seen += entries.compactMap { $0["id"] as? String }
                XCTAssertTrue(entries.allSatisfy { $0["tags"] is [Any] && $0.keys.contains("weather") })
                before = page["next_before"] as? String
                XCTAssertTrue(page.keys.contains("next_before"))
            } while before != nil
            XCTAssertEqual(seen, expected, "the undated photo comes last, as in `daybook list`")
        }
    }

    func testSearchParametersAreTheCLISearch() async throws {
        let fixture = try WebFixture()
        let blue = try fixture.store.search(JournalQuery(tags: ["blue"])).map(\.entry.id)
        XCTAssertFalse(blue.isEmpty)
        let paris = try fixture.store.search(
            JournalQuery(near: JournalQuery.Near(latitude: 48.8566, longitude: 2.3522, radiusKm: 50))
        ).map(\.entry.id)
        XCTAssertEqual(paris.count, 1)
        try await fixture.application().test(.router) { client in
            func ids(_ uri: String) async throws -> [String] {
                try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .ok, uri)
                    let page = try XCTUnwrap(try response.json() as? [String: Any])
                    return (page["entries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                }
            }
            let blueIDs = try await ids("/api/entries?tag=blue")
            XCTAssertEqual(blueIDs, blue)
            let nearParis = try await ids("/api/entries?near=48.8566,2.3522&radius=50km")
            XCTAssertEqual(nearParis, paris)
            let scriptWords = try await ids("/api/entries?q=quotes")
            // Not "daybook": that is also the samples' camera Make, which search finds too.
            XCTAssertEqual(scriptWords, [try fixture.hostileEntry.id], "words match the entry's text")
            let onTheDay = try await ids("/api/entries?on=2024-03-05")
            XCTAssertEqual(onTheDay, [try fixture.hostileEntry.id])
            // Paging through matches: one at a time, the same list.
            let all = try await ids("/api/entries?from=2017-01-01&to=2023-12-31")
            var paged: [String] = []
            var before: String?
            repeat {
                let uri = "/api/entries?from=2017-01-01&to=2023-12-31&limit=1" + (before.map { "&before=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get) { try XCTUnwrap(try $0.json() as? [String: Any]) }
                paged += (page["entries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                before = page["next_before"] as? String
            } while before != nil
            XCTAssertEqual(paged, all)
            XCTAssertGreaterThan(all.count, 5)
            for bad in ["/api/entries?limit=0", "/api/entries?on=2024-13-01", "/api/entries?near=91,0", "/api/entries?tag=a%26b"] {
                try await client.execute(uri: bad, method: .get) { XCTAssertEqual($0.status, .badRequest, bad) }
            }
        }
    }

    func testPlacesAndTags() async throws {
        let fixture = try WebFixture()
        let placed = try fixture.store.entries().filter { $0.location != nil }
        let counts = try fixture.store.tagCounts()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/places?limit=1000", method: .get) { response in
                let page = try XCTUnwrap(try response.json() as? [String: Any])
                let places = try XCTUnwrap(page["entries"] as? [[String: Any]])
                XCTAssertEqual(Set(places.compactMap { $0["id"] as? String }), Set(placed.map(\.id)))
                let paris = try XCTUnwrap(places.first { ($0["captured_local"] as? String)?.hasPrefix("2019-07") == true })
                XCTAssertEqual(try XCTUnwrap(paris["latitude"] as? Double), 48.858370, accuracy: 1e-6)
                XCTAssertNotNil(paris["thumbnail"] as? String)
            }
            try await client.execute(uri: "/api/tags", method: .get) { response in
                let tags = try XCTUnwrap(try response.json() as? [[String: Any]])
                XCTAssertEqual(tags.compactMap { $0["name"] as? String }, counts.map(\.name))
                XCTAssertEqual(tags.compactMap { $0["entries"] as? Int }, counts.map(\.entries))
            }
        }
    }
}
