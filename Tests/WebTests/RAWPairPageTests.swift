import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// The entry page of a RAW+JPEG pair names the RAW ("RAW: IMG_0001.DNG") with a download
/// through `/originals/ID?file=raw`, which serves the RAW's own bytes by the originals' rules;
/// an AVIF's page shows its picture, and the original as a JPEG, like a HEIC's.
final class RAWPairPageTests: XCTestCase {
    func testAPairsPageLinksItsRAWAndAnAVIFsPageShowsAPicture() async throws {
        let root = try TemporaryFolder.make("daybook-raw-page")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let raw = Repository.fixtures.appendingPathComponent("raw/canon-350d-preview.dng")
        try FileManager.default.copyItem(at: raw, to: photos.appendingPathComponent("IMG_0001.DNG"))
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent("07-deadsea-2022-06.jpg"), to: photos.appendingPathComponent("IMG_0001.JPG")
        )
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("raw/deadsea-irot.avif"), to: photos.appendingPathComponent("sea.avif"))
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        _ = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
        let entries = try store.entries()
        XCTAssertEqual(entries.count, 2)
        let pair = try XCTUnwrap(entries.first { $0.sourcePath.hasSuffix("IMG_0001.JPG") })
        let avif = try XCTUnwrap(entries.first { $0.sourcePath.hasSuffix("sea.avif") })

        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        let application = try WebJournal(store: store, configuration: WebConfiguration()).application(logger: logger)
        try await application.test(.live) { client in
            try await client.execute(uri: "/entries/\(pair.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                let page = String(buffer: response.body)
                XCTAssertTrue(
                    page.contains(#"RAW: <a href="/originals/\#(pair.id)?file=raw" download>IMG_0001.DNG</a>"#), page)
            }
            try await client.execute(uri: "/originals/\(pair.id)?file=raw", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(Array(response.body.readableBytesView), Array(try Data(contentsOf: raw)))
            }
            try await client.execute(uri: "/originals/\(pair.id)?file=video", method: .get) { response in
                XCTAssertEqual(response.status, .badRequest)
            }
            try await client.execute(uri: "/entries/\(avif.id)", method: .get) { response in
                let page = String(buffer: response.body)
                XCTAssertTrue(page.contains(#"width="64" height="96""#), page)
                XCTAssertTrue(page.contains("/originals/\(avif.id)?as=jpeg"), page)
            }
            try await client.execute(uri: "/originals/\(avif.id)?as=jpeg", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
            }
        }
    }
}
