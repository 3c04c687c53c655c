import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// `/new` against the real router and guard: the form writes a text entry through the
/// journal writer, with the edit forms' token and origin rules, and never on a read-only library.
final class NewEntryRouteTests: XCTestCase {
    func testTheFormWritesAnEntryThatTheTimelineShowsEscaped() async throws {
        let fixture = try WebFixture()
        let before = try fixture.store.entries().count
        let journal = try fixture.journal()
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            let form = try await client.execute(uri: "/new", method: .get) { $0 }
            XCTAssertEqual(form.status, .ok)
            XCTAssertTrue(form.text.contains(#"<a href="/new">New entry</a>"#), form.text)
            let token = try XCTUnwrap(form.text.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            XCTAssertNotNil(form.text.firstMatch(of: /name="date" value="\d{4}-\d\d-\d\dT\d\d:\d\d"/), form.text)
            let timeline = try await client.execute(uri: "/", method: .get) { $0.text }
            XCTAssertTrue(timeline.contains(#"<a href="/new">New entry</a>"#), "every page's nav links to it")

            let fields = [("text", "Picnic <script>x</script>\r\nsecond"), ("date", "2019-07-20T12:30"), ("tags", "picnic, Sun")]
            for (headers, csrf) in [(formHeaders, nil), (formHeaders, "0-0"), (formHeaders + [.origin: "http://evil.example"], token)] {
                let body = formBody(fields + (csrf.map { [("csrf", $0)] } ?? []))
                try await client.execute(uri: "/new", method: .post, headers: headers, body: body) { response in
                    XCTAssertEqual(response.status, .forbidden)
                }
            }
            XCTAssertEqual(try fixture.store.entries().count, before, "nothing written without the token and this origin")

            let headers = formHeaders + [.origin: "http://localhost"]
            let body = formBody(fields + [("csrf", token)])
            let written = try await client.execute(uri: "/new", method: .post, headers: headers, body: body) { $0 }
            XCTAssertEqual(written.status, .seeOther)
            let location = try XCTUnwrap(written.headers[.location])
            let entry = try XCTUnwrap(try fixture.store.entries().first { $0.media == .text })
            XCTAssertEqual(location, "/entries/\(entry.id)")
            XCTAssertEqual(entry.text, "Picnic <script>x</script>\nsecond")
            XCTAssertEqual(entry.capturedLocal?.iso8601, "2019-07-20T12:30:00")
            XCTAssertEqual(try fixture.store.tags(entryID: entry.id).map(\.name).sorted(), ["picnic", "sun"])
            XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.store.library.root.appendingPathComponent(entry.sourcePath).path))

            let page = try await client.execute(uri: "/", method: .get) { $0.text }
            XCTAssertTrue(page.contains("<span class=\"noimage\">Picnic &lt;script&gt;x&lt;/script&gt;</span>"), page)
            XCTAssertFalse(page.contains("<script>x"))

            let blank = try await client.execute(
                uri: "/new", method: .post, headers: headers,
                body: formBody([("text", " \r\n "), ("date", "2019-07-20T12:30"), ("tags", "<b>"), ("csrf", token)])
            ) { $0 }
            XCTAssertEqual(blank.status, .badRequest)
            XCTAssertTrue(blank.text.contains("The text is blank"), blank.text)
            XCTAssertTrue(blank.text.contains(#"name="tags" value="&lt;b&gt;""#), "the form comes back as it was sent, escaped")
            let badDate = try await client.execute(
                uri: "/new", method: .post, headers: headers, body: formBody([("text", "x"), ("date", "yesterday"), ("csrf", token)])
            ) { $0 }
            XCTAssertEqual(badDate.status, .badRequest)
            XCTAssertEqual(try fixture.store.entries().count, before + 1)
        }
    }

    func testAReadOnlyLibraryRefusesTheForm() async throws {
        let fixture = try WebFixture()
        // The fixture's photo entry with words has its journal file already.
        let journalFolder = fixture.store.library.root.appendingPathComponent("journal").path
        let filesBefore = FileManager.default.subpaths(atPath: journalFolder)
        let readOnly = try JournalStore.openReadOnly(library: fixture.store.library)
        let journal = try WebJournal(store: readOnly, configuration: WebConfiguration())
        // A read-only library's pages carry no token: the one its forms would have.
        let token = journal.csrf.value
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            try await client.execute(uri: "/new", method: .get) { response in
                XCTAssertEqual(response.status, .forbidden)
                XCTAssertTrue(response.text.contains("read-only"), response.text)
                XCTAssertFalse(response.text.contains("<textarea"))
            }
            let body = formBody([("text", "x"), ("csrf", token)])
            try await client.execute(uri: "/new", method: .post, headers: formHeaders + [.origin: "http://localhost"], body: body) {
                XCTAssertEqual($0.status, .forbidden)
            }
        }
        XCTAssertThrowsError(try readOnly.write(NewTextEntry(text: "x", date: nil))) { error in
            XCTAssertEqual((error as? StoreError)?.code, .readOnly)
        }
        XCTAssertEqual(FileManager.default.subpaths(atPath: journalFolder), filesBefore)
    }
}
