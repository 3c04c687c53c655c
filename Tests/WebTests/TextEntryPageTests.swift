import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// A text entry on the web journal: its tile shows its title where a photo would be, its page
/// has no picture and no original, and its words are escaped like every other value.
final class TextEntryPageTests: XCTestCase {
    let title = "Dinner with <b>friends</b> & \"family\""

    func write(_ fixture: WebFixture) throws -> JournalEntry {
        let date = LocalDateTime(year: 2019, month: 7, day: 20, hour: 20, minute: 15, second: 0)!
        return try fixture.store.write(
            NewTextEntry(text: "\(title)\nSecond line", date: date, offset: UTCOffset(seconds: 7200, source: .device), tags: ["dinner"]))
    }

    func testATextTileShowsItsTitleAndItsPageNoPicture() async throws {
        let fixture = try WebFixture()
        let entry = try write(fixture)
        let title = title
        let escaped = "Dinner with &lt;b&gt;friends&lt;/b&gt; &amp; &quot;family&quot;"
        try await fixture.application().test(.router) { client in
            for uri in ["/", "/search?q=dinner", "/on-this-day?date=07-20"] {
                try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .ok, uri)
                    let page = response.text
                    let start = try XCTUnwrap(page.range(of: "<li class=\"tile\" data-id=\"\(entry.id)\">"), uri)
                    let tile = page[start.lowerBound...]
                    let end = try XCTUnwrap(tile.range(of: "</li>\n"))
                    let html = String(tile[..<end.upperBound])
                    XCTAssertTrue(html.contains("<span class=\"noimage\">\(escaped)</span>"), "\(uri): \(html)")
                    XCTAssertFalse(html.contains("<img"), uri)
                    XCTAssertFalse(html.contains("Photo of"), uri)
                    XCTAssertFalse(html.contains("class=\"excerpt\""), "\(uri): the title is said once")
                }
            }
            try await client.execute(uri: "/entries/\(entry.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                let page = response.text
                XCTAssertFalse(page.contains("<figure"), page)
                XCTAssertFalse(page.contains("Original file"))
                XCTAssertFalse(page.contains("No picture could be made"))
                XCTAssertFalse(page.contains("<dt>Camera</dt>"))
                XCTAssertTrue(page.contains("<summary>About this text</summary>"))
                XCTAssertTrue(page.contains("<dt>Journal file</dt><dd><span data-field=\"source_path\">\(entry.sourcePath)</span>"), page)
                XCTAssertTrue(page.contains(">\(escaped)\nSecond line</textarea>"), page)
                // The words stand where a photo entry's picture is, before the facts, as paragraphs.
                let read = "<div class=\"written\" data-field=\"words\"><p>\(escaped)</p><p>Second line</p></div>"
                let words = try XCTUnwrap(page.range(of: read), page)
                XCTAssertLessThan(words.lowerBound, try XCTUnwrap(page.range(of: "<section class=\"facts\">")).lowerBound)
                XCTAssertFalse(page.contains(title))
            }
            try await client.execute(uri: "/originals/\(entry.id)", method: .get) { response in
                XCTAssertEqual(response.status, .notFound)
            }
        }
    }

    func testAnExportHasItsPageAndNoMissingPhoto() throws {
        let fixture = try WebFixture()
        let before = try StaticSite(store: fixture.store, folder: fixture.root.appendingPathComponent("site-before")).write()
        let entry = try write(fixture)
        let folder = fixture.root.appendingPathComponent("site")
        let report = try StaticSite(store: fixture.store, folder: folder).write()
        XCTAssertEqual(report.entries, before.entries + 1)
        XCTAssertEqual(report.missingPhotos, before.missingPhotos)
        let page = try String(contentsOf: folder.appendingPathComponent("entries/\(entry.id).html"), encoding: .utf8)
        XCTAssertFalse(page.contains("<figure"))
        XCTAssertTrue(page.contains("Second line"))
    }

    func testTheTextFormKeepsATextEntrysFileAndRefusesWhatItCannotSave() async throws {
        let fixture = try WebFixture()
        let entry = try write(fixture)
        let journal = try fixture.journal()
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        let file = fixture.store.library.root.appendingPathComponent(entry.sourcePath)
        let headers = formHeaders + [.origin: "http://localhost"]
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            let uri = "/entries/\(entry.id)/text"
            let saved = formBody([("csrf", token), ("text", "New\r\nwords")])
            try await client.execute(uri: uri, method: .post, headers: headers, body: saved) { XCTAssertEqual($0.status, .seeOther) }
            XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).hasSuffix("---\nNew\nwords\n"), "the file first")
            try await client.execute(uri: uri, method: .post, headers: headers, body: formBody([("csrf", token), ("text", " ")])) {
                XCTAssertEqual($0.status, .badRequest)
                XCTAssertTrue($0.text.contains("the text is blank"), $0.text)
            }
            let handEdited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "version: 1", with: "version: 9")
            try handEdited.write(to: file, atomically: false, encoding: .utf8)
            try await client.execute(uri: uri, method: .post, headers: headers, body: formBody([("csrf", token), ("text", "Lost?")])) {
                XCTAssertEqual($0.status, .conflict)
                XCTAssertTrue($0.text.contains("\(entry.sourcePath):2: version 9 is not one this daybook reads"), $0.text)
            }
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), handEdited)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "New\nwords")
        }
    }
}
