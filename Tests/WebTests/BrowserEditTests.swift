import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Headless Chromium types into the entry page's text form and saves it, against a real
/// server on 127.0.0.1: a long Japanese text is saved as typed, and a save over a text
/// changed meanwhile shows the refusal page with both texts. Driven over the DevTools
/// protocol, since `--dump-dom` cannot type. Skipped only where chromium is not installed.
final class BrowserEditTests: XCTestCase {
    func testTheBrowserSavesALongJapaneseTextAndIsToldOfAConflict() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        let line = String(repeating: "今日は京都の古い寺を歩いた。", count: 3)
        let text = Array(repeating: line, count: 200).joined(separator: "\n")
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let page = try await browser.open("http://127.0.0.1:\(try XCTUnwrap(client.port))/entries/\(entry.id)")
            try await page.type(text, into: "form.text textarea")
            try await page.clickAndWaitForNextPage("form.text button")
            let after = try await page.evaluate("location.pathname + ' ' + document.body.innerText.slice(0, 200)") as? String
            // Compared, not printed: 8,400 characters would bury the message.
            XCTAssertTrue(try fixture.store.entry(id: entry.id)?.text == text, "saved as typed, in lines; the page: \(after ?? "")")
            let shown = try await page.evaluate("document.querySelector('form.text textarea').value") as? String
            XCTAssertTrue(shown == text, "the page shows it again, to edit once more")

            // Changed elsewhere while the page is open: the next save is refused, both texts shown.
            try fixture.store.edit(entryID: entry.id, text: "Written elsewhere")
            try await page.type("Typed in the browser", into: "form.text textarea")
            try await page.clickAndWaitForNextPage("form.text button")
            let heading = try await page.evaluate("document.querySelector('h1').textContent") as? String
            XCTAssertEqual(heading, "Your text was not saved")
            let current = try await page.evaluate("document.querySelector('textarea.current').value") as? String
            XCTAssertEqual(current, "Written elsewhere")
            let mine = try await page.evaluate("document.querySelector('form.text textarea').value") as? String
            XCTAssertEqual(mine, "Typed in the browser")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Written elsewhere")
            // Saving from the refusal page puts the browser's text in.
            try await page.clickAndWaitForNextPage("form.text button")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Typed in the browser")
        }
    }
}
