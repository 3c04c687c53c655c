import DaybookCore
import DaybookImaging
import DaybookImagingTestSupport
import DaybookTestSupport
import Foundation
import XCTest

/// VideoFile against FFmpeg's own command-line tools: the container values against ffprobe's
/// (truth.json, made by Tests/Fixtures/videos/make_videos.sh), the poster's pixels against the
/// frame the `ffmpeg` program decodes.
final class VideoFileTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("videos")
    static let bad = Repository.fixtures.appendingPathComponent("videos-bad")

    static func bytes(_ name: String, in folder: URL = folder) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Each file's ffprobe reading: its video stream and its format.
    static func truth() throws -> [(file: String, stream: [String: Any], format: [String: Any])] {
        let data = try Data(contentsOf: folder.appendingPathComponent("truth.json"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try XCTUnwrap(root["files"] as? [[String: Any]])
        return try files.map { file in
            let probe = try XCTUnwrap(file["ffprobe"] as? [String: Any])
            let streams = try XCTUnwrap(probe["streams"] as? [[String: Any]])
            let video = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "video" })
            return (try XCTUnwrap(file["file"] as? String), video, try XCTUnwrap(probe["format"] as? [String: Any]))
        }
    }

    func testContainerValuesMatchFFprobe() throws {
        let truth = try Self.truth()
        XCTAssertEqual(truth.count, 6)
        for (name, stream, format) in truth {
            let video = try VideoFile(try Self.bytes(name))
            XCTAssertEqual(video.storedSize.width, stream["width"] as? Int, name)
            XCTAssertEqual(video.storedSize.height, stream["height"] as? Int, name)
            XCTAssertEqual(video.codec, stream["codec_name"] as? String, name)
            let duration = try XCTUnwrap(Double(try XCTUnwrap(format["duration"] as? String)))
            XCTAssertEqual(video.durationSeconds, duration, accuracy: 0.001, name)
            let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
            let rotation = sideData.compactMap { $0["rotation"] as? Int }.first ?? 0
            // ffprobe gives the matrix's counter-clockwise angle; -90 is a quarter turn clockwise.
            let expected: Orientation = [0: .up, -90: .right, 90: .left, 180: .down, -180: .down][rotation] ?? .up
            XCTAssertEqual(video.orientation, expected, name)
            let tags = format["tags"] as? [String: String] ?? [:]
            for key in ["com.apple.quicktime.creationdate", "com.apple.quicktime.location.ISO6709", "creation_time"] {
                XCTAssertEqual(video.tags[key], tags[key], "\(name) \(key)")
            }
        }
    }

    /// The media type `/originals` serves each with, by the major brand.
    func testMediaTypesFollowTheMajorBrand() throws {
        XCTAssertEqual(FileKind.mediaType(of: try Self.bytes("h264_keys.mp4")), "video/mp4")
        XCTAssertEqual(FileKind.mediaType(of: try Self.bytes("hevc_rotated.mov")), "video/quicktime")
        XCTAssertEqual(FileKind.mediaType(of: try Self.bytes("plain.3gp")), "video/3gpp")
        // A QuickTime movie older than `ftyp` has no brand to say so: it is QuickTime all the same.
        XCTAssertEqual(FileKind.mediaType(of: try Self.bytes("quicktime_sample.mov", in: Self.bad)), "video/quicktime")
        XCTAssertEqual(FileKind.videoFormatName(of: try Self.bytes("quicktime_sample.mov", in: Self.bad)), "QuickTime movie")
        XCTAssertEqual(FileKind.videoFormatName(of: try Self.bytes("h264_keys.mp4")), "MP4 video")
    }

    /// The first frame, as `ffmpeg -frames:v 1` decodes it: the same pixels within rounding.
    func testPosterIsTheFirstFrameAsFFmpegDecodesIt() throws {
        let video = try VideoFile(try Self.bytes("h264_keys.mp4"))
        let poster = try video.poster(longestSide: 400, budget: DecodeBudget(bytes: 10_000_000))
        XCTAssertEqual([poster.width, poster.height], [160, 120], "never enlarged")
        let reference = try Self.ffmpegFrame("h264_keys.mp4", width: 160, height: 120)
        XCTAssertLessThan(poster.meanDifference(reference), 3)
    }

    /// The display matrix turns the poster upright, as ffmpeg's autorotate does.
    func testPosterIsTurnedByTheDisplayMatrix() throws {
        let video = try VideoFile(try Self.bytes("hevc_rotated.mov"))
        XCTAssertEqual(video.size, FrameSize(width: 96, height: 128))
        let poster = try video.poster(longestSide: 400, budget: .shared)
        XCTAssertEqual([poster.width, poster.height], [96, 128])
        let reference = try Self.ffmpegFrame("hevc_rotated.mov", width: 96, height: 128)
        XCTAssertLessThan(poster.meanDifference(reference), 3)
        // Turned the other way, the same pixels are far from ffmpeg's: the direction is right.
        let wrongWay = poster.oriented(.down)
        XCTAssertGreaterThan(wrongWay.meanDifference(reference), 20)
    }

    /// An HD video's colours are BT.709: converted as swscale's default 601 they would be
    /// off by more than JPEG's losses; converted as 709 they are ffmpeg's.
    func testPosterConvertsBT709AsFFmpegDoes() throws {
        let poster = try VideoFile(try Self.bytes("bt709.mp4")).poster(longestSide: 400, budget: .shared)
        let reference = try Self.ffmpegFrame("bt709.mp4", width: 160, height: 120)
        XCTAssertLessThan(poster.meanDifference(reference), 2)
        let as601 = try Self.ffmpegFrame("bt709.mp4", width: 160, height: 120, filter: "scale=in_color_matrix=bt601")
        XCTAssertGreaterThan(poster.meanDifference(as601), 4)
    }

    /// A black first 1.5 s: the poster is the red that follows.
    func testPosterSkipsBlackFirstFrames() throws {
        let video = try VideoFile(try Self.bytes("black_start.mp4"))
        let poster = try video.poster(longestSide: 400, budget: .shared)
        let centre = poster.pixel(x: poster.width / 2, y: poster.height / 2)
        XCTAssertGreaterThan(centre.r, 200, "\(centre)")
        XCTAssertLessThan(centre.g, 40, "\(centre)")
    }

    func testPosterIsScaledToTheAskedSize() throws {
        let video = try VideoFile(try Self.bytes("h264_keys.mp4"))
        let poster = try video.poster(longestSide: 40, budget: .shared)
        XCTAssertEqual([poster.width, poster.height], [40, 30])
    }

    func testBadVideosAreRefusedBeforeDecodingWithTheirReason() throws {
        func error(_ name: String) throws -> VideoError? {
            let bytes = try Self.bytes(name, in: Self.bad)
            do {
                _ = try VideoFile(bytes).poster(longestSide: 100, budget: .shared)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(try error("truncated_in_mdat.mp4"), .truncated(box: "mdat", fileSize: 6525, declaredEnd: 10876))
        XCTAssertEqual(try error("missing_moov.mp4"), .indexMissing)
        XCTAssertEqual(try error("zero_length_track.mp4"), .empty)
        XCTAssertEqual(
            try error("huge_dimensions.mp4"),
            .tooLarge(.videoPixels(FrameSize(width: 65535, height: 65535), limit: JPEGDecoder.defaultMaxPixels)))
        XCTAssertEqual(
            try error("absurd_duration.mp4"), .tooLarge(.videoLength(seconds: 4_294_967_295, limit: VideoFile.maxDurationSeconds)))
        // ExifTool's QuickTime.mov: a whole header with no `ftyp`, its frames gone.
        XCTAssertEqual(try error("quicktime_sample.mov"), .mediaDataMissing(format: "QuickTime movie"))
        // Bytes that are no movie at all: FFmpeg's demuxer says so, nothing crashes.
        XCTAssertThrowsError(try VideoFile(Array("ftyp".utf8) + [UInt8](repeating: 0x41, count: 300)))
    }

    /// `ffmpeg` decodes the first frame to packed RGB at the given (shown) size.
    static func ffmpegFrame(_ name: String, width: Int, height: Int, filter: String? = nil) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = [
            "-hide_banner", "-loglevel", "error", "-i", folder.appendingPathComponent(name).path, "-frames:v", "1",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
        ]
        if let filter { process.arguments!.insert(contentsOf: ["-vf", filter], at: process.arguments!.count - 5) }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(data.count, width * height * 3, "ffmpeg's frame is \(width)×\(height)")
        return [UInt8](data)
    }
}
