import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Headless Chromium plays a video entry from a real server on 127.0.0.1: the H.264 MP4 plays
/// (its `currentTime` advances, fetched by Range requests), and an HEVC .mov, which Debian's
/// Chromium cannot decode, keeps its poster and shows the notice beside the download link.
/// Skipped only where chromium is not installed.
final class BrowserVideoTests: XCTestCase {
    func testAnH264VideoPlaysAndAnHEVCOneShowsItsDownloadLink() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let clip = try fixture.addVideo("clip.mp4", duration: 3)
        let hevc = try fixture.addVideo("hevc.mov", duration: 2)
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let base = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let page = try await browser.open("\(base)/entries/\(clip.id)")
            // Muted: headless Chromium lets a page play muted media without a gesture.
            _ = try await page.evaluate(
                """
                window.daybookPlay = 'pending';
                const v = document.querySelector('video');
                v.muted = true;
                v.play().then(() => { window.daybookPlay = 'playing'; }, (e) => { window.daybookPlay = 'refused: ' + e; });
                """)
            var played = 0.0
            var state = ""
            for _ in 0..<100 where played < 1 {
                try await Task.sleep(for: .milliseconds(100))
                played = try await page.evaluate("document.querySelector('video').currentTime") as? Double ?? 0
                state =
                    try await page.evaluate("window.daybookPlay + ' ' + (document.querySelector('video').error?.code ?? 'no error')")
                    as? String ?? ""
            }
            XCTAssertGreaterThanOrEqual(played, 1, "currentTime advances: \(state)")
            let duration = try await page.evaluate("document.querySelector('video').duration") as? Double
            XCTAssertEqual(duration ?? 0, 3, accuracy: 0.1, "Chromium reads the whole length from the file")
            let noticeHidden = try await page.evaluate("document.getElementById('videonotice').hidden") as? Bool
            XCTAssertEqual(noticeHidden, true, "a playable video shows no notice")
            // Seeking near the end asks for a range of bytes the server gives.
            _ = try await page.evaluate("document.querySelector('video').currentTime = 2.5")
            var seeked = 0.0
            for _ in 0..<50 where seeked < 2.5 {
                try await Task.sleep(for: .milliseconds(100))
                seeked = try await page.evaluate("document.querySelector('video').currentTime") as? Double ?? 0
            }
            XCTAssertGreaterThanOrEqual(seeked, 2.5)

            let unplayable = try await browser.open("\(base)/entries/\(hevc.id)")
            var shown = false
            for _ in 0..<100 where !shown {
                try await Task.sleep(for: .milliseconds(100))
                shown = try await unplayable.evaluate("!document.getElementById('videonotice').hidden") as? Bool ?? false
            }
            let error = try await unplayable.evaluate("document.querySelector('video').error?.code ?? 0") as? Int
            XCTAssertTrue(shown, "the notice shows for a codec the browser cannot decode (media error \(error ?? -1))")
            let link =
                try await unplayable.evaluate(
                    "(() => { const a = document.querySelector('figcaption a[download]'); const r = a.getBoundingClientRect(); "
                        + "return a.textContent + ' ' + a.getAttribute('href') + ' ' + (r.width > 0 && r.height > 0); })()") as? String
            XCTAssertEqual(link, "Download the video (MOV, 0:02) /originals/\(hevc.id) true")
            let poster = try await unplayable.evaluate("document.querySelector('video').getAttribute('poster')") as? String
            XCTAssertEqual(poster, "/thumbnails/\(try XCTUnwrap(hevc.thumbnailName).fileName)")
        }
    }
}
