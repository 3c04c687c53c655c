import DaybookCore
import DaybookImaging
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest

/// Videos become entries like photos: their date, place, length and poster thumbnail, every
/// value checked against what exiftool and ffprobe read (Tests/Fixtures/videos/truth.json).
final class VideoIngestTests: XCTestCase {
    static let videos = Repository.fixtures.appendingPathComponent("videos")
    static let bad = Repository.fixtures.appendingPathComponent("videos-bad")

    func testVideosBecomeEntriesWithTheirDatePlaceLengthAndPoster() throws {
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([Self.videos], log: log)
        XCTAssertEqual(summary.created.count, 6, "\(log.failures)")
        XCTAssertEqual(summary.failed, 0, "\(log.failures)")
        XCTAssertEqual(log.warnings, [:])
        let entries = try journal.entriesByFile()

        // iPhone keys: local time with its offset, an ISO 6709 place, make and model.
        let keys = try XCTUnwrap(entries["h264_keys.mp4"])
        XCTAssertEqual(keys.media, .video)
        XCTAssertEqual(try XCTUnwrap(keys.durationSeconds), 2.0, accuracy: 0.001)
        XCTAssertEqual(keys.capturedLocal?.iso8601, "2023-06-14T18:30:05", "exiftool: CreationDate 2023:06:14 18:30:05+02:00")
        XCTAssertEqual(keys.offset?.seconds, 7200)
        XCTAssertEqual(keys.captureSource, .quickTimeCreationDate)
        XCTAssertEqual(keys.location?.latitude ?? 0, 48.8584, accuracy: 1e-6, "exiftool: GPSCoordinates 48.8584 2.2945 35")
        XCTAssertEqual(keys.location?.longitude ?? 0, 2.2945, accuracy: 1e-6)
        XCTAssertEqual(keys.location?.altitude ?? 0, 35, accuracy: 1e-6)
        XCTAssertEqual(keys.locationSource, .quickTime)
        XCTAssertEqual(keys.place?.timeZone, "Europe/Paris")
        XCTAssertEqual(keys.cameraMake, "Apple")
        XCTAssertEqual(keys.cameraModel, "iPhone 12")
        XCTAssertEqual([keys.pixelWidth, keys.pixelHeight], [160, 120])
        XCTAssertEqual(try journal.thumbnail(of: keys).width, 160)
        XCTAssertTrue(try journal.store.weatherCandidates().contains { $0.entryID == keys.id }, "date and place: weather pending")

        // mvhd only (UTC), no place: the instant at offset 0, never guessed otherwise.
        let rotated = try XCTUnwrap(entries["hevc_rotated.mov"])
        XCTAssertEqual(rotated.capturedLocal?.iso8601, "2022-12-31T23:15:00", "exiftool: CreateDate 2022:12:31 23:15:00 (UTC)")
        XCTAssertEqual(rotated.offset, UTCOffset(seconds: 0, source: .containerUTC))
        XCTAssertEqual(rotated.captureSource, .containerCreationTime)
        // Stored 128×96 with a quarter turn clockwise in its display matrix: shown 96×128.
        XCTAssertEqual([rotated.pixelWidth, rotated.pixelHeight], [96, 128])
        XCTAssertEqual([rotated.thumbnailWidth, rotated.thumbnailHeight], [96, 128])

        // mvhd (UTC) and a place: the same instant, shown in the place's zone.
        let tokyo = try XCTUnwrap(entries["mvhd_place.mp4"])
        XCTAssertEqual(tokyo.place?.timeZone, "Asia/Tokyo")
        XCTAssertEqual(tokyo.capturedLocal?.iso8601, "2023-03-05T20:00:00")
        XCTAssertEqual(tokyo.offset, UTCOffset(seconds: 9 * 3600, source: .containerUTC))
        XCTAssertEqual(tokyo.capturedLocal?.unixSeconds(offsetSeconds: 9 * 3600), 1_678_014_000, "mvhd: 2023-03-05T11:00:00Z")

        // The poster skips the black start: the colour tags say red.
        let black = try XCTUnwrap(entries["black_start.mp4"])
        let tags = try journal.store.tags(entryID: black.id).map(\.name)
        XCTAssertTrue(tags.contains("red"), "\(tags)")
        XCTAssertNil(try XCTUnwrap(entries["plain.3gp"]).capturedLocal, "no metadata, no date invented")

        // Again: the same bytes are already in the journal.
        let again = try journal.ingest([Self.videos])
        XCTAssertEqual(again.alreadyInJournal, 6)
        XCTAssertEqual(again.created.count, 0)
    }

    /// Each damaged video is one failure line naming why; the good one beside them is read.
    func testBadVideosFailOneByOneAndTheRunGoesOn() throws {
        let folder = try Fixtures.temporaryFolder("bad-videos")
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.bad.path) where name.hasSuffix(".mp4") {
            try FileManager.default.copyItem(at: Self.bad.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: Self.videos.appendingPathComponent("plain.3gp"), to: folder.appendingPathComponent("good.3gp"))
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 1)
        XCTAssertEqual(
            log.failures,
            [
                "truncated_in_mdat.mp4": "truncated video: it ends at byte 6525, inside its 'mdat' box, which declares 10876",
                "missing_moov.mp4": "incomplete video: no 'moov' box (the index a camera writes last is missing)",
                "zero_length_track.mp4": "video track with no frames (zero length)",
                "huge_dimensions.mp4": "video frame 65535×65535 exceeds the 100000000-pixel limit",
                "absurd_duration.mp4": "video declares a length of 4294967295 s, beyond the 86400 s limit",
                "html_named_mp4.mp4": "not an MP4 video (looks like HTML/text)",
                "mdat_random_bytes.mp4": "corrupt video: no frame would decode (Invalid data found when processing input)",
            ])
    }

    /// Data a phone appends after the movie (Samsung's SEF trailer) is not a cut-short box:
    /// the video is read, after `watch` has waited for it to settle.
    func testBytesAfterTheMovieDoNotFailIt() throws {
        let folder = try Fixtures.temporaryFolder("trailer-video")
        var bytes = [UInt8](try Data(contentsOf: Self.videos.appendingPathComponent("plain.3gp")))
        // A trailer whose first word reads as a box far larger than what follows.
        bytes += [0x00, 0x10, 0x00, 0x00] + Array("SEFHdata".utf8) + [UInt8](repeating: 0x20, count: 24)
        try Data(bytes).write(to: folder.appendingPathComponent("20230614_183005.mp4"))
        let journal = try TestJournal()
        let log = EventLog()
        XCTAssertEqual(try journal.ingest([folder], log: log).created.count, 1, "\(log.failures)")
        XCTAssertEqual(try journal.entriesByFile()["20230614_183005.mp4"]?.media, .video)
    }

    /// A voice memo is no video: skipped in a folder, never an entry; an audio-only file under a
    /// video's name is a failure saying why.
    func testAudioOnlyFilesAreNotVideos() throws {
        let folder = try Fixtures.temporaryFolder("audio-only")
        let memo = Self.bad.appendingPathComponent("audio_only.m4a")
        try FileManager.default.copyItem(at: memo, to: folder.appendingPathComponent("Memo 1.m4a"))
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 0)
        XCTAssertEqual(log.skipped, ["Memo 1.m4a"])
        // The same audio in an ISO-branded MP4 (FFmpeg's default for .mp4) reaches FFmpeg, which finds no picture.
        let mp4 = try Fixtures.temporaryFolder("audio-only-mp4").appendingPathComponent("sound.mp4")
        var bytes = [UInt8](try Data(contentsOf: memo))
        bytes.replaceSubrange(8..<12, with: Array("isom".utf8))
        try Data(bytes).write(to: mp4)
        let named = EventLog()
        XCTAssertEqual(try journal.ingest([mp4], log: named).failed, 1)
        XCTAssertEqual(named.failures, ["sound.mp4": "no video track in the file"])
    }

    /// `watch` waits for a video still being copied: a camera writes its moov index last.
    func testAVideoWithoutItsIndexYetIsIncompleteUntilItSettles() throws {
        let folder = try Fixtures.temporaryFolder("arriving-video")
        let whole = [UInt8](try Data(contentsOf: Self.bad.appendingPathComponent("missing_moov.mp4")))
        let arriving = folder.appendingPathComponent("VID_0001.mp4")
        try Data(whole).write(to: arriving)
        XCTAssertTrue(PhotoEnding.endsEarly(whole))
        XCTAssertFalse(PhotoEnding.endsEarly([UInt8](try Data(contentsOf: Self.videos.appendingPathComponent("h264_keys.mp4")))))

        let library = try Fixtures.temporaryFolder("arriving-library")
        let store = try JournalStore(library: Library(root: library))
        let ingester = try Ingester(store: store, options: IngestOptions(jobs: 1, incompleteSettleTime: 60))
        let log = EventLog()
        _ = try ingester.ingest(paths: [arriving.path]) { log.record($0) }
        XCTAssertTrue(
            log.events.contains {
                if case .incomplete = $0 { return true }
                return false
            }, "\(log.events)")
        XCTAssertEqual(try store.entries().count, 0)
    }
}
