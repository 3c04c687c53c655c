import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest

/// What pairing reads from a QuickTime movie (through VideoFile, as its own entry would), on movies ffmpeg wrote with Apple's keys
/// (Tests/Fixtures/motion/live; exiftool reads the same values as Keys:ContentIdentifier,
/// Keys:CreationDate and QuickTime:CreateDate), and on cut or damaged copies of them.
final class LivePhotoMovieTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("motion/live")

    func movie(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    func testKeysOfAnAppleStyleMovie() throws {
        let movie = try XCTUnwrap(LivePhotoMovie(try movie("IMG_0001.MOV")))
        XCTAssertEqual(movie.contentIdentifier, "6B0D5B2B-7F67-4A8F-9C59-1D1A3E2F4A10")
        XCTAssertEqual(movie.creationLocal?.iso8601, "2024-06-01T10:20:30")
        XCTAssertEqual(movie.capture?.offset?.seconds, 7200)
        XCTAssertEqual(movie.capture?.source, .quickTimeCreationDate)
        XCTAssertEqual(movie.capturedUTC, LocalDateTime(iso: "2024-06-01T08:20:30")?.unixSeconds(offsetSeconds: 0))
    }

    func testMovieHeaderTimeWithoutKeys() throws {
        let movie = try XCTUnwrap(LivePhotoMovie(try movie("IMG_0004.MOV")))
        XCTAssertNil(movie.contentIdentifier)
        XCTAssertNil(movie.creationLocal, "mvhd is UTC, no clock time")
        XCTAssertEqual(movie.capture?.source, .containerCreationTime)
        XCTAssertEqual(movie.capturedUTC, LocalDateTime(iso: "2024-06-01T11:00:01")?.unixSeconds(offsetSeconds: 0))
    }

    func testDamagedMoviesGiveWhatHoldsAndNeverCrash() throws {
        let bytes = try movie("IMG_0001.MOV")
        // Every prefix: no moov (nil) or a moov whose values are read within it.
        for length in stride(from: 0, through: bytes.count, by: 7) {
            _ = LivePhotoMovie(Array(bytes.prefix(length)))
        }
        // Every byte of the moov set to 0xFF in turn: sizes, counts and indexes out of range.
        let moov = try XCTUnwrap(Self.find(Array("moov".utf8), in: bytes)) - 4
        for index in moov..<bytes.count {
            var damaged = bytes
            damaged[index] = 0xFF
            if let movie = LivePhotoMovie(damaged), let identifier = movie.contentIdentifier {
                XCTAssertLessThanOrEqual(identifier.utf8.count, 64)
            }
        }
        XCTAssertNil(LivePhotoMovie(Array("not a movie at all".utf8)))
    }

    static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
}
