import DaybookCore
import DaybookStore
import DaybookStoreTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// `/search` pages through the store's cursor as the timeline does: its "Older" link carries
/// the search and `before=` the last match shown, and following the links from the first page
/// shows every match exactly once, in timeline order, however many share a capture time.
final class SearchPagePagingTests: XCTestCase {
    func testFollowingTheOlderLinksShowsEveryMatchOnceInOrder() async throws {
        let store = try makeCrowdedStore()
        let day = try XCTUnwrap(CivilDate(iso: "2021-07-01"))
        let expected = try store.timeline(after: nil, limit: 1000).filter { $0.capturedLocal?.date == day }.map(\.id)
        XCTAssertEqual(expected.count, 300)
        for pageSize in [7, 60] {
            var configuration = WebConfiguration()
            configuration.port = 0
            configuration.pageSize = pageSize
            var logger = Logger(label: "search-page-paging-test")
            logger.logLevel = .warning
            let application = try WebJournal(store: store, configuration: configuration).application(logger: logger)
            try await application.test(.live) { client in
                var seen: [String] = []
                var next: String? = "/search?on=2021-07-01"
                var pages = 0
                while let uri = next, pages < 100 {
                    let html = try await client.execute(uri: uri, method: .get) { response in
                        XCTAssertEqual(response.status, .ok, uri)
                        return response.text
                    }
                    let tiles = html.matches(of: /<li class="tile" data-id="([0-9a-f-]+)">/).map { String($0.output.1) }
                    XCTAssertLessThanOrEqual(tiles.count, pageSize)
                    seen += tiles
                    // The link as the browser reads it: the template escaped `&`.
                    next = html.firstMatch(of: /<a rel="next" id="older" href="([^"]+)">Older<\/a>/)
                        .map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
                    if let next { XCTAssertTrue(next.hasPrefix("/search?on=2021-07-01&before="), next) }
                    let summary = "<p class=\"summary\">\(tiles.count) entries on this page</p>"
                    XCTAssertTrue(html.contains(summary), "page \(pages + 1): \(summary)")
                    pages += 1
                }
                XCTAssertEqual(seen, expected, "page size \(pageSize)")
                XCTAssertEqual(pages, (300 + pageSize - 1) / pageSize)
            }
        }
    }

    /// A search that fits one page says how many it found, as before; a cursor that names no
    /// entry is a 404, and "near" (ordered by distance) takes none.
    func testOnePageCountsItsMatchesAndABadCursorIsRefused() async throws {
        let store = try makeCrowdedStore()
        var configuration = WebConfiguration()
        configuration.port = 0
        var logger = Logger(label: "search-page-paging-test")
        logger.logLevel = .warning
        let application = try WebJournal(store: store, configuration: configuration).application(logger: logger)
        try await application.test(.live) { client in
            try await client.execute(uri: "/search?on=2021-07-02", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("<p class=\"summary\">40 entries</p>"), response.text)
                XCTAssertFalse(response.text.contains("rel=\"next\""))
            }
            try await client.execute(uri: "/search?on=2021-07-01&before=ffffffff-0000-4000-8000-000000000000", method: .get) {
                XCTAssertEqual($0.status, .notFound)
            }
            try await client.execute(uri: "/search?near=48.85,2.35&before=00000000", method: .get) { response in
                XCTAssertEqual(response.status, .badRequest)
                XCTAssertTrue(response.text.contains("before does not combine with near"), response.text)
            }
        }
    }

    /// The next page's link keeps every field of the search, whatever its text: read back as
    /// a query string it gives the same fields, and nothing in it escapes the attribute.
    func testTheNextPageLinkCarriesHostileFieldsIntact() throws {
        let hostile = "a&b=c <script>\"x\"</script> % + é 日本 #frag ?q"
        let fields = FormFields(pairs: [("q", hostile), ("tag", "blue sky"), ("from", "2024-01-01"), ("near", "Paris, FR")])
        let form = SearchForm(fields)
        let link = form.link(before: "0123abcd")
        XCTAssertTrue(link.hasPrefix("/search?"), link)
        XCTAssertTrue(
            link.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "%&=/?-._~".contains($0)) }, "only encoded bytes: \(link)")
        let back = FormFields(String(link.dropFirst("/search?".count)))
        XCTAssertEqual(back.first("q"), hostile)
        XCTAssertEqual(back.all("tag"), ["blue", "sky"])
        XCTAssertEqual(back.first("from"), "2024-01-01")
        XCTAssertEqual(back.first("near"), "Paris, FR")
        XCTAssertEqual(back.first("before"), "0123abcd")
        XCTAssertNil(back.first("to"), "an empty field is left out")
    }
}
