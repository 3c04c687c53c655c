import DaybookImaging
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// Thumbnails, previews and originals: the bytes, the cache headers, and nothing else.
final class FileRouteTests: XCTestCase {
    func testThumbnailIsTheFileWithLongLivedCachingAndETag() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        let name = try XCTUnwrap(entry.thumbnailName)
        let file = try Data(contentsOf: fixture.store.library.thumbnailURL(for: name))
        try await fixture.application().test(.router) { client in
            let etag = try await client.execute(uri: "/thumbnails/\(name.fileName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(Data(buffer: response.body), file)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                XCTAssertEqual(response.headers[.cacheControl], "public, max-age=31536000, immutable")
                return try XCTUnwrap(response.headers[.eTag])
            }
            try await client.execute(uri: "/thumbnails/\(name.fileName)", method: .get, headers: [.ifNoneMatch: etag]) { response in
                XCTAssertEqual(response.status, .notModified)
                XCTAssertEqual(response.body.readableBytes, 0)
            }
            // A name of the right shape that no file has.
            try await client.execute(uri: "/thumbnails/\(String(repeating: "0", count: 64)).jpg", method: .get) {
                XCTAssertEqual($0.status, .notFound)
            }
        }
    }

    func testPreviewIsMadeAtReducedScaleOnceAndCachedByContentHash() async throws {
        let fixture = try WebFixture()
        // Rio is stored 480×640 with orientation 6: shown 640×480.
        let rio = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("02-rio-2020-01.jpg") })
        let name = try XCTUnwrap(ThumbnailName(contentHash: rio.contentHash))
        let cached = fixture.store.library.previewsURL.appendingPathComponent(name.fileName)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cached.path))
        try await fixture.application().test(.router) { client in
            let first = try await client.execute(uri: "/previews/\(name.fileName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.cacheControl], "public, max-age=31536000, immutable")
                XCTAssertNotNil(response.headers[.eTag])
                return [UInt8](Data(buffer: response.body))
            }
            let frame = try JPEGDecoder.frameSize(of: first)
            XCTAssertEqual([frame.width, frame.height], [640, 480], "oriented; never enlarged")
            XCTAssertEqual([UInt8](try Data(contentsOf: cached)), first, "kept in previews/ by content hash")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.store.library.previewsURL.path)
            XCTAssertEqual(leftovers, [name.fileName], "no temporary left behind")
            // Served from the cache once made: the original may go away.
            try FileManager.default.removeItem(atPath: rio.sourcePath)
            try await client.execute(uri: "/previews/\(name.fileName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual([UInt8](Data(buffer: response.body)), first)
            }
        }
    }

    func testPreviewAndOriginalRefuseAPhotoThatChanged() async throws {
        let fixture = try WebFixture()
        let paris = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("01-paris-2019-07.jpg") })
        let original = try Data(contentsOf: URL(fileURLWithPath: paris.sourcePath))
        let name = try XCTUnwrap(ThumbnailName(contentHash: paris.contentHash))
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/originals/\(paris.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(Data(buffer: response.body), original)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
            }
            // Another picture now has the photo's name: neither route shows it.
            try Data(contentsOf: Repository.sample("03-newyork-2021-03.jpg")).write(to: URL(fileURLWithPath: paris.sourcePath))
            try await client.execute(uri: "/originals/\(paris.id)", method: .get) { XCTAssertEqual($0.status, .notFound) }
            try await client.execute(uri: "/previews/\(name.fileName)", method: .get) { XCTAssertEqual($0.status, .notFound) }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.store.library.previewsURL.appendingPathComponent(name.fileName).path))
    }

    func testStaticAssetsAndLeafletComeOnlyByName() async throws {
        let fixture = try WebFixture()
        let leaflet = FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js")
        try await fixture.application().test(.router) { client in
            for name in ["daybook.css", "timeline.js", "map.js", "entry-map.js", "countries.js"] {
                try await client.execute(uri: "/static/\(name)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok, name)
                    XCTAssertGreaterThan(response.body.readableBytes, 500, name)
                }
            }
            try await client.execute(uri: "/static/countries.js", method: .get) { response in
                XCTAssertTrue(response.text.contains("\"name\":\"France\""), "the Natural Earth outlines are compiled in")
            }
            try await client.execute(uri: "/vendor/leaflet/leaflet.js", method: .get) { response in
                XCTAssertEqual(response.status, leaflet ? .ok : .notFound)
            }
            // A real file of that folder that is not on the list.
            try await client.execute(uri: "/vendor/leaflet/leaflet.js.map", method: .get) { XCTAssertEqual($0.status, .notFound) }
        }
    }
}

extension Repository {
    static func sample(_ name: String) -> URL { sampleSquares.appendingPathComponent(name) }
}
