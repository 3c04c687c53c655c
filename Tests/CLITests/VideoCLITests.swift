import DaybookTestSupport
import Foundation
import XCTest

/// What the CLI says about videos: the summary counts them, `show` gives their kind, length
/// and shown frame, `--json` their `media` and `duration_seconds`, and `export json` and
/// `import` carry both.
final class VideoCLITests: XCTestCase, DaybookCommandLineTest {
    static let videos = Repository.fixtures.appendingPathComponent("videos")

    let library = TemporaryFolder.unusedPath("daybook-cli-videos")

    func testIngestShowJSONAndExportOfVideos() throws {
        let ingest = try daybook(
            "ingest", "--weather", "none", Self.videos.appendingPathComponent("hevc_rotated.mov").path,
            Self.videos.appendingPathComponent("h264_keys.mp4").path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        XCTAssertEqual(ingest.stdout, "2 new (2 videos), 0 already in the journal, 0 failed\n")

        let list = try daybook("list", "--json")
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let rotated = try XCTUnwrap(entries.first { ($0["source_path"] as? String)?.hasSuffix("hevc_rotated.mov") == true })
        XCTAssertEqual(rotated["media"] as? String, "video")
        XCTAssertEqual(rotated["duration_seconds"] as? Double, 1.0)
        XCTAssertEqual(rotated["offset_source"] as? String, "container-utc")
        XCTAssertEqual(rotated["capture_source"] as? String, "mvhd-creation-time")
        let keys = try XCTUnwrap(entries.first { ($0["source_path"] as? String)?.hasSuffix("h264_keys.mp4") == true })
        XCTAssertEqual(keys["location_source"] as? String, "quicktime")
        XCTAssertEqual(keys["capture_source"] as? String, "quicktime-creationdate")

        let show = try daybook("show", try XCTUnwrap(rotated["id"] as? String))
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("media        video, 0:01, 96×128\n"), show.stdout)
        XCTAssertTrue(show.stdout.contains("video        \(Self.videos.path)/hevc_rotated.mov\n"), show.stdout)

        let export = TemporaryFolder.unusedPath("daybook-video-export").appendingPathExtension("json")
        XCTAssertEqual(try daybook("export", "json", export.path).status, 0)
        let copy = TemporaryFolder.unusedPath("daybook-cli-videos-import")
        let imported = try daybook("import", export.path, library: copy)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let again = try daybook("list", "--json", library: copy)
        let reread = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(
            Set(reread.compactMap { "\($0["media"] ?? "") \($0["duration_seconds"] ?? "")" }), ["video 1", "video 2"])
    }

    func testIngestHelpSaysVideosAreRead() throws {
        let help = try daybook("ingest", "--help")
        XCTAssertTrue(help.stdout.contains("QuickTime/MP4"), help.stdout)
        XCTAssertTrue(help.stdout.contains(".mov, .mp4, .m4v, .3gp"), help.stdout)
    }
}
