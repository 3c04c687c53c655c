import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The journal as an app in headless Chromium against a real server on 127.0.0.1 (a secure
/// context, so the service worker runs): pages read while the server was there open from the
/// phone's saved copy once it is gone, with the banner; an entry and an edit written offline
/// wait, and are sent once when the server is back; an edit that conflicts shows both texts.
/// Skipped only where chromium is not installed.
final class AppBrowserTests: XCTestCase {
    func testOfflineReadingAndWritingSendEachChangeOnce() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first { $0.media == .photo && $0.thumbnailName != nil })
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        let (port, page) = try await fixture.application { $0.port = 0 }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let page = try await browser.open("http://127.0.0.1:\(port)/")
            try await page.waitForServiceWorker()
            // Read while the server is there: these are what the phone keeps.
            try await page.go(to: "http://127.0.0.1:\(port)/")
            try await page.go(to: "http://127.0.0.1:\(port)/entries/no-such-entry")
            try await page.go(to: "http://127.0.0.1:\(port)/entries/\(entry.id)")
            // What was kept: the pages that read well, never an error page (no-store) or the token.
            let keys = "caches.open('daybook-pages').then((c) => c.keys()).then((k) => k.map((r) => new URL(r.url).pathname).sort())"
            let kept = try await page.awaited(keys) as? [String]
            XCTAssertEqual(kept, ["/", "/entries/\(entry.id)", "/new"])
            return (port, page)
        }
        let root = "http://127.0.0.1:\(port)"

        // The server has stopped, and the phone has no signal: cutting the page's network alone
        // leaves the service worker's own fetches going (DevTools emulates it per target).
        try await page.setOffline(true)
        let shown1 = try await page.evaluate("navigator.onLine") as? Bool
        XCTAssertEqual(shown1, false)
        try await page.go(to: root + "/entries/\(entry.id)")
        let shown2 = try await page.evaluate("document.querySelector('article.entry')?.dataset.id") as? String
        XCTAssertEqual(shown2, entry.id)
        try await Self.assertSavedBanner(page, root + "/entries/\(entry.id)")
        try await page.go(to: root + "/")
        try await Self.assertSavedBanner(page, root + "/")
        let tile = "document.querySelector('li.tile[data-id=\"\(entry.id)\"] img')"
        try await page.waitFor("\(tile)?.complete && \(tile).naturalWidth > 0", "the tile's saved thumbnail")
        try await page.go(to: root + "/tags")
        let unsaved = try await page.evaluate("document.querySelector('main').textContent") as? String
        XCTAssertTrue(unsaved?.contains("This page was not saved on this phone") == true, unsaved ?? "")

        // Written offline: kept on the phone, nothing reaches the (stopped) server.
        let words = "Offline on the ferry\nno signal at all"
        try await page.go(to: root + "/new")
        try await page.type(words, into: "form.newentry textarea")
        _ = try await page.evaluate("document.querySelector('form.newentry button').click()")
        try await page.waitFor(
            "document.querySelector('.offline-banner .waiting')?.textContent === '1 change is waiting to be sent'", "one change waiting")
        let shown3 = try await page.evaluate("location.pathname") as? String
        XCTAssertEqual(shown3, "/new", "the form stayed")
        try await Self.screenshotIfAsked(page)
        // An edit of the entry's text, made on the copy read before the journal's text changed.
        try await page.go(to: root + "/entries/\(entry.id)")
        try await page.type("My words from the ferry", into: "form.text textarea")
        _ = try await page.evaluate("document.querySelector('form.text button').click()")
        try await page.waitFor(
            "document.querySelector('.offline-banner .waiting')?.textContent === '2 changes are waiting to be sent'",
            "two changes waiting")
        try fixture.store.edit(entryID: entry.id, text: "Written at home meanwhile")
        XCTAssertFalse(try fixture.store.entries().contains { $0.text.hasPrefix("Offline on the ferry") })

        // The server again, on the same address with a new token, and the signal back.
        try await Self.serving(fixture, port: port) {
            try await page.go(to: root + "/entries/\(entry.id)")
            try await page.setOffline(false)
            try await page.waitFor(
                "document.querySelector('textarea.current')?.value === 'Written at home meanwhile'", "the conflict's two texts")
            let mine = try await page.evaluate("document.querySelector('form.text textarea').value") as? String
            XCTAssertEqual(mine, "My words from the ferry", "the person's text, kept to choose")
            try await Self.waitForEntries(fixture, words: words, count: 1)
            for _ in 0..<2 {
                try await page.go(to: root + "/")
                try await page.waitFor(
                    "document.querySelector('.offline-banner .waiting')?.textContent === '1 change is waiting to be sent'",
                    "the conflicting edit, still kept")
                XCTAssertEqual(try fixture.store.entries().filter { $0.text == words }.count, 1, "sent once, also after reloading")
            }
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Written at home meanwhile", "nothing saved over unasked")

            // The person chooses their text.
            try await page.waitFor("!!document.querySelector('textarea.current')", "the conflict shown again")
            try await page.clickAndWaitForNextPage("form.text button")
            let shown4 = try await page.evaluate("location.pathname") as? String
            XCTAssertEqual(shown4, "/entries/\(entry.id)")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "My words from the ferry")
            try await page.go(to: root + "/")
            try await Task.sleep(for: .milliseconds(500))
            let shown5 = try await page.evaluate("document.querySelectorAll('.offline-banner').length") as? Int
            XCTAssertEqual(shown5, 0, "nothing waits")
        }
    }

    /// The share sheet's POST, as a navigation with a real JPEG: the service worker keeps the
    /// file and answers with the New-entry form, which receives it in `daybook:add-files`.
    func testAShareLandsOnTheNewEntryFormWithItsFile() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let jpeg = try Data(contentsOf: Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg"))
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let root = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let page = try await browser.open(root + "/new")
            try await page.waitForServiceWorker()
            let listener = """
                document.addEventListener('daybook:add-files', (event) => {
                  const file = event.detail[0];
                  file.arrayBuffer().then((bytes) => {
                    window.daybookShared = JSON.stringify({ count: event.detail.length, name: file.name, type: file.type,
                      size: file.size, start: Array.from(new Uint8Array(bytes).slice(0, 3)),
                      on: event.target.className });
                  });
                }, true);
                """
            _ = try await browser.send("Page.enable", [:], session: page.session)
            _ = try await browser.send("Page.addScriptToEvaluateOnNewDocument", ["source": listener], session: page.session)
            let post = """
                (() => {
                  const bytes = Uint8Array.from(atob('\(jpeg.base64EncodedString())'), (c) => c.charCodeAt(0));
                  const form = document.createElement('form');
                  form.method = 'post'; form.action = '/share'; form.enctype = 'multipart/form-data';
                  const input = document.createElement('input');
                  input.type = 'file'; input.name = 'files';
                  const files = new DataTransfer();
                  files.items.add(new File([bytes], 'paris.jpg', { type: 'image/jpeg' }));
                  input.files = files.files;
                  form.append(input);
                  document.body.append(form);
                  window.daybookOldPage = true;
                  form.submit();
                })()
                """
            _ = try await page.evaluate(post)
            try await page.waitUntilLoaded()
            let shown6 = try await page.evaluate("location.pathname + location.search") as? String
            XCTAssertEqual(shown6, "/new?shared=1")
            let heard = try await page.waitFor("window.daybookShared || ''", "the daybook:add-files event")
            let shared = try XCTUnwrap(heard as? String)
            let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(shared.utf8)) as? [String: Any])
            XCTAssertEqual(event["count"] as? Int, 1)
            XCTAssertEqual(event["name"] as? String, "paris.jpg")
            XCTAssertEqual(event["type"] as? String, "image/jpeg")
            XCTAssertEqual(event["size"] as? Int, jpeg.count)
            XCTAssertEqual(event["start"] as? [Int], [0xFF, 0xD8, 0xFF])
            XCTAssertEqual(event["on"] as? String, "newentry", "dispatched on the New-entry form")
            // Handed over once: the form opened again has nothing more to add.
            let count = """
                new Promise((resolve) => { const open = indexedDB.open('daybook', 1);
                  open.onsuccess = () => { const get = open.result.transaction('shared').objectStore('shared').count();
                    get.onsuccess = () => resolve(get.result); }; })
                """
            let left = try await page.awaited(count) as? Int
            XCTAssertEqual(left, 0)
        }
    }

    /// The journal served on `port` while `body` runs: the same address the phone saved from
    /// (the test framework's live server takes a port of its own choosing).
    static func serving(_ fixture: WebFixture, port: Int, _ body: () async throws -> Void) async throws {
        var logger = Logger(label: "web-test")
        logger.logLevel = .critical
        let application = try fixture.journal { $0.port = port }.application(logger: logger)
        let server = Task { try await application.runService() }
        defer { server.cancel() }
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/app/csrf"))
        for _ in 0..<200 {
            if (try? await URLSession.shared.data(from: url)) != nil { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await body()
        server.cancel()
        _ = await server.result
    }

    static func assertSavedBanner(_ page: DevToolsPipe.Tab, _ url: String) async throws {
        let banner = try await page.waitFor("document.querySelector('.offline-banner .saved')?.textContent || ''", "the banner on \(url)")
        let text = try XCTUnwrap(banner as? String)
        XCTAssertTrue(text.hasPrefix("Offline — showing what this phone saved (saved "), "\(url): \(text)")
        let first = try await page.evaluate("document.body.firstElementChild.className") as? String
        XCTAssertEqual(first, "offline-banner", "\(url): the banner is at the top")
    }

    static func waitForEntries(_ fixture: WebFixture, words: String, count: Int) async throws {
        for _ in 0..<200 {
            if try fixture.store.entries().filter({ $0.text == words }).count >= count { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertEqual(try fixture.store.entries().filter { $0.text == words }.count, count)
    }

    /// `DAYBOOK_WRITE_APP_SCREENSHOT=1`: the page as a phone shows it, into docs/.
    static func screenshotIfAsked(_ page: DevToolsPipe.Tab) async throws {
        guard ProcessInfo.processInfo.environment["DAYBOOK_WRITE_APP_SCREENSHOT"] != nil else { return }
        let metrics: [String: Any] = ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true]
        _ = try await page.browser.send("Emulation.setDeviceMetricsOverride", metrics, session: page.session)
        try await Task.sleep(for: .milliseconds(500))
        let shot = try await page.browser.send("Page.captureScreenshot", ["format": "png"], session: page.session)
        let data = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(shot["data"] as? String)))
        try data.write(to: Repository.root.appendingPathComponent("docs/web-offline-phone.png"))
        _ = try await page.browser.send("Emulation.clearDeviceMetricsOverride", [:], session: page.session)
    }
}
