import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// Retagging reads the original photo through the same decoder as ingest, so a HEIC keeps the
/// colour tags ingest gave it instead of losing them to a JPEG-only decode.
final class HEIFRetagTests: XCTestCase {
    func testRetagFromAHEICGivesTheTagsIngestGave() throws {
        let folder = try Fixtures.temporaryFolder()
        for url in [
            Repository.root.appendingPathComponent("SampleImages/10-reykjavik-dandelions.heic"),
            Repository.fixtures.appendingPathComponent("heic-pillow/arrow.heic"),
        ] {
            try FileManager.default.copyItem(at: url, to: folder.appendingPathComponent(url.lastPathComponent))
        }
        let journal = try TestJournal()
        XCTAssertEqual(try journal.ingest([folder]).failed, 0)
        func autoTags() throws -> [String: [String]] {
            try journal.entriesByFile().mapValues { entry in
                try journal.store.tags(entryID: entry.id).filter { $0.source == .auto }.map(\.name).sorted()
            }
        }
        let ingested = try autoTags()
        XCTAssertEqual(ingested.count, 2)
        for (file, tags) in ingested { XCTAssertFalse(tags.isEmpty, "\(file): ingest tags a HEIC by its colours") }

        let summary = try Retagger(store: journal.store, jobs: 2).run()
        XCTAssertEqual(summary.fromPhotos, 2, "the HEICs' own pixels, not their thumbnails")
        XCTAssertEqual(try autoTags(), ingested)
    }
}
