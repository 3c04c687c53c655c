import DaybookCore
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// What a second device's pages show, in headless Chromium at a desktop's and a phone's
/// width: an entry two devices changed at once shows both texts and settles on a click, and a
/// photo entry whose photo is on the other device says so where the picture would be, with no
/// broken image and no request for a file that is not here.
final class BrowserSyncPagesTests: XCTestCase {
    static let widths: [(width: Int, height: Int)] = [(1280, 900), (390, 844)]

    /// A photo entry known from its journal file alone, as the journal-folder indexing makes one.
    static func photoElsewhere(in store: JournalStore) throws -> JournalEntry {
        let date = LocalDateTime(year: 2026, month: 11, day: 28, hour: 15, minute: 0, second: 0)!
        let id = "7c0ffee0-0000-4000-8000-000000000002"
        var entry = JournalEntry(
            id: id, contentHash: String(repeating: "7", count: 64), sourcePath: JournalFilePath(id: id, date: date).description,
            fileSize: 0, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.capturedLocal = date
        entry.text = "Seen on the other device"
        try store.insert(entry, autoTags: [], taggerVersion: 1)
        return entry
    }

    static func layout(_ page: DevToolsPipe.Tab, _ browser: DevToolsPipe, width: Int, height: Int) async throws {
        _ = try await browser.send(
            "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600],
            session: page.session)
    }

    func testAConflictShowsBothTextsAtEitherWidthAndSettlesOnAClick() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 0, second: 0)!
        let entry = try fixture.store.write(NewTextEntry(text: "Lunch\nwords of this device", date: date, offset: nil))
        let file = fixture.store.library.root.appendingPathComponent(entry.sourcePath)
        var theirs = try JournalFileParser.parse(try Data(contentsOf: file))
        theirs.text = "Lunch\nwords of the other device, " + String(repeating: "long ", count: 60)
        let copy = file.deletingLastPathComponent().appendingPathComponent(
            "2026-11-29-\(entry.shortID).sync-conflict-20261129-123456-ABCDEFG.md")
        try theirs.serialized().write(to: copy)
        let theirText = theirs.text

        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let url = "http://127.0.0.1:\(try XCTUnwrap(client.port))/entries/\(entry.id)"
            for (width, height) in Self.widths {
                let page = try await browser.open(url)
                try await Self.layout(page, browser, width: width, height: height)
                let texts = try await page.evaluate("[...document.querySelectorAll('.conflict pre')].map(p => p.textContent)") as? [String]
                XCTAssertEqual(texts, ["Lunch\nwords of this device", theirText], "\(width)")
                let origin = try await page.evaluate("document.querySelector('.conflict p').textContent") as? String
                XCTAssertTrue(origin?.contains("Set aside 2026-11-29 12:34:56 by device ABCDEFG.") == true, origin ?? "")
                // Side by side on a desktop, one above the other on a phone; never wider than the screen.
                let boxes =
                    try await page.evaluate(
                        "[...document.querySelectorAll('.conflict .version')].map(v => { const r = v.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"
                    ) as? [[Double]]
                let (mine, other) = (try XCTUnwrap(boxes?.first), try XCTUnwrap(boxes?.last))
                if width < 600 {
                    XCTAssertGreaterThanOrEqual(other[1], mine[3], "stacked at \(width): \(String(describing: boxes))")
                } else {
                    XCTAssertEqual(other[1], mine[1], "side by side at \(width): \(String(describing: boxes))")
                }
                let overflow =
                    try await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Double
                XCTAssertEqual(overflow ?? 1, 0, accuracy: 0.5, "no sideways scrolling at \(width)")
                let merge = try await page.evaluate("document.querySelector('.conflict form.merge textarea').value") as? String
                XCTAssertEqual(merge, "Lunch\nwords of this device\n\n" + theirText)
            }

            let root = "http://127.0.0.1:\(try XCTUnwrap(client.port))/"
            let markQuery = "[...document.querySelectorAll('li.tile[data-id=\"\(entry.id)\"] .badge.conflict')].map(b => b.textContent)"
            let timeline = try await browser.open(root)
            let marked = try await timeline.evaluate(markQuery) as? [String]
            XCTAssertEqual(marked, ["Two versions"], "the timeline marks the entry")
            let search = try await browser.open(root + "search?q=lunch")
            let searched = try await search.evaluate(markQuery) as? [String]
            XCTAssertEqual(searched, ["Two versions"], "and so does a search")

            let page = try await browser.open(url)
            try await page.clickAndWaitForNextPage(".conflict form.inline:nth-of-type(2) button")
            let left = try await page.evaluate("document.querySelectorAll('.conflict').length") as? Int
            XCTAssertEqual(left, 0, "settled: the page shows one text again")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, theirText)
            XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
            // The mark goes once the journal folder is listed again (`ConflictMarks.freshFor`).
            try await Task.sleep(for: .seconds(2.5))
            let after = try await browser.open(root)
            let unmarked = try await after.evaluate(markQuery) as? [String]
            XCTAssertEqual(unmarked, [])
        }
    }

    func testAPhotoOnAnotherDeviceIsSaidInWordsOnItsPageTheTimelineAndTheAPI() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let entry = try Self.photoElsewhere(in: fixture.store)
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let root = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            for (width, height) in Self.widths {
                let page = try await browser.open(root + "/entries/\(entry.id)")
                try await Self.layout(page, browser, width: width, height: height)
                let said = try await page.evaluate("document.querySelector('.preview .noimage').textContent") as? String
                XCTAssertEqual(said, "The photo is on another device")
                let pictures = try await page.evaluate("document.querySelectorAll('.preview img, a[href^=\"/originals\"]').length") as? Int
                XCTAssertEqual(pictures, 0, "no image and no link to an original that is not here")
                let photoForms = try await page.evaluate("document.querySelectorAll('form.photo, input[value=detach]').length") as? Int
                XCTAssertEqual(photoForms, 0, "no replace or detach of a photo whose bytes are not here")
                let words = try await page.evaluate("document.querySelector('form.text textarea').value") as? String
                XCTAssertEqual(words, "Seen on the other device")

                let timeline = try await browser.open(root + "/")
                try await Self.layout(timeline, browser, width: width, height: height)
                let tile =
                    try await timeline.evaluate(
                        "(() => { const t = document.querySelector('li.tile[data-id=\"\(entry.id)\"]'); return [t.querySelectorAll('img').length, t.querySelector('.noimage').textContent]; })()"
                    ) as? [Any]
                XCTAssertEqual(tile?.first as? Int, 0)
                XCTAssertEqual(tile?.last as? String, "The photo is on another device")
                // Pictures below the fold are lazy and never load in a headless tab, so only
                // those the page fetched are judged: none of them may be broken.
                let broken = try await timeline.evaluate(
                    "[...document.images].filter(i => i.complete && i.currentSrc && i.naturalWidth === 0).map(i => i.currentSrc)")
                XCTAssertEqual(broken as? [String], [], "every picture the timeline loaded shows")
            }
            let api = try await client.execute(uri: "/api/entries/\(entry.id)", method: .get) { try $0.json() as? [String: Any] }
            XCTAssertEqual(api?["photo_elsewhere"] as? Bool, true)
            let other = try await client.execute(uri: "/api/entries", method: .get) { try $0.json() as? [String: Any] }
            let listed = (other?["entries"] as? [[String: Any]] ?? []).filter { $0["id"] as? String != entry.id }
            XCTAssertFalse(listed.isEmpty)
            XCTAssertTrue(listed.allSatisfy { $0["photo_elsewhere"] == nil }, "the field is there only when true")
        }
    }
}
