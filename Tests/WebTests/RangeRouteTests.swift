import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// `/originals/ID` answers byte ranges (RFC 9110 §14), against a real server on 127.0.0.1:
/// the exact bytes of the file for each form of range, 416 past the end, the whole file for
/// what it ignores (several ranges, a stale If-Range), HEAD, a photo and a RAW as well as a video.
final class RangeRouteTests: XCTestCase {
    func testAVideoOriginalAnswersEachFormOfRangeWithTheExactBytes() async throws {
        let fixture = try WebFixture()
        let video = try fixture.addVideo("clip.mp4", duration: 3)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: video.sourcePath)))
        let size = bytes.count
        let etag = "\"o-\(video.contentHash)\""
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let uri = "/originals/\(video.id)"
            try await client.execute(uri: uri, method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "video/mp4", "told by the ftyp brand isom")
                XCTAssertEqual(response.headers[.acceptRanges], "bytes")
                XCTAssertEqual(response.headers[.eTag], etag)
                XCTAssertEqual([UInt8](buffer: response.body), bytes)
            }
            // bytes=a-b, a- and -n; an end past the file is clamped to it.
            for (header, part) in [
                ("bytes=0-99", 0...99), ("bytes=1000-1999", 1000...1999), ("bytes=\(size - 10)-", (size - 10)...(size - 1)),
                ("bytes=-500", (size - 500)...(size - 1)), ("bytes=100-\(size + 1000)", 100...(size - 1)),
                ("bytes=-\(size * 2)", 0...(size - 1)), ("bytes=\(size - 1)-\(size - 1)", (size - 1)...(size - 1)),
                ("bytes=0-99999999999999999999", 0...(size - 1)),
            ] {
                try await client.execute(uri: uri, method: .get, headers: [.range: header]) { response in
                    XCTAssertEqual(response.status, .partialContent, header)
                    XCTAssertEqual(response.headers[.contentRange], "bytes \(part.lowerBound)-\(part.upperBound)/\(size)", header)
                    XCTAssertEqual(response.headers[.contentLength], "\(part.count)", header)
                    XCTAssertEqual(response.headers[.contentType], "video/mp4", header)
                    XCTAssertTrue([UInt8](buffer: response.body) == Array(bytes[part]), "the exact bytes of \(header)")
                }
            }
            // Past the end, or a zero suffix: 416, and the size the file has.
            for header in ["bytes=\(size)-", "bytes=\(size + 5)-\(size + 10)", "bytes=-0"] {
                try await client.execute(uri: uri, method: .get, headers: [.range: header]) { response in
                    XCTAssertEqual(response.status, .rangeNotSatisfiable, header)
                    XCTAssertEqual(response.headers[.contentRange], "bytes */\(size)", header)
                }
            }
            // Ignored, as RFC 9110 allows: the whole file.
            for header in ["bytes=0-1,5-6", "bytes=abc", "items=0-5", "bytes=9-3", "bytes=-", "bytes=+1-2", "bytes=0x10-"] {
                try await client.execute(uri: uri, method: .get, headers: [.range: header]) { response in
                    XCTAssertEqual(response.status, .ok, header)
                    XCTAssertNil(response.headers[.contentRange], header)
                    XCTAssertEqual(response.body.readableBytes, size, header)
                }
            }
            // If-Range: the part for the current ETag, the whole file for another or a date.
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=10-19", .ifRange: etag]) { response in
                XCTAssertEqual(response.status, .partialContent)
                XCTAssertTrue([UInt8](buffer: response.body) == Array(bytes[10...19]))
            }
            for stale in ["\"o-\(String(repeating: "0", count: 64))\"", "Wed, 21 Oct 2015 07:28:00 GMT", "W/\(etag)"] {
                try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=10-19", .ifRange: stale]) { response in
                    XCTAssertEqual(response.status, .ok, stale)
                    XCTAssertEqual(response.body.readableBytes, size, stale)
                }
            }
            // HEAD: the headers of the GET, no body.
            try await client.execute(uri: uri, method: .head, headers: [.range: "bytes=0-99"]) { response in
                XCTAssertEqual(response.status, .partialContent)
                XCTAssertEqual(response.headers[.contentRange], "bytes 0-99/\(size)")
                XCTAssertEqual(response.headers[.contentLength], "100")
                XCTAssertEqual(response.body.readableBytes, 0)
            }
            try await client.execute(uri: uri, method: .head) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentLength], "\(size)")
                XCTAssertEqual(response.headers[.acceptRanges], "bytes")
                XCTAssertEqual(response.body.readableBytes, 0)
            }
        }
    }

    func testAChangedVideoGivesNoByteEvenForARange() async throws {
        let fixture = try WebFixture()
        let video = try fixture.addVideo("clip.mp4", duration: 3)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: video.sourcePath)))
        bytes[bytes.count - 1] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: video.sourcePath))
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            try await client.execute(uri: "/originals/\(video.id)", method: .get, headers: [.range: "bytes=0-99"]) { response in
                XCTAssertEqual(response.status, .notFound, "the hash check comes before any byte")
                XCTAssertNil(response.headers[.contentRange])
            }
        }
    }

    func testAPhotoOriginalAndAQuickTimeVideoAnswerRangesToo() async throws {
        let fixture = try WebFixture()
        let photo = try fixture.entry("01-paris-2019-07.jpg")
        let photoBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photo.sourcePath)))
        let mov = try fixture.addVideo("hevc.mov", duration: 2)
        let movBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: mov.sourcePath)))
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            try await client.execute(uri: "/originals/\(photo.id)", method: .get, headers: [.range: "bytes=-64"]) { response in
                XCTAssertEqual(response.status, .partialContent)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                XCTAssertEqual(
                    response.headers[.contentRange], "bytes \(photoBytes.count - 64)-\(photoBytes.count - 1)/\(photoBytes.count)")
                XCTAssertTrue([UInt8](buffer: response.body) == Array(photoBytes.suffix(64)))
            }
            try await client.execute(uri: "/originals/\(mov.id)", method: .get, headers: [.range: "bytes=4-11"]) { response in
                XCTAssertEqual(response.status, .partialContent)
                XCTAssertEqual(response.headers[.contentType], "video/quicktime", "told by the ftyp brand qt")
                XCTAssertEqual(String(decoding: [UInt8](buffer: response.body), as: UTF8.self), "ftypqt  ")
                XCTAssertTrue([UInt8](buffer: response.body) == Array(movBytes[4...11]))
            }
            // The JPEG rendition is made, not a file: it is answered whole.
            try await client.execute(uri: "/originals/\(photo.id)?as=jpeg", method: .get, headers: [.range: "bytes=0-9"]) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertNil(response.headers[.acceptRanges])
            }
        }
    }

    func testARAWOfAPairAnswersARange() async throws {
        let root = try TemporaryFolder.make("daybook-raw-range")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let raw = Repository.fixtures.appendingPathComponent("raw/canon-350d-preview.dng")
        try FileManager.default.copyItem(at: raw, to: photos.appendingPathComponent("IMG_0001.DNG"))
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent("07-deadsea-2022-06.jpg"), to: photos.appendingPathComponent("IMG_0001.JPG")
        )
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        _ = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
        let pair = try XCTUnwrap(try store.entries().first { $0.sourcePath.hasSuffix("IMG_0001.JPG") })
        let rawBytes = [UInt8](try Data(contentsOf: raw))
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        var configuration = WebConfiguration()
        configuration.port = 0
        try await WebJournal(store: store, configuration: configuration).application(logger: logger).test(.live) { client in
            try await client.execute(uri: "/originals/\(pair.id)?file=raw", method: .get, headers: [.range: "bytes=100-355"]) { response in
                XCTAssertEqual(response.status, .partialContent)
                XCTAssertEqual(response.headers[.contentRange], "bytes 100-355/\(rawBytes.count)")
                XCTAssertTrue([UInt8](buffer: response.body) == Array(rawBytes[100...355]))
            }
        }
    }

    /// A phone video passes the photos' 512 MB bound within a minute of 4K: a 600 MB one
    /// (sparse, hashed by sha256sum, never read whole here) is checked and served by range.
    func testAVideoPastThePhotosSizeBoundIsStillServed() async throws {
        let fixture = try WebFixture()
        let target = fixture.photos.appendingPathComponent("long.mp4")
        try FileManager.default.copyItem(at: WebFixture.videoFixtures.appendingPathComponent("clip.mp4"), to: target)
        let handle = try FileHandle(forWritingTo: target)
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        let sum = Process()
        let out = Pipe()
        sum.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        sum.arguments = [target.path]
        sum.standardOutput = out
        try sum.run()
        let hash = String(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64))
        sum.waitUntilExit()
        let video = try fixture.addVideo(at: target, contentHash: hash, duration: 3)
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            try await client.execute(uri: "/originals/\(video.id)", method: .get, headers: [.range: "bytes=-16"]) { response in
                XCTAssertEqual(response.status, .partialContent)
                XCTAssertEqual(response.headers[.contentRange], "bytes \((600 << 20) - 16)-\((600 << 20) - 1)/\(600 << 20)")
                XCTAssertEqual([UInt8](buffer: response.body), [UInt8](repeating: 0, count: 16))
            }
        }
    }
}
