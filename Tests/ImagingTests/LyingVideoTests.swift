import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// A movie whose container declares a smaller frame than its bitstream codes is not decoded
/// at the bitstream's size (the decode budget was reckoned from the declared one), and a
/// codec no camera records is not decoded at all. The files are made here with `ffmpeg` and
/// scripts/make_hostile_movies.py.
final class LyingVideoTests: XCTestCase {
    func make(_ arguments: [String], _ name: String) throws -> URL {
        let url = try TemporaryFolder.make("lying-video").appendingPathComponent(name)
        try Self.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi"] + arguments + [url.path])
        return url
    }

    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("\(arguments[0]) failed: needed to make the test's movies") }
    }

    func lying(_ source: URL) throws -> [UInt8] {
        let out = source.deletingLastPathComponent().appendingPathComponent("says-320x240-" + source.lastPathComponent)
        try Self.run([
            "python3", Repository.root.appendingPathComponent("scripts/make_hostile_movies.py").path, "lying-size", out.path,
            "--from", source.path, "--width", "320", "--height", "240",
        ])
        return [UInt8](try Data(contentsOf: out))
    }

    /// `named`: FFmpeg's MJPEG decoder refuses the frame by its size (EINVAL), which the line
    /// names; its H.264 decoder reports only invalid data.
    func assertRefusedAtTheDeclaredSize(_ source: URL, named: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        // The honest file decodes: the refusal below is about the lie, not the codec or size.
        let honest = try VideoFile([UInt8](try Data(contentsOf: source)))
        XCTAssertEqual(honest.storedSize, FrameSize(width: 2000, height: 2000), file: file, line: line)
        XCTAssertNoThrow(try honest.poster(longestSide: 64, budget: .shared), file: file, line: line)

        let video = try VideoFile(try lying(source))
        XCTAssertEqual(video.storedSize, FrameSize(width: 320, height: 240), file: file, line: line)
        XCTAssertThrowsError(try video.poster(longestSide: 64, budget: .shared), file: file, line: line) { error in
            guard case .corrupt(let detail) = error as? VideoError else { return XCTFail("\(error)", file: file, line: line) }
            guard named else { return }
            XCTAssertTrue(detail.hasPrefix("frames larger than the 320×240 its container declares"), detail, file: file, line: line)
        }
    }

    func testAnMJPEGFrameLargerThanItsContainerDeclaresIsNotDecoded() throws {
        let source = try make(
            ["-i", "testsrc2=s=2000x2000:d=1", "-frames:v", "1", "-pix_fmt", "yuvj420p", "-c:v", "mjpeg"], "mjpeg.mov")
        try assertRefusedAtTheDeclaredSize(source, named: true)
    }

    func testAnH264StreamLargerThanItsContainerDeclaresIsNotDecoded() throws {
        let source = try make(
            ["-i", "testsrc2=s=2000x2000:d=0.2", "-frames:v", "2", "-c:v", "libx264", "-preset", "ultrafast"], "h264.mp4")
        try assertRefusedAtTheDeclaredSize(source, named: false)
    }

    func testACodecNoCameraRecordsIsNotDecoded() throws {
        let source = try make(["-i", "testsrc2=s=64x48:d=0.2", "-c:v", "qtrle"], "animation.mov")
        let video = try VideoFile([UInt8](try Data(contentsOf: source)))
        XCTAssertEqual(video.codec, "qtrle")
        XCTAssertThrowsError(try video.poster(longestSide: 64, budget: .shared)) { error in
            XCTAssertEqual(error as? VideoError, .codecNotAllowed("qtrle"))
            XCTAssertEqual(
                (error as? VideoError)?.description,
                "video coded as qtrle, which no camera records; Daybook reads "
                    + "av1, dvvideo, h263, h264, hevc, mjpeg, mpeg2video, mpeg4, prores, vp9")
        }
    }
}
