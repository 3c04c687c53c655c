import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import HummingbirdTesting
import XCTest

/// A photo with no date has no journal file to keep words in: its page offers the date field
/// and says so in place of the words, tags and place forms, and a form sent anyway is refused
/// with the store's reason and changes nothing.
final class UndatedPhotoPageTests: XCTestCase {
    func testTheDateComesFirstAndAFormSentAnywayChangesNothing() async throws {
        let fixture = try WebFixture()
        let photo = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("08-no-exif.jpg") })
        XCTAssertNil(photo.capturedLocal)
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/entries/\(photo.id)", method: .get) { $0.text }
            XCTAssertTrue(page.contains("This photo has no date. Give it one with the Date field"), page)
            XCTAssertTrue(page.contains("name=\"date\""), "the date field is there")
            for form in ["form class=\"text\"", "form class=\"addtag\"", "name=\"place\""] {
                XCTAssertFalse(page.contains(form), "no \(form) for an undated photo")
            }
            let token = try XCTUnwrap(page.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            let headers = formHeaders + [.origin: "http://localhost"]
            for (form, fields) in [("text", [("text", "Words")]), ("place", [("place", "Paris, FR")])] {
                let (status, body) = try await client.execute(
                    uri: "/entries/\(photo.id)/\(form)", method: .post, headers: headers, body: formBody(fields + [("csrf", token)])
                ) { ($0.status, $0.text) }
                XCTAssertEqual(status, .conflict, form)
                XCTAssertTrue(body.contains("has no date, so no journal file can keep its words"), body)
            }
            let after = try XCTUnwrap(try fixture.store.entry(id: photo.id))
            XCTAssertEqual(after.text, "")
            XCTAssertNil(after.location)
        }
    }
}
