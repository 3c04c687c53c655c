import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// `POST /entries/<id>/photo` on a real server, with a photo entry made by ingest (as
/// `POST /uploads` makes them): words take the photo and give it back, and a refusal is a page
/// saying why, with both entries as they were.
final class PhotoRouteTests: XCTestCase {
    func testWordsTakeAPhotoOnTheirPageAndGiveItBack() async throws {
        let fixture = try WebFixture()
        let date = LocalDateTime(year: 2024, month: 5, day: 17, hour: 20, minute: 0, second: 0)!
        let words = try fixture.store.write(
            NewTextEntry(text: "Harbour at dusk", date: date, offset: UTCOffset(seconds: 7200, source: .device)))
        let photo = try XCTUnwrap(try fixture.store.entries().first { $0.media == .photo && $0.text.isEmpty && $0.location != nil })
        let hostile = try fixture.hostileEntry
        let file = fixture.store.library.root.appendingPathComponent(words.sourcePath)
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let headers = formHeaders + [.origin: "http://localhost"]
            let page = try await client.execute(uri: "/entries/\(words.id)", method: .get) { $0.text }
            let token = try XCTUnwrap(page.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            XCTAssertTrue(page.contains(#"<input type="hidden" name="action" value="attach">"#), page)
            XCTAssertFalse(page.contains(#"value="detach""#))

            func post(_ fields: [(String, String)], to id: String = words.id) async throws -> TestResponse {
                try await client.execute(
                    uri: "/entries/\(id)/photo", method: .post, headers: headers, body: formBody(fields + [("csrf", token)])
                ) { $0 }
            }
            let before = try Data(contentsOf: file)
            let refused = try await post([("action", "attach"), ("photo", hostile.id)])
            XCTAssertEqual(refused.status, .conflict)
            XCTAssertTrue(refused.text.contains("holds words: its photo would take it along"), refused.text)
            XCTAssertTrue(refused.text.contains("Nothing was changed."), refused.text)
            XCTAssertEqual(try Data(contentsOf: file), before)
            XCTAssertNotNil(try fixture.store.entry(id: hostile.id))
            let unknown = try await post([("action", "attach"), ("photo", "ffffffff")])
            XCTAssertEqual(unknown.status, .badRequest, unknown.text)
            let paint = try await post([("action", "paint")])
            XCTAssertEqual(paint.status, .badRequest)

            let attached = try await post([("action", "attach"), ("photo", photo.id)])
            XCTAssertEqual(attached.status, .seeOther, attached.text)
            XCTAssertEqual(attached.headers[.location], "/entries/\(words.id)")
            XCTAssertNil(try fixture.store.entry(id: photo.id), "the photo's own entry went")
            let merged = try XCTUnwrap(try fixture.store.entry(id: words.id))
            XCTAssertEqual(merged.sourcePath, photo.sourcePath)
            XCTAssertEqual(merged.text, "Harbour at dusk")
            XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("\nphoto: \(photo.contentHash) \""))
            let shown = try await client.execute(uri: "/entries/\(words.id)", method: .get) { $0.text }
            XCTAssertTrue(shown.contains("<figure class=\"preview\">"), shown)
            XCTAssertTrue(shown.contains(#"<input type="hidden" name="action" value="detach">"#), shown)
            XCTAssertTrue(shown.contains(#"<input type="hidden" name="action" value="replace">"#), shown)
            XCTAssertTrue(shown.contains("Harbour at dusk</textarea>"), shown)

            let detached = try await post([("action", "detach")])
            XCTAssertEqual(detached.status, .seeOther, detached.text)
            let apart = try XCTUnwrap(try fixture.store.entry(id: words.id))
            XCTAssertEqual(apart.media, .text)
            XCTAssertEqual(apart.sourcePath, words.sourcePath)
            let own = try XCTUnwrap(try fixture.store.entries().first { $0.contentHash == photo.contentHash })
            XCTAssertNotEqual(own.id, words.id)
            XCTAssertEqual(own.capturedLocal, photo.capturedLocal, "the photo's own date, read from its file")
            XCTAssertEqual(own.location, photo.location)
            XCTAssertFalse(try String(contentsOf: file, encoding: .utf8).contains("photo:"))
        }
    }

    func testAReadOnlyLibraryShowsNoPhotoForm() async throws {
        let fixture = try WebFixture()
        let date = LocalDateTime(year: 2024, month: 5, day: 17, hour: 20, minute: 0, second: 0)!
        let words = try fixture.store.write(NewTextEntry(text: "Words", date: date, offset: nil))
        let readOnly = try WebJournal(
            store: try JournalStore.openReadOnly(library: fixture.store.library), configuration: WebConfiguration())
        try await readOnly.application(logger: Logger(label: "t")).test(.router) { client in
            let page = try await client.execute(uri: "/entries/\(words.id)", method: .get) { $0.text }
            XCTAssertFalse(page.contains("/photo\""), page)
        }
    }
}
