import DaybookImaging
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest

/// A video is never held whole: one larger than the stills' limit is hashed in chunks and
/// demuxed from its file. The large files are sparse (a `free` box of zeros the file system
/// does not store), so they cost the disk almost nothing.
final class BigVideoIngestTests: XCTestCase {
    static let videos = Repository.fixtures.appendingPathComponent("videos")
    /// Past the stills' limit (512 MiB), and past 2^31 bytes would cost the test too long to hash.
    static let paddingBytes = 600 << 20

    /// h264_keys.mp4 with a large `free` box between its `mdat` and its `moov`: the media
    /// data keeps its offsets, and the index FFmpeg must find lies 600 MiB in.
    static func paddedVideo(in folder: URL) throws -> URL {
        let original = try Array(Data(contentsOf: videos.appendingPathComponent("h264_keys.mp4")))
        let moov = try XCTUnwrap(topLevelBoxes(original).first { $0.type == "moov" })
        let url = folder.appendingPathComponent("long.mp4")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data(original[..<moov.start])))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        // A 64-bit box size: size field 1, then the size after the type.
        var header: [UInt8] = [0, 0, 0, 1] + Array("free".utf8)
        header += (0..<8).map { UInt8(truncatingIfNeeded: UInt64(paddingBytes) >> (56 - 8 * $0)) }
        try handle.write(contentsOf: Data(header))
        // Seeking past the end leaves a hole: the rest of the box reads as zeros.
        try handle.seek(toOffset: UInt64(moov.start + paddingBytes))
        try handle.write(contentsOf: Data(original[moov.start...]))
        return url
    }

    static func topLevelBoxes(_ bytes: [UInt8]) -> [(type: String, start: Int)] {
        var boxes: [(String, Int)] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), offset))
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }

    static func sha256sum(_ url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    func testAVideoOverTheStillsLimitIsIngestedWithItsDateAndPoster() throws {
        let folder = try Fixtures.temporaryFolder("big-video")
        let video = try Self.paddedVideo(in: folder)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: video.path)[.size] as? Int)
        XCTAssertGreaterThan(size, IngestOptions().maxFileBytes)
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([video], log: log)
        XCTAssertEqual(summary.created.count, 1, "\(log.failures)")
        let entry = try XCTUnwrap(try journal.entriesByFile()["long.mp4"])
        XCTAssertEqual(entry.media, .video)
        XCTAssertEqual(entry.fileSize, Int64(size))
        // The fixture's CreationDate, read from the moov past the padding.
        XCTAssertEqual(entry.capturedLocal?.iso8601, "2023-06-14T18:30:05")
        XCTAssertEqual(try XCTUnwrap(entry.durationSeconds), 2.0, accuracy: 0.001)
        XCTAssertEqual(try journal.thumbnail(of: entry).width, 160)
        XCTAssertEqual(entry.contentHash, try Self.sha256sum(video))

        // Retagging reads the video's own poster again, not its thumbnail.
        let tags = try journal.store.tags(entryID: entry.id).filter { $0.source == .auto }.map(\.name).sorted()
        let retagged = try Retagger(store: journal.store, jobs: 1).run()
        XCTAssertEqual(retagged.fromPhotos, 1)
        XCTAssertEqual(try journal.store.tags(entryID: entry.id).filter { $0.source == .auto }.map(\.name).sorted(), tags)
    }

    /// An open video notices a write made after it was opened: its hash and its poster
    /// would otherwise describe different bytes.
    func testAnOpenVideoSeesAWriteMadeWhileItWasRead() throws {
        let folder = try Fixtures.temporaryFolder("video-change")
        let video = folder.appendingPathComponent("clip.mp4")
        try FileManager.default.copyItem(at: Self.videos.appendingPathComponent("h264_keys.mp4"), to: video)
        let file = try PhotoFile.open(video.path, maxBytes: 1 << 20, maxVideoBytes: 1 << 30)
        XCTAssertNil(file.stillBytes, "a video is opened, not read")
        XCTAssertEqual(try file.contentHash(), try Self.sha256sum(video))
        XCTAssertTrue(file.isUnchanged())
        let handle = try FileHandle(forWritingTo: video)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        XCTAssertFalse(file.isUnchanged())
    }

    /// The stills keep their limit and its words, refused before a byte is read.
    func testAStillOverTheStillsLimitIsStillRefused() throws {
        let folder = try Fixtures.temporaryFolder("big-still")
        let still = folder.appendingPathComponent("huge.jpg")
        XCTAssertTrue(FileManager.default.createFile(atPath: still.path, contents: Data([0xFF, 0xD8, 0xFF, 0xE0])))
        XCTAssertEqual(truncate(still.path, off_t(IngestOptions().maxFileBytes + 1)), 0)
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([still], log: log)
        XCTAssertEqual(summary.created.count, 0)
        XCTAssertEqual(log.failures, ["huge.jpg": "file too large (536.9 MB)"])
        XCTAssertEqual(log.failureCodes["huge.jpg"], .tooLarge)
    }

    /// A video over its own limit is refused by it, unread.
    func testAVideoOverTheVideoLimitIsRefused() throws {
        let folder = try Fixtures.temporaryFolder("video-limit")
        let video = folder.appendingPathComponent("clip.mp4")
        try FileManager.default.copyItem(at: Self.videos.appendingPathComponent("h264_keys.mp4"), to: video)
        let journal = try TestJournal()
        var options = IngestOptions(jobs: 1)
        options.maxVideoFileBytes = 1000
        let ingester = try Ingester(store: journal.store, options: options)
        let log = EventLog()
        let summary = try ingester.ingest(paths: [video.path]) { log.record($0) }
        XCTAssertEqual(summary.created.count, 0)
        XCTAssertEqual(log.failures, ["clip.mp4": "file too large (27.5 kB)"])
    }
}
