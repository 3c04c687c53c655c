import DaybookCore
import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// A video read from its file by offset is the same video as its bytes in memory: the same
/// container values, the same poster, the same verdict on a file cut short.
final class VideoSourceTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("videos")

    static func open(_ url: URL) throws -> ReadOnlyFile {
        let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(.ENOENT) }
        var info = stat()
        XCTAssertEqual(fstat(fd, &info), 0)
        return ReadOnlyFile(descriptor: fd, size: Int(info.st_size))
    }

    func testAFileReadByOffsetGivesTheSameVideoAsItsBytes() throws {
        for name in ["h264_keys.mp4", "hevc_rotated.mov", "black_start.mp4", "plain.3gp"] {
            let url = Self.folder.appendingPathComponent(name)
            let inMemory = try VideoFile([UInt8](try Data(contentsOf: url)))
            let fromFile = try VideoFile(.file(try Self.open(url)))
            XCTAssertEqual(fromFile.storedSize, inMemory.storedSize, name)
            XCTAssertEqual(fromFile.orientation, inMemory.orientation, name)
            XCTAssertEqual(fromFile.durationSeconds, inMemory.durationSeconds, name)
            XCTAssertEqual(fromFile.tags, inMemory.tags, name)
            let budget = DecodeBudget(bytes: 1 << 30)
            let filePoster = try fromFile.poster(longestSide: 64, budget: budget)
            let memoryPoster = try inMemory.poster(longestSide: 64, budget: budget)
            XCTAssertEqual(filePoster.pixels, memoryPoster.pixels, name)
        }
    }

    /// Every prefix length around the box boundaries gets the verdict the in-memory walk gives.
    func testACutFileGetsTheSameVerdictFromItsHeadersAsFromItsBytes() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("h264_keys.mp4")))
        let folder = try TemporaryFolder.make("video-source")
        let url = folder.appendingPathComponent("cut.mp4")
        for length in [0, 3, 7, 8, 20, 32, 39, 40, 41, 47, 48, 1000, 26_085, 26_086, 26_090, bytes.count - 1, bytes.count] {
            try Data(bytes[..<length]).write(to: url)
            let expected = bytes[..<length].withUnsafeBufferPointer { ISOMediaEnding.verdict($0) }
            XCTAssertEqual(ISOMediaEnding.verdict(.file(try Self.open(url))), expected, "\(length) bytes")
            XCTAssertEqual(ISOMediaEnding.verdict(.memory(Array(bytes[..<length]))), expected, "\(length) bytes")
        }
    }
}
