import DaybookStore
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// A tag form may carry only so many tags, and an entry may gather only as many of its own
/// from the web as its journal file holds: a form of thousands of `add=` fields would hold the
/// journal's writer for many seconds. A form over a limit is refused with a page that says
/// the limit, and changes nothing.
final class TagLimitRouteTests: XCTestCase {
    func testATagFormOverTheLimitsIsRefusedAndChangesNothing() async throws {
        let fixture = try WebFixture()
        let entry = try fixture.hostileEntry
        let journal = try fixture.journal()
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        @Sendable func names() throws -> [String] { try fixture.store.tags(entryID: entry.id).map(\.name).sorted() }
        @Sendable func own() throws -> [String] {
            try fixture.store.tags(entryID: entry.id).filter { $0.source == .user }.map(\.name).sorted()
        }
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            func post(_ fields: [(String, String)]) async throws -> (HTTPResponse.Status, String) {
                try await client.execute(
                    uri: "/entries/\(entry.id)/tags", method: .post, headers: formHeaders, body: formBody([("csrf", token)] + fields)
                ) { ($0.status, $0.text) }
            }
            let before = try names()
            let (tooMany, refusal) = try await post((0...50).map { ("add", "many-\($0)") })
            XCTAssertEqual(tooMany, .contentTooLarge)
            XCTAssertTrue(refusal.contains("A tag form may change at most 50 tags; this one names 51. Nothing was changed."), refusal)
            let (mixed, _) = try await post((0..<30).map { ("add", "many-\($0)") } + (0..<21).map { ("remove", "gone-\($0)") })
            XCTAssertEqual(mixed, .contentTooLarge, "removals count too")
            XCTAssertEqual(try names(), before, "nothing changed")

            // 60 tags of its own, of the longest names, which its journal file still holds on one line.
            func long(_ name: String) -> String { name + String(repeating: "x", count: 64 - name.count) }
            for (form, count) in [(0, 50), (1, 10)] {
                let (status, text) = try await post((0..<count).map { ("add", long("form-\(form)-\($0)-")) })
                XCTAssertEqual(status, .seeOther, "form \(form): \(text)")
            }
            let full = try own()
            XCTAssertEqual(full.count, 60)
            let (oneMore, text) = try await post([("add", "one-more")])
            XCTAssertEqual(oneMore, .badRequest)
            XCTAssertTrue(
                text.contains("An entry may have at most 60 tags of its own; this edit would give it 61. Nothing was changed."), text)
            XCTAssertEqual(try own(), full)
            // At the limit, a tag it has is added again, and one takes the place of another.
            let (atTheLimit, _) = try await post([("add", full[0]), ("remove", full[1]), ("add", "in-its-place")])
            XCTAssertEqual(atTheLimit, .seeOther)
            XCTAssertEqual(try own(), (full.filter { $0 != full[1] } + ["in-its-place"]).sorted())
        }
    }

    /// The new-entry form's tags field, split at commas and spaces, has the same limit.
    func testTheNewEntryFormRefusesTooManyTags() async throws {
        let fixture = try WebFixture()
        let journal = try fixture.journal()
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        let count = try fixture.store.entries().count
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            let tags = (0...50).map { "t\($0)" }.joined(separator: ", ")
            try await client.execute(
                uri: "/new", method: .post, headers: formHeaders, body: formBody([("csrf", token), ("text", "Many tags"), ("tags", tags)])
            ) { response in
                XCTAssertEqual(response.status, .badRequest)
                XCTAssertTrue(response.text.contains("at most 50 tags"), response.text)
            }
        }
        XCTAssertEqual(try fixture.store.entries().count, count, "nothing was written")
    }
}
