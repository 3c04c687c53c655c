import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// An entry written offline with a photo, in headless Chromium: the photo chosen while the
/// server is gone is kept on the phone with the words, and once the server is back both are
/// sent, once: one entry with the photo and the words, however often the page is opened again.
/// Skipped only where chromium is not installed.
final class AppOfflinePhotoTests: XCTestCase {
    func testAnEntryWrittenOfflineWithAPhotoIsSentOnce() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let before = try fixture.store.entries().count
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        let (port, page) = try await fixture.application { $0.port = 0 }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let page = try await browser.open("http://127.0.0.1:\(port)/new")
            try await page.waitForServiceWorker()
            return (port, page)
        }
        let root = "http://127.0.0.1:\(port)"

        // No server and no signal: the New-entry page from the phone's saved copy.
        try await page.setOffline(true)
        try await page.go(to: root + "/new")
        let picker = try await browser.send(
            "Runtime.evaluate", ["expression": "document.querySelector('form.newentry input[type=file]')"], session: page.session)
        let object = try XCTUnwrap((picker["result"] as? [String: Any])?["objectId"] as? String, "\(picker)")
        _ = try await browser.send(
            "DOM.setFileInputFiles", ["files": [UploadRouteTests.reykjavik.path], "objectId": object], session: page.session)
        let item = "document.querySelector('ul.uploads li')"
        try await page.waitFor("['offline', 'failed', 'refused', 'done'].includes(\(item)?.dataset.state)", "the upload's end")
        let state = try await page.evaluate("\(item).dataset.state + ': ' + \(item).querySelector('.status').textContent") as? String
        XCTAssertEqual(state, "offline: kept on this phone: it goes with the entry when the connection is back")
        let words = "Dandelions, written on the bus\nno signal"
        try await page.type(words, into: "form.newentry textarea")
        _ = try await page.evaluate("document.querySelector('form.newentry button[type=submit]').click()")
        try await page.waitFor(
            "document.querySelector('.offline-banner .waiting')?.textContent === '1 change is waiting to be sent'", "one change waiting")
        XCTAssertEqual(try fixture.store.entries().count, before, "nothing reached the stopped server")

        try await AppBrowserTests.serving(fixture, port: port) {
            try await page.setOffline(false)
            try await page.go(to: root + "/")
            try await AppBrowserTests.waitForEntries(fixture, words: words, count: 1)
            for _ in 0..<2 {
                try await page.go(to: root + "/")
                try await page.waitFor("document.querySelectorAll('.offline-banner .waiting').length === 0", "nothing waiting")
            }
        }
        let written = try fixture.store.entries().filter { $0.text == words }
        XCTAssertEqual(written.count, 1, "sent once")
        XCTAssertEqual(written.first?.media, .photo)
        XCTAssertTrue(written.first?.sourcePath.hasSuffix("10-reykjavik-dandelions.heic") == true, written.first?.sourcePath ?? "")
        XCTAssertEqual(try fixture.store.entries().count, before + 1, "one entry: the photo with the words")
    }
}
