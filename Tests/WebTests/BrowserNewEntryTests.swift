import DaybookCore
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Headless Chromium follows the nav's New entry link, types an entry with markup in it and
/// writes it, against a real server on 127.0.0.1: it lands on the entry's page, and the
/// timeline shows the words as a tile, as text. Skipped only where chromium is not installed.
final class BrowserNewEntryTests: XCTestCase {
    func testTheBrowserWritesAnEntryAndSeesItsTile() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let title = "Picnic <b>by</b> the lake & \"more\""
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let root = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let page = try await browser.open(root + "/")
            try await page.clickAndWaitForNextPage("header nav a[href=\"/new\"]")
            try await page.type(title + "\nSandwiches, then rain.", into: "form.newentry textarea")
            try await page.type("picnic lake", into: "form.newentry input[name=tags]")
            try await page.clickAndWaitForNextPage("form.newentry button")

            let entry = try XCTUnwrap(try fixture.store.entries().first { $0.media == .text }, "the form wrote an entry")
            XCTAssertEqual(entry.text, title + "\nSandwiches, then rain.")
            XCTAssertEqual(try fixture.store.tags(entryID: entry.id).map(\.name).sorted(), ["lake", "picnic"])
            let path = try await page.evaluate("location.pathname") as? String
            XCTAssertEqual(path, "/entries/\(entry.id)")
            let figures = try await page.evaluate("document.querySelectorAll('figure').length") as? Int
            XCTAssertEqual(figures, 0, "words alone have no picture")

            let timeline = try await browser.open(root + "/")
            let query = "document.querySelector('li.tile[data-id=\"\(entry.id)\"] .noimage')?.textContent ?? 'no tile'"
            let tile = try await timeline.evaluate(query) as? String
            XCTAssertEqual(tile, title, "the title as text, not markup")
            let bold = try await timeline.evaluate("document.querySelectorAll('li.tile b').length") as? Int
            XCTAssertEqual(bold, 0)
        }
    }

    /// The tiles timeline.js makes from `/api/entries` as the reader scrolls say a text entry
    /// as the server's own tiles do: its title in the picture's place, once, as text.
    func testATextTileThatTheTimelineScriptLoadsShowsItsTitle() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        // Older than every photo: on a later page, which the script fetches.
        let date = try XCTUnwrap(LocalDateTime(year: 1990, month: 1, day: 2, hour: 3, minute: 4, second: 5))
        let entry = try fixture.store.write(NewTextEntry(text: "Oldest <b>words</b>\nand more", date: date, offset: nil))
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        try await fixture.application {
            $0.port = 0
            $0.pageSize = 4
        }.test(.live) { client in
            let url = "http://127.0.0.1:\(try XCTUnwrap(client.port))/"
            let timeline = try await Chromium.load(url, chromium: chromium, profile: profile)
            let start = try XCTUnwrap(timeline.range(of: "<li class=\"tile\" data-id=\"\(entry.id)\">"), timeline)
            let end = try XCTUnwrap(timeline[start.upperBound...].range(of: "</li>"))
            let tile = String(timeline[start.lowerBound..<end.upperBound])
            XCTAssertTrue(tile.contains(#"<span class="noimage">Oldest &lt;b&gt;words&lt;/b&gt;</span>"#), tile)
            XCTAssertFalse(tile.contains("excerpt"), tile)
            XCTAssertFalse(tile.contains("Photo of"), tile)
        }
    }
}
