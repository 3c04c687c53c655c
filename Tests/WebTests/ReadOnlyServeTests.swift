import DaybookStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// A library the server can only read (another user's folder, a read-only mount) is served
/// read-only: its pages carry no forms and say why in one line, and every change is 403.
final class ReadOnlyServeTests: XCTestCase {
    func testAReadOnlyLibraryShowsNoFormsAndRefusesEveryChange() async throws {
        let fixture = try WebFixture()
        let entry = try fixture.hostileEntry
        let readOnly = try JournalStore.openReadOnly(library: fixture.store.library)
        let journal = try WebJournal(store: readOnly, configuration: WebConfiguration())
        // The token the forms would carry: a refusal must not be the token's.
        let token = journal.csrf.value
        let notice = "This library is read-only here (\(fixture.store.library.root.path)): it can be read, not changed, from the web."
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            try await client.execute(uri: "/entries/\(entry.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("<p class=\"notice\" role=\"status\">\(notice)</p>"), response.text)
                for form in ["method=\"post\"", "<textarea", "/delete", "href=\"/new\"", "daybook-csrf", token] {
                    XCTAssertFalse(response.text.contains(form), form)
                }
                XCTAssertTrue(response.text.contains(HTMLText.escape(WebFixture.hostileText)), "the text is shown, not edited")
            }
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertFalse(response.text.contains("href=\"/new\""))
                XCTAssertFalse(response.text.contains("class=\"notice\""), "a page without forms needs no notice")
            }
            try await client.execute(uri: "/entries/\(entry.id)/delete", method: .get) { response in
                XCTAssertEqual(response.status, .forbidden)
                XCTAssertTrue(response.text.contains(notice), response.text)
                XCTAssertFalse(response.text.contains("method=\"post\""))
            }
            let changes: [(String, [(String, String)])] = [
                ("/entries/\(entry.id)/text", [("text", "changed"), ("version", entry.textVersion.description)]),
                ("/entries/\(entry.id)/tags", [("add", "sofa")]),
                ("/entries/\(entry.id)/delete", [("confirm", "yes")]),
                ("/new", [("text", "written on the phone")]),
            ]
            for (uri, fields) in changes {
                let body = formBody(fields + [("csrf", token)])
                try await client.execute(uri: uri, method: .post, headers: formHeaders + [.origin: "http://localhost"], body: body) {
                    XCTAssertEqual($0.status, .forbidden, uri)
                    XCTAssertEqual($0.text, notice + "\n", uri)
                }
            }
        }
        let after = try XCTUnwrap(try fixture.store.entries().first { $0.id == entry.id })
        XCTAssertEqual(after.text, WebFixture.hostileText)
        XCTAssertEqual(try fixture.store.tags(entryID: entry.id).map(\.name).contains("sofa"), false)
    }
}
