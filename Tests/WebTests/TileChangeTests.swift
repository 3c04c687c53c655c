import DaybookStore
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import DaybookWeb

final class TileChangeTests: XCTestCase {
    /// The timeline shows what the entry is now, after an edit by another process, a tag and a
    /// place.
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
