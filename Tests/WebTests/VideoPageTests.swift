import DaybookPresentation
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// A video entry on the web journal's pages: the player on its page (poster, type, download
/// link, length), the ▶ badge on its tile, and its poster with a note in `export html`.
final class VideoPageTests: XCTestCase {
    func testTheEntryPagePlaysTheVideoWithItsPosterTypeAndDownloadLink() async throws {
        let fixture = try WebFixture()
        let video = try fixture.addVideo("clip.mp4", duration: 3.04)
        let mov = try fixture.addVideo("hevc.mov", duration: 125)
        let poster = try XCTUnwrap(video.thumbnailName).fileName
        let journal = try fixture.journal()
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        try await journal.application(logger: logger).test(.router) { client in
            try await client.execute(uri: "/entries/\(video.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                let page = response.text
                XCTAssertTrue(
                    page.contains(
                        #"<video controls preload="metadata" playsinline src="/originals/\#(video.id)" poster="/thumbnails/\#(poster)" width="320" height="240" data-type="video/mp4" data-notice="videonotice"></video>"#
                    ), page)
                XCTAssertTrue(page.contains(#"<p id="videonotice" class="videonotice" hidden>"#), page)
                XCTAssertTrue(
                    page.contains(
                        #"<a href="/originals/\#(video.id)" download type="video/mp4">Download the video (MP4, 0:03)</a> · clip.mp4"#),
                    page)
                XCTAssertTrue(page.contains("<dt>Length</dt><dd><span data-field=\"duration_seconds\">0:03</span>"), page)
                XCTAssertTrue(page.contains("<span data-field=\"media\">video</span>"), page)
                XCTAssertTrue(page.contains("<summary>About this video</summary>"), page)
                XCTAssertTrue(page.contains(#"<script src="/static/entry-video.js"></script>"#), page)
                XCTAssertFalse(page.contains("/previews/"), "no still preview for a video")
                XCTAssertFalse(page.contains("?as=jpeg"), "no JPEG of a video")
                XCTAssertFalse(page.contains("Original file"), "the download link is the original's")
            }
            try await client.execute(uri: "/entries/\(mov.id)", method: .get) { response in
                XCTAssertTrue(response.text.contains("Download the video (MOV, 2:05)</a> · hevc.mov"), response.text)
                XCTAssertTrue(response.text.contains(#"data-type="video/quicktime""#), response.text)
            }
            let photo = try fixture.entry("01-paris-2019-07.jpg")
            try await client.execute(uri: "/entries/\(photo.id)", method: .get) { response in
                XCTAssertFalse(response.text.contains("<video"))
                XCTAssertFalse(response.text.contains("entry-video.js"))
                XCTAssertTrue(response.text.contains("<span data-field=\"media\">photo</span>"), response.text)
                XCTAssertTrue(response.text.contains("<summary>About this photo</summary>"))
            }
            // A video is never decoded as a photo: its preview is the thumbnail, and it has no JPEG.
            let posterBytes = [UInt8](try Data(contentsOf: WebFixture.videoFixtures.appendingPathComponent("poster.jpg")))
            try await client.execute(uri: "/previews/\(poster)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.cacheControl], "no-store")
                XCTAssertEqual([UInt8](buffer: response.body), posterBytes)
            }
            XCTAssertEqual(journal.originalChecks.hashCount, 0, "the video was not even opened for a preview")
            try await client.execute(uri: "/originals/\(video.id)?as=jpeg", method: .get) { response in
                XCTAssertEqual(response.status, .unprocessableContent)
                XCTAssertEqual(
                    response.text, "no JPEG could be made of this photo: a video has no still preview: its poster frame is the thumbnail\n")
            }
            try await client.execute(uri: "/static/entry-video.js", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("addEventListener('error'"))
            }
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertTrue(
                    response.text.contains(
                        #"<a href="/entries/\#(video.id)" class="video">"# + "\n" + #"<span class="badge" title="Video">▶ 0:03</span>"#),
                    response.text)
                XCTAssertTrue(response.text.contains(#"<span class="badge" title="Video">▶ 2:05</span>"#))
                XCTAssertEqual(response.text.matches(of: /class="badge"/).count, 2, "photos have no badge")
                XCTAssertTrue(response.headers[.contentSecurityPolicy]?.contains("media-src 'self'") == true)
            }
        }
    }

    func testAVideoWithoutItsFileOrLengthStillHasItsPosterAndLink() async throws {
        let fixture = try WebFixture()
        let video = try fixture.addVideo("clip.mp4", duration: nil)
        try FileManager.default.removeItem(atPath: video.sourcePath)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/entries/\(video.id)", method: .get) { response in
                XCTAssertTrue(response.text.contains(">Download the video</a> · clip.mp4"), response.text)
                XCTAssertFalse(response.text.contains("data-type="), "no type told from a missing file")
                XCTAssertTrue(response.text.contains("<dt>Length</dt><dd><span data-field=\"duration_seconds\">unknown</span>"))
            }
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertTrue(response.text.contains(#"<span class="badge" title="Video">▶</span>"#), response.text)
            }
        }
    }

    func testTheStaticExportShowsAVideosPosterWithANote() throws {
        let fixture = try WebFixture()
        let video = try fixture.addVideo("clip.mp4", duration: 3)
        let folder = fixture.root.appendingPathComponent("site")
        let report = try StaticSite(store: fixture.store, folder: folder).write()
        XCTAssertEqual(report.previewsMissing, 0, "a video is not a photo without a preview: \(report)")
        let page = try String(contentsOf: folder.appendingPathComponent("entries/\(video.id).html"), encoding: .utf8)
        XCTAssertTrue(page.contains(#"<img src="../thumbnails/\#(video.contentHash).jpg" width="320" height="240""#), page)
        XCTAssertTrue(
            page.contains(
                #"<figcaption class="videonote">A video (clip.mp4, 0:03): this export holds its poster frame, not the video file.</figcaption>"#
            ), page)
        XCTAssertFalse(page.contains("<video"))
        XCTAssertFalse(page.contains("entry-video.js"))
        let timeline = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(timeline.contains(#"<span class="badge" title="Video">▶ 0:03</span>"#))
    }

    /// One form for a video's length on the page, the badge and the CLI: a player's clock.
    func testLengthsReadAsAPlayerShowsThem() {
        XCTAssertEqual(DurationText.clock(0.4), "0:00")
        XCTAssertEqual(DurationText.clock(12.49), "0:12")
        XCTAssertEqual(DurationText.clock(59.6), "1:00")
        XCTAssertEqual(DurationText.clock(3599), "59:59")
        XCTAssertEqual(DurationText.clock(3725), "1:02:05")
        XCTAssertEqual(DurationText.clock(.nan), "0:00")
        XCTAssertEqual(DurationText.clock(-1), "0:00")
    }
}
