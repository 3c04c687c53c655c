import DaybookCore
import DaybookStore
import Foundation
import XCTest

@testable import DaybookWeb

/// Every page the journal has, rendered from real entries (the web fixture with hostile text,
/// place and tag, places on a map and a tag of the user's), through the server's links and an
/// export's, with Leaflet and without: each comes out whole, so no template names a value its
/// model lacks (that throws), and what each shows is escaped.
final class PageTemplatesTests: XCTestCase {
    func testEveryPageRendersWholeFromRealEntries() throws {
        let fixture = try WebFixture.hostileParis()
        let entries = try fixture.store.entries()
        let annotations = try fixture.store.annotations(for: entries.map(\.id))
        let read = TileEntries(entries: entries, annotations: annotations)
        let hostile = "a&b=c <script>\"x\"</script> é"
        let form = SearchForm(
            FormFields(pairs: [("q", hostile), ("tag", "blue \(hostile)"), ("from", "2019-01-01"), ("to", hostile), ("radius", hostile)]))
        let near = SearchForm(FormFields(pairs: [("near", hostile), ("radius", "10km")]))
        let results = entries.map { SearchResult(entry: $0, distanceKm: nil) }
        let nearest = entries.enumerated().map { SearchResult(entry: $1, distanceKm: Double($0) * 1.25) }
        let day = try XCTUnwrap(MonthDay(month: 7, day: 14))
        let counts = [
            TagCount(name: HostileValues.tag, entries: 3, auto: 2, user: 1), TagCount(name: "mine", entries: 1, auto: 0, user: 1),
        ]
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        var conflict: EditConflict?
        XCTAssertThrowsError(try fixture.store.edit(entryID: paris.id, text: hostile, basedOn: TextVersion(of: "other"))) {
            conflict = $0 as? EditConflict
        }
        let refused = try XCTUnwrap(conflict)
        for links in [SiteLinks.server, .staticFiles(depth: 1)] {
            for pages in [JournalPages(links: links, csrf: "token-<&>"), JournalPages(links: links, leaflet: false)] {
                var shown = [
                    try pages.timeline(read, newer: nil, older: (href: "/?before=abc", cursor: "abc"), month: "2019-07"),
                    try pages.timeline(read, newer: "/", older: nil),
                    try pages.timeline(TileEntries(entries: [], annotations: [:]), newer: "/", older: nil),
                    try pages.search(form, results: results, annotations: annotations, problem: nil, note: hostile, older: "/search?a&b"),
                    try pages.search(form, results: results, annotations: annotations, problem: nil, continued: true),
                    try pages.search(near, results: nearest, annotations: annotations, problem: nil, note: "Paris, France"),
                    try pages.search(form, results: [], problem: nil), try pages.search(form, results: nil, problem: hostile),
                    try pages.onThisDay(read, day: day, thisYear: 2026, pages: OnThisDayPaging(total: 1234, newest: nil, more: "/a&b")),
                    try pages.onThisDay(read, day: day, thisYear: 2026, pages: OnThisDayPaging(total: 1, newest: "/", more: nil)),
                    try pages.onThisDay(TileEntries(entries: [], annotations: [:]), day: day, thisYear: 2026),
                    try pages.tags(counts), try pages.tags([]), try pages.latest(read),
                    try pages.latest(TileEntries(entries: [], annotations: [:])), try pages.message("Not <found>", hostile),
                    try pages.confirmDelete(paris, csrf: "token-<&>"), try pages.editConflict(paris, refused, csrf: "token-<&>"),
                    try pages.map(places: "/api/map"),
                ]
                for entry in entries {
                    let read = try fixture.store.readNow { try $0.entryPage(entry) }
                    shown += [try pages.entry(read), try pages.entry(read, hasPreview: false)]
                }
                for html in shown {
                    XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n"), html)
                    XCTAssertTrue(html.hasSuffix("</body>\n</html>\n"), html)
                    XCTAssertFalse(html.contains("<script>\"x\""), "the fields, escaped")
                    XCTAssertNil(html.firstMatch(of: /<b>tag/), "the tag, escaped")
                }
                let all = shown.joined()
                for expected in [
                    "Paris&quot;\u{338} onerror=alert(1)", "<li class=\"tag user\">mine</li>", "1234 entries", "<h1>Not &lt;found&gt;</h1>",
                    "<h1>Delete this entry?</h1>", "<h1>Your text was not saved</h1>", "id=\"map\" class=\"bigmap\"",
                    "<article class=\"entry\" data-id=\"\(paris.id)\">", "<p class=\"empty\">No entries yet",
                ] {
                    XCTAssertTrue(all.contains(expected), expected)
                }
                XCTAssertEqual(all.contains("content=\"token-&lt;&amp;&gt;\""), pages.csrf != nil, "the CSRF token, escaped")
            }
        }
    }
}
