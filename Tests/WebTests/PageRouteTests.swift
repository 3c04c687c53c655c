import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// The pages: what they show, in what order, and that outside text is always escaped.
final class PageRouteTests: XCTestCase {
    func testTimelineHasMonthSectionsNewestFirstWithLazySizedThumbnails() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8")
                let html = response.text
                let months = html.matches(of: /<h2>([A-Za-z]+ \d{4}|Undated)<\/h2>/).map { String($0.output.1) }
                XCTAssertEqual(
                    months,
                    [
                        "March 2024", "August 2023", "February 2023", "June 2022", "December 2021", "March 2021", "January 2020",
                        "July 2019", "May 2018", "September 2017", "Undated",
                    ])
                let images = html.matches(
                    of: /<img loading="lazy" src="\/thumbnails\/[0-9a-f]{64}\.jpg" width="(\d+)" height="(\d+)" alt="([^"]+)">/)
                XCTAssertEqual(images.count, 11)
                // Every sample shows 640×480 once its orientation is applied (some are stored 480×640).
                XCTAssertTrue(images.allSatisfy { $0.output.1 == "400" && $0.output.2 == "300" }, "the oriented thumbnail's size")
                XCTAssertTrue(html.contains("Sunday 14 July 2019"), "date with weekday")
                XCTAssertTrue(html.contains("<div class=\"place\">Paris, France</div>"), "place, by name")
                XCTAssertTrue(html.contains("<li class=\"tag\">blue</li>"), "tags")
                XCTAssertTrue(html.contains("name=\"month\""), "jump to month")
            }
        }
    }

    func testTimelinePagesAndJumpsToAMonth() async throws {
        let fixture = try WebFixture()
        let all = try fixture.store.entries()
        try await fixture.application { $0.pageSize = 4 }.test(.router) { client in
            var seen: [String] = []
            var uri: String? = "/"
            while let next = uri {
                uri = try await client.execute(uri: next, method: .get) { response in
                    XCTAssertEqual(response.status, .ok, next)
                    seen += response.text.matches(of: /<li class="tile" data-id="([0-9a-f-]+)">/).map { String($0.output.1) }
                    return response.text.firstMatch(of: /<a rel="next" id="older" href="([^"]+)"/).map { String($0.output.1) }
                }
            }
            XCTAssertEqual(seen, all.map(\.id))
            try await client.execute(uri: "/?month=2021-12", method: .get) { response in
                let first = response.text.firstMatch(of: /<h2>([^<]+)<\/h2>/).map { String($0.output.1) }
                XCTAssertEqual(first, "December 2021")
            }
        }
    }

    func testHostileTextAndExifAreEscapedEverywhere() async throws {
        let fixture = try WebFixture()
        let hostile = try fixture.hostileEntry
        try await fixture.application().test(.router) { client in
            for uri in ["/", "/entries/\(hostile.id)", "/search?q=daybook", "/latest", "/entries/\(hostile.id)/delete"] {
                try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .ok, uri)
                    let html = response.text
                    XCTAssertFalse(html.contains("<script>alert"), uri)
                    XCTAssertFalse(html.contains("<img src=x"), uri)
                    XCTAssertNil(html.firstMatch(of: /<script(?![^>]*\bsrc=")/), "\(uri): no inline script at all")
                    XCTAssertNil(html.firstMatch(of: /\sstyle=|<style/), "\(uri): no inline style")
                    XCTAssertNil(html.firstMatch(of: /<[a-z][^>]*\son[a-z]+=/), "\(uri): no event handler attribute")
                    let csp = try XCTUnwrap(response.headers[.contentSecurityPolicy])
                    XCTAssertTrue(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), csp)
                }
            }
            try await client.execute(uri: "/entries/\(hostile.id)", method: .get) { response in
                XCTAssertTrue(response.text.contains("&lt;img src=x onerror=alert(1)&gt;"), "the Make, shown as text")
                XCTAssertTrue(response.text.contains("&lt;script&gt;alert(&#39;daybook&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;"))
            }
        }
    }

    func testEntryPageShowsEverythingAndLinksItsNeighbours() async throws {
        let fixture = try WebFixture()
        let all = try fixture.store.entries()
        let paris = try XCTUnwrap(all.firstIndex { $0.sourcePath.hasSuffix("01-paris-2019-07.jpg") })
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/entries/\(all[paris].id)", method: .get) { response in
                let html = response.text
                XCTAssertTrue(html.contains("<h1>Sunday 14 July 2019</h1>"))
                XCTAssertTrue(html.contains("<dt>Time</dt><dd><span data-field=\"captured_local\">10:30</span>"))
                XCTAssertTrue(html.contains("UTC+02:00"))
                XCTAssertTrue(html.contains("Daybook SampleCam One"), "camera")
                XCTAssertTrue(html.contains("src=\"/previews/\(all[paris].contentHash).jpg\" width=\"640\" height=\"480\""))
                XCTAssertTrue(html.contains("href=\"/originals/\(all[paris].id)\""))
                XCTAssertTrue(html.contains("<a rel=\"prev\" href=\"/entries/\(all[paris - 1].id)\">"))
                XCTAssertTrue(html.contains("<a rel=\"next\" href=\"/entries/\(all[paris + 1].id)\">"))
                XCTAssertTrue(html.contains("data-lat=\"48.85837\""))
                XCTAssertTrue(html.contains("<textarea name=\"text\""))
            }
            try await client.execute(uri: "/entries/\(all.last!.id)", method: .get) { response in
                XCTAssertNil(response.text.firstMatch(of: /rel="next"/), "the last entry has no older one")
            }
        }
    }

    func testKeptPagesFollowEveryChangeToTheJournal() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        let journal = try fixture.journal()
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            func show() async throws -> String {
                try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            }
            let first = try await show()
            let again = try await show()
            XCTAssertEqual(first, again)
            // Another process (here another connection, as `daybook edit` or a watcher has).
            let other = try JournalStore(library: fixture.store.library)
            try other.edit(entryID: entry.id, text: "Written elsewhere")
            let afterOther = try await show()
            XCTAssertTrue(afterOther.contains(">Written elsewhere</textarea>"))
            // This server's own edit.
            try await client.execute(
                uri: "/entries/\(entry.id)/text", method: .post, headers: formHeaders,
                body: formBody([("csrf", token), ("text", "Written here")]))
            let afterOwn = try await show()
            XCTAssertTrue(afterOwn.contains(">Written here</textarea>"))
            let json = try await client.execute(uri: "/api/entries/\(entry.id)", method: .get) { $0.text }
            XCTAssertTrue(json.contains("\"text\" : \"Written here\""))
        }
    }

    func testSearchOnThisDayLatestAndTags() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/search?tag=blue", method: .get) { response in
                XCTAssertTrue(response.text.contains("Sunday 14 July 2019"))
                XCTAssertTrue(response.text.contains("1 entry"))
            }
            try await client.execute(uri: "/search?near=48.85,2.35&radius=x", method: .get) { response in
                XCTAssertEqual(response.status, .badRequest)
                XCTAssertTrue(response.text.contains("radius must be like 500m or 25km"))
            }
            try await client.execute(uri: "/on-this-day?date=07-14", method: .get) { response in
                XCTAssertTrue(response.text.contains("2019, "), "Paris, by year")
            }
            try await client.execute(uri: "/latest", method: .get) { response in
                XCTAssertEqual(response.text.matches(of: /<li class="tile"/).count, 5)
                XCTAssertTrue(response.text.contains("<header class=\"bar\">"), "the navigation every page has")
                XCTAssertTrue(response.text.contains("<a href=\"/on-this-day\">On this day</a>"), response.text)
            }
            try await client.execute(uri: "/tags", method: .get) { response in
                XCTAssertTrue(response.text.contains("<a href=\"/search?tag=blue\">blue</a>"))
            }
            try await client.execute(uri: "/map", method: .get) { response in
                XCTAssertTrue(response.text.contains("data-places=\"/api/map\""), "the map asks the server for each view")
            }
        }
    }
}
