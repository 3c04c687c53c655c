import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// Headless Chromium gives an entry of words a photo from its page, as a person does with the
/// file picker: the photo is uploaded with a progress bar, the attach form is sent with the
/// entry the upload made, and the page comes back showing the photo above the same words.
/// Skipped only where chromium is not installed.
final class BrowserEntryPhotoTests: XCTestCase {
    func testChoosingAPhotoOnAnEntryOfWordsAttachesIt() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let words = try fixture.store.write(NewTextEntry(text: "Midnight sun\nStill light at one.", date: nil))
        let entriesBefore = try fixture.store.entries().count
        let journal = try fixture.journal { $0.port = 0 }
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await journal.application(logger: Logger(label: "t")).test(.live) { client in
            let root = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let page = try await browser.open(root + "/entries/\(words.id)")
            let figures = try await page.evaluate("document.querySelectorAll('figure img').length") as? Int
            XCTAssertEqual(figures, 0, "words alone have no picture yet")
            let picker = try await browser.send(
                "Runtime.evaluate", ["expression": "document.querySelector('form.photo input[type=file]')"], session: page.session)
            let object = try XCTUnwrap((picker["result"] as? [String: Any])?["objectId"] as? String, "\(picker)")
            _ = try await page.evaluate("window.daybookOldPage = true")
            _ = try await browser.send(
                "DOM.setFileInputFiles", ["files": [UploadRouteTests.reykjavik.path], "objectId": object], session: page.session)
            try await page.waitUntilLoaded()

            let entry = try XCTUnwrap(try fixture.store.entry(id: words.id), "the entry of words keeps its id")
            XCTAssertEqual(entry.media, .photo)
            XCTAssertEqual(entry.text, "Midnight sun\nStill light at one.")
            XCTAssertTrue(entry.sourcePath.hasSuffix("10-reykjavik-dandelions.heic"), entry.sourcePath)
            XCTAssertEqual(try fixture.store.entries().count, entriesBefore, "the upload's own entry went into the words' entry")
            let path = try await page.evaluate("location.pathname") as? String
            XCTAssertEqual(path, "/entries/\(words.id)")
            let shown = try await page.evaluate("document.querySelectorAll('figure img').length") as? Int
            XCTAssertEqual(shown, 1, "the page shows the photo")
            let text = try await page.evaluate("document.body.textContent.includes('Still light at one.')") as? Bool
            XCTAssertEqual(text, true)
        }
    }
}
