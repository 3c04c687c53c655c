import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// Headless Chromium chooses a photo on the New-entry page at a phone's size, as a person
/// does with the file picker: its progress bar reaches 100%, and writing lands on the photo's
/// entry with the words and tags. Skipped only where chromium is not installed. With
/// DAYBOOK_UPLOAD_SCREENSHOT=FILE it saves the page, bar full, as a PNG (docs/).
final class BrowserUploadTests: XCTestCase {
    func testChoosingAPhotoUploadsItAndTheFormDescribesIt() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let journal = try fixture.journal { $0.port = 0 }
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await journal.application(logger: Logger(label: "t")).test(.live) { client in
            let root = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let page = try await browser.open(root + "/new")
            _ = try await browser.send(
                "Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true],
                session: page.session)
            let picker = try await browser.send(
                "Runtime.evaluate", ["expression": "document.querySelector('form.newentry input[type=file]')"], session: page.session)
            let object = try XCTUnwrap((picker["result"] as? [String: Any])?["objectId"] as? String, "\(picker)")
            _ = try await browser.send(
                "DOM.setFileInputFiles", ["files": [UploadRouteTests.reykjavik.path], "objectId": object], session: page.session)
            var state = ""
            for _ in 0..<200 where !["done", "duplicate", "refused", "failed"].contains(state) {
                try await Task.sleep(for: .milliseconds(50))
                state = try await page.evaluate("document.querySelector('ul.uploads li')?.dataset.state ?? ''") as? String ?? ""
            }
            XCTAssertEqual(state, "done")
            let bar = try await page.evaluate("document.querySelector('ul.uploads progress').value") as? Int
            XCTAssertEqual(bar, 100)
            let kept = try await page.evaluate("form = document.querySelector('form.newentry'); form.daybookFiles.length") as? Int
            XCTAssertEqual(kept, 1, "the chosen File stays on the form")
            let required = try await page.evaluate("document.querySelector('form.newentry textarea').required") as? Bool
            XCTAssertEqual(required, false, "a photo may go without words")
            try await page.type("Dandelions at midnight\nThe sun never set.", into: "form.newentry textarea")
            try await page.type("summer", into: "form.newentry input[name=tags]")
            if let file = ProcessInfo.processInfo.environment["DAYBOOK_UPLOAD_SCREENSHOT"] {
                _ = try await page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
                let shot = try await browser.send("Page.captureScreenshot", ["format": "png"], session: page.session)
                let data = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(shot["data"] as? String)))
                try data.write(to: URL(fileURLWithPath: file))
            }
            try await page.clickAndWaitForNextPage("form.newentry button[type=submit]")

            let entry = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("10-reykjavik-dandelions.heic") })
            XCTAssertEqual(entry.text, "Dandelions at midnight\nThe sun never set.")
            XCTAssertTrue(try fixture.store.tags(entryID: entry.id).map(\.name).contains("summer"))
            let path = try await page.evaluate("location.pathname") as? String
            XCTAssertEqual(path, "/entries/\(entry.id)")
            let figures = try await page.evaluate("document.querySelectorAll('figure img').length") as? Int
            XCTAssertEqual(figures, 1, "the entry shows its photo")
            let words = try await page.evaluate("document.body.textContent.includes('Dandelions at midnight')") as? Bool
            XCTAssertEqual(words, true)
        }
    }
}
