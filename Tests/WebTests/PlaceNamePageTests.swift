import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookStoreTestSupport
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Every view where a person meets an entry calls its place by name, by the rule `daybook
/// list` follows ("Paris, France"), not by its coordinates: timeline, entry, search, on this
/// day, latest, the map's data and the static site. And the search's Near field takes a name.
final class PlaceNamePageTests: XCTestCase {
    func testTimelineSearchAndOnThisDayTilesNameThePlace() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            for uri in ["/", "/search?q=paris", "/search?tag=blue", "/on-this-day?date=07-14"] {
                try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .ok, uri)
                    XCTAssertTrue(response.text.contains("<div class=\"place\">Paris, France</div>"), "\(uri):\n\(response.text)")
                    XCTAssertFalse(response.text.contains("48.85837° N"), "\(uri): the name, not the coordinates")
                }
            }
            try await client.execute(uri: "/", method: .get) { response in
                for name in ["Rio de Janeiro, Brazil", "Sydney, Australia", "Mumbai, India"] {
                    XCTAssertTrue(response.text.contains("<div class=\"place\">\(name)</div>"), name)
                }
            }
        }
    }

    func testLatestNamesThePlaceOfASamplePhoto() async throws {
        let fixture = try WebFixture()
        // `created_at` counts whole seconds: a second later, the photo is the newest entry.
        try await Task.sleep(for: .seconds(1.1))
        let kyoto = try fixture.addSamplePhoto("03-kyoto-stone-path.jpg")
        XCTAssertEqual(kyoto.place?.label, "Kyoto, Japan")
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/latest", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("<div class=\"place\">Kyoto, Japan</div>"), response.text)
            }
            // And its entry page, with the region (Kyoto's is Kyoto: said once).
            try await client.execute(uri: "/entries/\(kyoto.id)", method: .get) { response in
                XCTAssertTrue(response.text.contains(">Kyoto, Japan</span>"), response.text)
            }
        }
    }

    func testEntryPageNamesThePlaceWithItsCoordinatesAndDistanceInSmallPrint() async throws {
        let fixture = try WebFixture()
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        let place = try XCTUnwrap(paris.place)
        XCTAssertEqual(place.fullLabel, "Paris, Île-de-France, France")
        let distance = try XCTUnwrap(place.distanceKm)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/entries/\(paris.id)", method: .get) { response in
                let html = response.text
                let dd = try XCTUnwrap(html.firstMatch(of: /<dt>Place<\/dt><dd>(.*?)<\/dd>/), html).output.1
                XCTAssertTrue(dd.contains(">Paris, Île-de-France, France</span>"), String(dd))
                let small = try XCTUnwrap(dd.firstMatch(of: /<small>(.*)<\/small>/), String(dd)).output.1
                XCTAssertTrue(small.contains("48.8584°N 2.2945°E"), String(small))
                XCTAssertTrue(small.contains(String(format: "%.1f km from the centre of Paris", distance)), String(small))
                XCTAssertTrue(small.contains("35 m"), "altitude: \(small)")
                XCTAssertTrue(small.contains("position from EXIF GPS"), String(small))
            }
        }
    }

    func testMapDataAndTheStaticSiteNameThePlace() async throws {
        let fixture = try WebFixture()
        let placed = try fixture.store.entries().filter { $0.location != nil }
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/places?limit=1000", method: .get) { response in
                let page = try XCTUnwrap(try response.json() as? [String: Any])
                let places = try XCTUnwrap(page["entries"] as? [[String: Any]])
                XCTAssertEqual(places.count, placed.count)
                let names = Dictionary(uniqueKeysWithValues: places.map { ($0["id"] as? String ?? "", $0["place"] as? String) })
                XCTAssertEqual(names[paris.id], "Paris, France")
                for entry in placed { XCTAssertEqual(names[entry.id], entry.place?.label, entry.sourcePath) }
            }
        }
        let site = fixture.root.appendingPathComponent("site")
        _ = try StaticSite(store: fixture.store, folder: site).write()
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("<div class=\"place\">Paris, France</div>"))
        let page = try String(contentsOf: site.appendingPathComponent("entries/\(paris.id).html"), encoding: .utf8)
        XCTAssertTrue(page.contains(">Paris, Île-de-France, France</span>"))
        let places = try String(contentsOf: site.appendingPathComponent("places.js"), encoding: .utf8)
        XCTAssertTrue(places.contains("\"place\" : \"Paris, France\""), places)
    }

    func testSearchNearAPlaceName() async throws {
        let fixture = try WebFixture()
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/search?near=Paris&radius=25km", method: .get) { response in
                XCTAssertEqual(response.status, .ok, response.text)
                let html = response.text
                XCTAssertEqual(html.matches(of: /<li class="tile" data-id="([0-9a-f-]+)"/).map { String($0.output.1) }, [paris.id])
                XCTAssertTrue(html.contains("<div class=\"place\">Paris, France</div>"))
                // The CLI's note: which Paris, and that others exist.
                let note = try XCTUnwrap(html.firstMatch(of: /<p class="note">([^<]*)<\/p>/), html).output.1
                XCTAssertTrue(note.hasPrefix("Near Paris: Paris, Île-de-France, France ("), String(note))
                XCTAssertTrue(note.contains("other places have that name"), String(note))
                XCTAssertTrue(note.contains("&quot;Paris, FR&quot;"), "how to choose another: \(note)")
            }
            try await client.execute(uri: "/search?near=Sydney%2C%20AU", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("<div class=\"place\">Sydney, Australia</div>"), response.text)
            }
            try await client.execute(uri: "/search?near=Qwzzx", method: .get) { response in
                XCTAssertEqual(response.status, .badRequest)
                XCTAssertTrue(response.text.contains("near: no place called Qwzzx"), response.text)
            }
        }
    }
}

extension WebFixture {
    /// The entry of the photo whose file name ends with `suffix`.
    func entry(_ suffix: String) throws -> JournalEntry {
        try store.entry(pathEndingWith: suffix)
    }

    /// Copies a photo of SampleImages/ beside the squares and ingests it: the newest entry.
    func addSamplePhoto(_ name: String) throws -> JournalEntry {
        let copy = photos.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("SampleImages/\(name)"), to: copy)
        let summary = try Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [copy.path])
        XCTAssertEqual(summary.failed, 0)
        return try entry(name)
    }
}
