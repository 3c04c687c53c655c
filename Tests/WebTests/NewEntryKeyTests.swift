import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// `POST /new` with a `key`: sent twice, also by a server started again on the same library,
/// the entry is written once and both answers lead to it; a key of another shape is refused.
final class NewEntryKeyTests: XCTestCase {
    func testAKeySentAgainLandsOnTheFirstEntryAndWritesNothing() async throws {
        let fixture = try WebFixture()
        let before = try fixture.store.entries().count
        let key = "3f0c1b2a-9d4e-4c1b-8f7a-0123456789ab"
        let fields = [("text", "Queued on the train\nno signal"), ("date", "2024-06-01T08:15"), ("tags", "train"), ("key", key)]
        let first = try await Self.post(fields, to: try fixture.journal())
        XCTAssertEqual(first.status, .seeOther)
        let location = try XCTUnwrap(first.headers[.location])
        let entry = try XCTUnwrap(try fixture.store.entries().first { $0.media == .text && $0.text.hasPrefix("Queued") })
        XCTAssertEqual(location, "/entries/\(entry.id)")

        let again = try await Self.post(fields, to: try fixture.journal())
        XCTAssertEqual(again.status, .seeOther)
        XCTAssertEqual(again.headers[.location], location)
        // Another text under the same key is still the same request sent again.
        let changed = try await Self.post([("text", "Something else"), ("key", key)], to: try fixture.journal())
        XCTAssertEqual(changed.headers[.location], location)
        XCTAssertEqual(try fixture.store.entries().count, before + 1, "one entry for one key")

        // A store opened anew on the library (a restarted server) knows the key.
        let reopened = try JournalStore(library: fixture.store.library)
        let restarted = try WebJournal(store: reopened, configuration: WebConfiguration())
        let afterRestart = try await Self.post(fields, to: restarted)
        XCTAssertEqual(afterRestart.headers[.location], location)
        XCTAssertEqual(try reopened.entries().filter { $0.text.hasPrefix("Queued on the train") }.count, 1)

        let other = try await Self.post([("text", "A second entry"), ("key", "another-key-123")], to: restarted)
        XCTAssertEqual(other.status, .seeOther)
        XCTAssertNotEqual(other.headers[.location], location, "a new key writes a new entry")
        XCTAssertEqual(try reopened.entries().count, before + 2)
    }

    func testAKeyOfAnotherShapeIsRefused() async throws {
        let fixture = try WebFixture()
        let before = try fixture.store.entries().count
        let journal = try fixture.journal()
        for key in ["short", String(repeating: "a", count: 65), "has space in it", "semi;colon1", "ünïcode-key"] {
            let answer = try await Self.post([("text", "x"), ("key", key)], to: journal)
            XCTAssertEqual(answer.status, .badRequest, key)
            XCTAssertTrue(answer.text.contains("key= must be 8 to 64"), answer.text)
        }
        let longest = try await Self.post([("text", "x"), ("key", String(repeating: "a", count: 64))], to: journal)
        XCTAssertEqual(longest.status, .seeOther)
        XCTAssertEqual(try fixture.store.entries().count, before + 1)
    }

    /// The New-entry form as a browser posts it, with the server's token.
    static func post(_ fields: [(String, String)], to journal: WebJournal) async throws -> TestResponse {
        let token = journal.csrf.value
        return try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            let headers = formHeaders + [.origin: "http://localhost"]
            return try await client.execute(uri: "/new", method: .post, headers: headers, body: formBody(fields + [("csrf", token)]))
        }
    }
}
