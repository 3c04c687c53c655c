import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// Headless Chromium on a burst (Tests/Fixtures/stacks) against a real server on 127.0.0.1:
/// the timeline shows one tile saying "3 photos", the entry page shows the three frames'
/// thumbnails, and its buttons make a frame the cover and split the stack. Skipped only where
/// chromium is not installed.
final class BrowserStackTests: XCTestCase {
    func testTheBrowserSeesOneTilePicksTheCoverAndSplits() async throws {
        let chromium = try Chromium.required()
        let root = try TemporaryFolder.make("daybook-browser-stack")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: photos.appendingPathComponent(name))
        }
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        _ = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
        let byName = Dictionary(uniqueKeysWithValues: try store.entries().map { (($0.sourcePath as NSString).lastPathComponent, $0.id) })
        let (first, last) = (try XCTUnwrap(byName["burst-1.jpg"]), try XCTUnwrap(byName["burst-3.jpg"]))

        var configuration = WebConfiguration()
        configuration.port = 0
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        let browser = try DevToolsPipe(chromium: chromium, profile: root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await WebJournal(store: store, configuration: configuration).application(logger: logger).test(.live) { client in
            let site = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let timeline = try await browser.open(site + "/")
            let tiles =
                try await timeline.evaluate(
                    "[...document.querySelectorAll('li.tile')].map(t => t.dataset.id + ' ' + (t.querySelector('.stack')?.textContent ?? ''))"
                ) as? [String]
            XCTAssertEqual(tiles, ["\(first) 3 photos"])

            let page = try await browser.open(site + "/entries/\(last)")
            // Lazy images load once scrolled into view.
            _ = try await page.evaluate("document.querySelector('section.stack').scrollIntoView()")
            var frames = 0
            for _ in 0..<100 where frames < 3 {
                try await Task.sleep(for: .milliseconds(50))
                let loaded = try await page.evaluate(
                    "[...document.querySelectorAll('section.stack li.frame img')].filter(i => i.complete && i.naturalWidth > 0).length")
                frames = loaded as? Int ?? 0
            }
            XCTAssertEqual(frames, 3, "every frame's thumbnail is shown")
            try await page.clickAndWaitForNextPage("section.stack form[action$=\"/stack/cover\"] button")
            XCTAssertEqual(try store.entryStack(entryID: first)?.coverID, last)
            let cover = try await page.evaluate("document.querySelector('section.stack li.frame.cover a').getAttribute('href')") as? String
            XCTAssertEqual(cover, "/entries/\(last)")

            try await page.clickAndWaitForNextPage("section.stack form[action$=\"/stack/split\"] button")
            XCTAssertNil(try store.entryStack(entryID: last))
            let after = try await browser.open(site + "/")
            let count = try await after.evaluate("document.querySelectorAll('li.tile').length") as? Int
            XCTAssertEqual(count, 3, "every frame back on the timeline")
        }
    }
}
