import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// Tiles are rendered once and kept, keyed by every value they show: a changed entry, tag or
/// link is a new tile, never the old HTML; the kept tiles stay within their limit.
final class TileHTMLTests: XCTestCase {
    func testAKeptTileIsTheTemplatesAndAnyChangedValueIsRenderedAnew() throws {
        let fixture = try WebFixture()
        let entries = try fixture.store.entries()
        let kept = TileHTML(limit: 2)
        let tile = EntryTile(entry: entries[0], annotations: nil, links: .server)
        let html = kept.html(for: tile)
        XCTAssertEqual(html, TemplateLibrary.render(tile))
        XCTAssertTrue(html.hasPrefix("<li class=\"tile\" data-id=\"\(entries[0].id)\">"), html)
        XCTAssertEqual(kept.html(for: tile), html)
        XCTAssertEqual(kept.count, 1)

        var edited = entries[0]
        edited.text = "Written <later>"
        let changed = kept.html(for: EntryTile(entry: edited, annotations: nil, links: .server))
        XCTAssertTrue(changed.contains("<p class=\"excerpt\">Written &lt;later&gt;</p>"), changed)
        XCTAssertFalse(html.contains("Written"))
        let exported = kept.html(for: EntryTile(entry: entries[0], annotations: nil, links: .staticFiles(depth: 1)))
        XCTAssertTrue(exported.contains("href=\"../entries/"), exported)
        XCTAssertEqual(kept.count, 1, "past the limit, the kept tiles were dropped")
    }

    /// The timeline shows what the entry is now, after an edit by another process, a tag and a
    /// place: each is a new tile.
    func testTheTimelineShowsEveryChangeOfATile() async throws {
        let fixture = try WebFixture()
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        try await fixture.application().test(.router) { client in
            func tile() async throws -> String {
                let html = try await client.execute(uri: "/", method: .get) { $0.text }
                let start = try XCTUnwrap(html.range(of: "<li class=\"tile\" data-id=\"\(paris.id)\">"), html)
                let end = try XCTUnwrap(html.range(of: "</div>\n</li>", range: start.upperBound..<html.endIndex))
                return String(html[start.lowerBound..<end.upperBound])
            }
            let first = try await tile()
            XCTAssertTrue(first.contains("Paris, France"), first)
            let other = try JournalStore(library: fixture.store.library)
            try other.edit(entryID: paris.id, text: "Seen from the tower")
            try other.editTags(entryID: paris.id, add: ["tower"], remove: [])
            _ = try other.updatePlaces(version: "renamed", limit: 100) { entry in
                if entry.id == paris.id { entry.place?.name = "Lutetia" }
            }
            let after = try await tile()
            XCTAssertTrue(after.contains("<p class=\"excerpt\">Seen from the tower</p>"), after)
            XCTAssertTrue(after.contains("<li class=\"tag user\">tower</li>"), after)
            XCTAssertTrue(after.contains("<div class=\"place\">Lutetia, France</div>"), after)
        }
    }
}
