import DaybookCore
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Headless Chromium sets a text entry's place and date on its page, against a real server
/// on 127.0.0.1: the page then shows the place's name and the new day, and a place not found
/// is a page saying what to give instead.
final class BrowserPlaceDateTests: XCTestCase {
    func testTheBrowserSetsAPlaceAndADate() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let date = LocalDateTime(year: 2024, month: 5, day: 17, hour: 12, minute: 30, second: 0)!
        let entry = try fixture.store.write(
            NewTextEntry(text: "Temple gardens", date: date, offset: UTCOffset(seconds: 9 * 3600, source: .device)))
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let page = try await browser.open("http://127.0.0.1:\(try XCTUnwrap(client.port))/entries/\(entry.id)")
            try await page.type("Kyoto", into: "input[name=place]")
            try await page.clickAndWaitForNextPage("form.whenwhere:nth-of-type(2) button")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.place?.name, "Kyoto")
            let place = try await page.evaluate("document.querySelector('input[name=place]').value") as? String
            XCTAssertEqual(place, "Kyoto, JP")
            // A datetime-local field takes its value as the page gives it.
            _ = try await page.evaluate("document.querySelector('input[name=date]').value = '2024-06-01T09:15:00'")
            try await page.clickAndWaitForNextPage("form.whenwhere button")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.capturedLocal?.iso8601, "2024-06-01T09:15:00")
            let heading = try await page.evaluate("document.querySelector('h1').textContent") as? String
            XCTAssertEqual(heading, "Saturday 1 June 2024")

            try await page.type("Nowhereville123", into: "input[name=place]")
            try await page.clickAndWaitForNextPage("form.whenwhere:nth-of-type(2) button")
            let refusal = try await page.evaluate("document.body.innerText") as? String
            XCTAssertTrue(refusal?.contains("No place called \"Nowhereville123\"") == true, refusal ?? "")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.place?.name, "Kyoto")
        }
    }
}
