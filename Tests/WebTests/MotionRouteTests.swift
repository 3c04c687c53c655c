import DaybookCore
import DaybookStore
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// `/originals/ID?file=motion` on a real server on 127.0.0.1: a motion photo's clip is exactly
/// its bytes inside the photo's file, with ranges counted within the clip; a Live Photo's is
/// its movie; an entry without motion, or whose stored clip no longer holds, is a 404.
final class MotionRouteTests: XCTestCase {
    func testAMotionPhotosClipIsItsExactBytesWithRangesWithinTheClip() async throws {
        let journal = try await MotionJournal()
        let google = try journal.entry("google-motion.jpg")
        let clip = try XCTUnwrap(google.motionClip, "ingest finds the clip (docs/motion.md)")
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: google.sourcePath)))
        let clipBytes = Array(file[Int(clip.offset)..<Int(clip.offset + clip.length)])
        let size = clipBytes.count
        XCTAssertEqual(size, 2823, "the README's clip")
        XCTAssertEqual(Array(clipBytes[4..<8]), Array("ftyp".utf8))
        try await journal.liveApplication().test(.live) { client in
            let uri = "/originals/\(google.id)?file=motion"
            try await client.execute(uri: uri, method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "video/mp4")
                XCTAssertEqual(response.headers[.acceptRanges], "bytes")
                XCTAssertEqual(response.headers[.contentLength], "\(size)")
                XCTAssertEqual(response.headers[.eTag], "\"m-\(google.contentHash)\"")
                XCTAssertTrue([UInt8](buffer: response.body) == clipBytes, "the clip, not the photo")
            }
            for (header, part) in [
                ("bytes=0-99", 0...99), ("bytes=2000-", 2000...(size - 1)), ("bytes=-23", (size - 23)...(size - 1)),
                ("bytes=100-99999", 100...(size - 1)),
            ] {
                try await client.execute(uri: uri, method: .get, headers: [.range: header]) { response in
                    XCTAssertEqual(response.status, .partialContent, header)
                    XCTAssertEqual(response.headers[.contentRange], "bytes \(part.lowerBound)-\(part.upperBound)/\(size)", header)
                    XCTAssertEqual(response.headers[.contentLength], "\(part.count)", header)
                    XCTAssertTrue([UInt8](buffer: response.body) == Array(clipBytes[part]), "the clip's bytes of \(header)")
                }
            }
            // The photo's own size does not count: past the clip's end is 416.
            for header in ["bytes=\(size)-", "bytes=\(size + 10)-\(file.count - 1)"] {
                try await client.execute(uri: uri, method: .get, headers: [.range: header]) { response in
                    XCTAssertEqual(response.status, .rangeNotSatisfiable, header)
                    XCTAssertEqual(response.headers[.contentRange], "bytes */\(size)", header)
                }
            }
            // The photo itself is unchanged by the clip's route.
            try await client.execute(uri: "/originals/\(google.id)", method: .get) { response in
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                XCTAssertEqual(response.body.readableBytes, file.count)
            }
        }
    }

    func testALivePhotosMotionIsItsMovieAndAPhotoWithoutMotionHasNone() async throws {
        let journal = try await MotionJournal()
        let live = try journal.entry("IMG_0001.JPG")
        let movie = [UInt8](try Data(contentsOf: journal.photos.appendingPathComponent("IMG_0001.MOV")))
        let still = try journal.entry("still.jpg")
        try await journal.liveApplication().test(.live) { client in
            try await client.execute(uri: "/originals/\(live.id)?file=motion", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "video/quicktime", "FileKind.mediaType of the movie's bytes")
                XCTAssertTrue([UInt8](buffer: response.body) == movie)
            }
            try await client.execute(uri: "/originals/\(live.id)?file=motion", method: .get, headers: [.range: "bytes=0-15"]) {
                response in
                XCTAssertEqual(response.status, .partialContent)
                XCTAssertEqual(response.headers[.contentRange], "bytes 0-15/\(movie.count)")
                XCTAssertTrue([UInt8](buffer: response.body) == Array(movie[0...15]))
            }
            try await client.execute(uri: "/originals/\(still.id)?file=motion", method: .get) { response in
                XCTAssertEqual(response.status, .notFound)
            }
            try await client.execute(uri: "/originals/\(live.id)?file=motion&as=jpeg", method: .get) { response in
                XCTAssertEqual(response.status, .badRequest)
            }
            // A movie changed since it was paired is refused, as every original is.
            try Data(movie + [0]).write(to: journal.photos.appendingPathComponent("IMG_0001.MOV"))
            try await client.execute(uri: "/originals/\(live.id)?file=motion", method: .get) { response in
                XCTAssertEqual(response.status, .notFound)
            }
        }
    }

    /// Stored offsets are not trusted: a clip past the file's end, one that overflows, one
    /// that is not an MP4 where it says, and a photo changed since ingest are each a 404.
    func testAClipWhoseStoredOffsetsNoLongerHoldIsNotFound() async throws {
        let journal = try await MotionJournal()
        let hostile = [
            try journal.addCopy("past-end.jpg", extra: "a", clip: MotionClip(offset: 1722, length: 99_999)),
            try journal.addCopy("overflow.jpg", extra: "b", clip: MotionClip(offset: Int64.max - 10, length: 100)),
            try journal.addCopy("into-image.jpg", extra: "c", clip: MotionClip(offset: 100, length: 2823)),
            try journal.addCopy("zero.jpg", extra: "d", clip: MotionClip(offset: 1722, length: 0)),
        ]
        let samsung = try journal.entry("samsung-trailer.jpg")
        let samsungFile = URL(fileURLWithPath: samsung.sourcePath)
        try Data(try Data(contentsOf: samsungFile) + Data("changed".utf8)).write(to: samsungFile)
        try await journal.liveApplication().test(.live) { client in
            for entry in hostile + [samsung] {
                try await client.execute(uri: "/originals/\(entry.id)?file=motion", method: .get, headers: [.range: "bytes=0-9"]) {
                    response in
                    XCTAssertEqual(response.status, .notFound, entry.sourcePath)
                }
            }
            // The route goes on serving: the good clip beside them.
            let google = try journal.entry("google-motion.jpg")
            try await client.execute(uri: "/originals/\(google.id)?file=motion", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
            }
        }
    }
}
