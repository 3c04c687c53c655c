import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import HummingbirdTesting
import XCTest

/// An entry Daybook could make no picture of (a RAW without a preview, a damaged file) says
/// why where the picture would be, and links nothing that can only fail: no preview, no
/// "original as JPEG".
final class NoPicturePageTests: XCTestCase {
    func entry(_ name: String, media: MediaKind = .photo, problems: [String], in store: JournalStore) throws -> JournalEntry {
        var entry = JournalEntry(
            contentHash: String(repeating: "e", count: 63) + "\(name.count % 10)", sourcePath: "/photos/\(name)", fileSize: 10,
            capture: CaptureTime(
                local: LocalDateTime(year: 2024, month: 3, day: 4, hour: 5, minute: 6, second: 7)!, source: .dateTimeOriginal),
            pixelSize: (6000, 4000), thumbnail: nil, thumbnailSize: nil, problems: problems)
        entry.media = media
        try store.insert(entry, autoTags: [], taggerVersion: 1)
        return entry
    }

    func testARAWWithoutAPreviewSaysSoAndLinksNoRendition() async throws {
        let fixture = try WebFixture()
        let raw = try entry(
            "IMG_0001.DNG", problems: ["LibRaw: no preview <b>in</b> the file; stored without a thumbnail"], in: fixture.store)
        let movie = try entry("clip.mov", media: .video, problems: ["damaged QuickTime movie: no moov atom"], in: fixture.store)
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/entries/\(raw.id)", method: .get) { $0.text }
            XCTAssertTrue(
                page.contains(
                    "<span class=\"noimage\">The RAW file holds no preview Daybook can show.<small class=\"why\">LibRaw: no preview "
                        + "&lt;b&gt;in&lt;/b&gt; the file; stored without a thumbnail</small></span>"), page)
            XCTAssertFalse(page.contains("/previews/"), "no preview to fetch")
            XCTAssertFalse(page.contains("as=jpeg"), "no rendition that cannot be made")
            let video = try await client.execute(uri: "/entries/\(movie.id)", method: .get) { $0.text }
            XCTAssertTrue(video.contains("No frame could be taken from this video."), video)
            XCTAssertTrue(video.contains("damaged QuickTime movie: no moov atom"), video)
            XCTAssertFalse(video.contains("<video"), "no player for a file no frame could be taken from")
            XCTAssertTrue(video.contains("<a href=\"/originals/\(movie.id)\">Original file</a>"), "the file is still there to download")
        }
    }
}
