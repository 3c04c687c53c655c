import DaybookStore
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Headless Chromium on a real server on 127.0.0.1: a motion photo's page plays its clip over
/// the still while the mouse is on it and from a click until the next; a Live Photo's page
/// shows its still with the LIVE badge and plays its movie on a tap; an HEVC movie leaves the
/// still and its badge becomes the download link; no page logs an error. Skipped only where
/// chromium is not installed.
final class MotionBrowserTests: XCTestCase {
    /// Installed before the page's own scripts: every error a console would show, kept for the test.
    static let errorRecorder = """
        window.daybookErrors = [];
        addEventListener('error', (e) => {
            // A codec the browser cannot decode is a media element's error event, which the console does not show.
            if (e.target instanceof HTMLMediaElement) return;
            daybookErrors.push('error: ' + (e.message || (e.target && (e.target.src || e.target.href))));
        }, true);
        addEventListener('unhandledrejection', (e) => daybookErrors.push('rejection: ' + e.reason));
        addEventListener('securitypolicyviolation', (e) => daybookErrors.push('csp: ' + e.violatedDirective));
        const daybookConsoleError = console.error;
        console.error = (...args) => { daybookErrors.push('console: ' + args.join(' ')); daybookConsoleError(...args); };
        """

    func testAMotionPhotoPlaysOnHoverAndTapAndALivePhotoShowsItsStill() async throws {
        let chromium = try Chromium.required()
        let journal = try await MotionJournal()
        let google = try journal.entry("google-motion.jpg")
        let live = try journal.entry("IMG_0001.JPG")
        let hevc = try journal.addLivePhotoMovie(WebFixture.videoFixtures.appendingPathComponent("hevc.mov"), to: "still.jpg")
        let browser = try DevToolsPipe(chromium: chromium, profile: journal.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await journal.liveApplication().test(.live) { client in
            let base = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let page = try await Self.open("\(base)/entries/\(google.id)", in: browser)
            let badge = try await page.evaluate("document.querySelector('.motionbadge').textContent") as? String
            XCTAssertEqual(badge, "Motion")
            let fact = try await page.evaluate("document.querySelector('[data-field=\"motion\"]').textContent") as? String
            XCTAssertEqual(fact, "Motion photo, 2.8 kB clip")
            let before = try await page.evaluate("document.querySelector('video.motionclip').readyState") as? Int
            XCTAssertEqual(before, 0, "preload=none: nothing is fetched before it plays")

            // The mouse over the picture plays the clip over the still; leaving returns to it.
            _ = try await page.evaluate(
                "document.querySelector('[data-motion]').dispatchEvent(new PointerEvent('pointerenter', {pointerType: 'mouse'}))")
            try await Self.waitUntilPlaying(page, "on hover")
            _ = try await page.evaluate(
                "document.querySelector('[data-motion]').dispatchEvent(new PointerEvent('pointerleave', {pointerType: 'mouse'}))")
            let left = try await page.evaluate(Self.state) as? String
            XCTAssertEqual(left, "still paused 0", "back to the still")

            // A tap (a click) plays it until the next tap.
            _ = try await page.evaluate("document.querySelector('.motionbadge').click()")
            try await Self.waitUntilPlaying(page, "on a tap")
            _ = try await page.evaluate("document.querySelector('img').click()")
            let stopped = try await page.evaluate(Self.state) as? String
            XCTAssertEqual(stopped, "still paused 0", "a second tap returns to the still")
            let errors = try await page.evaluate("daybookErrors.join('\\n')") as? String
            XCTAssertEqual(errors, "")

            let livePage = try await Self.open("\(base)/entries/\(live.id)", in: browser)
            let shown =
                try await livePage.evaluate(
                    "(() => { const i = document.querySelector('[data-motion] img'); return i.complete && i.naturalWidth > 0; })()")
                as? Bool
            XCTAssertEqual(shown, true, "the still shows")
            let liveBadge = try await livePage.evaluate("document.querySelector('.motionbadge').textContent") as? String
            XCTAssertEqual(liveBadge, "LIVE")
            let liveFact = try await livePage.evaluate("document.querySelector('[data-field=\"motion\"]').textContent") as? String
            XCTAssertEqual(liveFact, "Live Photo: IMG_0001.MOV")
            // Its movie here is H.264 in QuickTime, which Chromium plays (half a second, looped).
            _ = try await livePage.evaluate("document.querySelector('.motionbadge').click()")
            try await Self.waitUntilPlaying(livePage, "a Live Photo on a tap", atLeast: 0.2)
            let liveErrors = try await livePage.evaluate("daybookErrors.join('\\n')") as? String
            XCTAssertEqual(liveErrors, "", "no console error")

            // An HEVC movie, which Debian's Chromium cannot decode: the still stays, and the badge
            // becomes the movie's download link.
            let hevcPage = try await Self.open("\(base)/entries/\(hevc.id)", in: browser)
            _ = try await hevcPage.evaluate("document.querySelector('.motionbadge').click()")
            var unplayable = false
            for _ in 0..<100 where !unplayable {
                try await Task.sleep(for: .milliseconds(50))
                unplayable =
                    try await hevcPage.evaluate("document.querySelector('[data-motion]').classList.contains('unplayable')") as? Bool
                    ?? false
            }
            XCTAssertTrue(unplayable, "the browser's media error is taken")
            let link =
                try await hevcPage.evaluate(
                    "(() => { const a = document.querySelector('.motionbadge'); const r = a.getBoundingClientRect(); "
                        + "return a.textContent + ' ' + a.getAttribute('href') + ' ' + (r.width > 0 && r.height > 0); })()") as? String
            XCTAssertEqual(link, "Live Photo (movie: download) /originals/\(hevc.id)?file=motion true")
            let videoShown = try await hevcPage.evaluate("getComputedStyle(document.querySelector('video.motionclip')).display") as? String
            XCTAssertEqual(videoShown, "none", "the still stays")
            let hevcErrors = try await hevcPage.evaluate("daybookErrors.join('\\n')") as? String
            XCTAssertEqual(hevcErrors, "", "no console error")
        }
    }

    /// "playing false 0.53" or "still paused 0": the box's class, the video's state and time.
    static let state = """
        (() => { const v = document.querySelector('video.motionclip'); const box = document.querySelector('[data-motion]');
        return (box.classList.contains('playing') ? 'playing ' : 'still ') + (v.paused ? 'paused ' : 'running ') + v.currentTime; })()
        """

    /// The clip's `currentTime` advances (fetched from `?file=motion`) while the box says it plays.
    static func waitUntilPlaying(
        _ page: DevToolsPipe.Tab, _ how: String, atLeast seconds: Double = 0.3, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        var time = 0.0
        for _ in 0..<100 where time < seconds {
            try await Task.sleep(for: .milliseconds(50))
            time = try await page.evaluate("document.querySelector('video.motionclip').currentTime") as? Double ?? 0
        }
        let state = try await page.evaluate(Self.state) as? String ?? ""
        XCTAssertGreaterThanOrEqual(time, seconds, "currentTime advances \(how): \(state)", file: file, line: line)
        XCTAssertTrue(state.hasPrefix("playing running"), "\(how): \(state)", file: file, line: line)
    }

    /// The page, loaded again with `errorRecorder` in place before its own scripts run.
    static func open(_ url: String, in browser: DevToolsPipe) async throws -> DevToolsPipe.Tab {
        let tab = try await browser.open(url)
        _ = try await browser.send("Page.enable", session: tab.session)
        _ = try await browser.send("Page.addScriptToEvaluateOnNewDocument", ["source": errorRecorder], session: tab.session)
        _ = try await tab.evaluate("window.daybookOldPage = true; location.reload()")
        try await tab.waitUntilLoaded()
        return tab
    }
}
