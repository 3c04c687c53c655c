import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// A PNG screenshot and a WebP on a real server on 127.0.0.1: their originals are served as
/// what they are (browsers show both), and their previews and `?as=jpeg` are JPEGs of the
/// picture as shown, turned by its EXIF Orientation.
final class StillPagesTests: XCTestCase {
    static let stills = Repository.fixtures.appendingPathComponent("stills")

    func testPNGAndWebPShowInTheBrowser() async throws {
        let fixture = try WebFixture()
        for name in ["exif.png", "photo.webp"] {
            try FileManager.default.copyItem(at: Self.stills.appendingPathComponent(name), to: fixture.photos.appendingPathComponent(name))
        }
        let summary = try await Ingester(store: fixture.store, options: IngestOptions(jobs: 2)).ingest(paths: [fixture.photos.path])
        XCTAssertEqual(summary.failed, 0)
        let entries = try fixture.store.entries()
        let png = try XCTUnwrap(entries.first { $0.sourcePath.hasSuffix("exif.png") })
        let webp = try XCTUnwrap(entries.first { $0.sourcePath.hasSuffix("photo.webp") })

        try await fixture.application { $0.port = 0 }.test(.live) { client in
            for (entry, type) in [(png, "image/png"), (webp, "image/webp")] {
                try await client.execute(uri: "/originals/\(entry.id)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    XCTAssertEqual(response.headers[.contentType], type)
                    XCTAssertEqual(Data(buffer: response.body), try Data(contentsOf: URL(fileURLWithPath: entry.sourcePath)))
                }
                try await client.execute(uri: "/entries/\(entry.id)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    XCTAssertFalse(response.text.contains("?as=jpeg"), "browsers show \(type) as it is")
                }
                // EXIF Orientation 6 (PNG) and 8 (WebP): 64×48 stored, 48×64 shown.
                let jpeg = try await client.execute(uri: "/originals/\(entry.id)?as=jpeg", method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                    return [UInt8](Data(buffer: response.body))
                }
                XCTAssertEqual(try JPEGDecoder.decode(jpeg, minimumLongestSide: .max).frame, FrameSize(width: 48, height: 64))
                let thumbnail = try XCTUnwrap(entry.thumbnailName)
                try await client.execute(uri: "/previews/\(thumbnail.fileName)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                    let frame = try JPEGDecoder.decode([UInt8](Data(buffer: response.body)), minimumLongestSide: .max).frame
                    XCTAssertEqual(frame, FrameSize(width: 48, height: 64))
                }
            }
        }
    }
}
