import DaybookStore
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Debian's headless Chromium loads the pages from a real server on 127.0.0.1: the scripts
/// run under the Content-Security-Policy without a single console message (an uncaught
/// error, a refused inline script or a failed load all log one), and the DOM they leave is
/// checked. Skipped only where chromium is not installed (scripts/setup.sh installs it).
final class BrowserTests: XCTestCase {
    func testTimelineEntrySearchAndMapRenderWithoutScriptErrors() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let paris = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("01-paris-2019-07.jpg") })
        let placed = try fixture.store.entries().filter { $0.location != nil }.count
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let base = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let timeline = try await Chromium.load(base + "/", chromium: chromium, profile: profile)
            XCTAssertEqual(timeline.matches(of: /<li class="tile" data-id=/).count, 11)
            XCTAssertEqual(timeline.matches(of: /<section class="month"/).count, 11)

            let entry = try await Chromium.load(base + "/entries/\(paris.id)", chromium: chromium, profile: profile)
            XCTAssertTrue(entry.contains("<h1>Sunday 14 July 2019</h1>"))
            XCTAssertNotNil(entry.firstMatch(of: /id="entrymap"[^>]*class="smallmap leaflet-container/), "the small map was drawn")
            XCTAssertTrue(entry.contains("leaflet-marker-icon dot"), "with the entry's place")
            XCTAssertTrue(entry.contains("leaflet-interactive") || entry.contains("<path"), "over the country outlines")

            // The hostile values reach the browser as text: nothing runs, nothing is logged.
            let hostile = try await Chromium.load(base + "/entries/\(try fixture.hostileEntry.id)", chromium: chromium, profile: profile)
            XCTAssertTrue(hostile.contains("&lt;img src=x onerror=alert(1)&gt;"))
            XCTAssertTrue(hostile.contains("&lt;script&gt;alert('daybook')&lt;/script&gt;"))

            let search = try await Chromium.load(base + "/search?tag=blue", chromium: chromium, profile: profile)
            XCTAssertEqual(search.matches(of: /<li class="tile" data-id=/).count, 1)

            let map = try await Chromium.load(base + "/map", chromium: chromium, profile: profile)
            XCTAssertTrue(map.contains("data-count=\"\(placed)\""), "every entry with a place was placed")
            XCTAssertGreaterThan(map.matches(of: /<path/).count, 100, "country outlines, offline")
            let markers = map.matches(of: /leaflet-marker-icon/).count
            XCTAssertGreaterThan(markers, 0)
        }
    }

    func testTimelineLoadsOlderEntriesFromTheAPIAsItScrolls() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let all = try fixture.store.entries().map(\.id)
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        try await fixture.application {
            $0.port = 0
            $0.pageSize = 4
        }.test(.live) { client in
            // Four tiles fill less than the window: the "Older" link is in view, so timeline.js
            // fetches the next pages until the end.
            let timeline = try await Chromium.load("http://127.0.0.1:\(try XCTUnwrap(client.port))/", chromium: chromium, profile: profile)
            XCTAssertEqual(timeline.matches(of: /<li class="tile" data-id="([0-9a-f-]+)"/).map { String($0.output.1) }, all)
            XCTAssertNil(timeline.firstMatch(of: /id="older"/), "the link goes once the last page is in")
            XCTAssertEqual(timeline.matches(of: /<h2>Undated<\/h2>/).count, 1)
        }
    }

    func testExportedSiteOpensFromFileURLs() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let site = fixture.root.appendingPathComponent("site")
        let report = try StaticSite(store: fixture.store, folder: site).write()
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        let index = try await Chromium.load(site.appendingPathComponent("index.html").absoluteString, chromium: chromium, profile: profile)
        XCTAssertEqual(index.matches(of: /<li class="tile" data-id=/).count, 11)
        if report.hasMap {
            let map = try await Chromium.load(site.appendingPathComponent("map.html").absoluteString, chromium: chromium, profile: profile)
            XCTAssertTrue(map.contains("data-count=\"6\""), "places.js read without fetch")
        }
    }
}
