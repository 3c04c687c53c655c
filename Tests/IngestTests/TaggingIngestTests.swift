import DaybookIngest
import DaybookStore
import DaybookTagging
import Foundation
import XCTest

final class TaggingIngestTests: XCTestCase {
    func tags(_ journal: TestJournal, _ file: String) throws -> [String: TagSource] {
        let entry = try XCTUnwrap(try journal.entriesByFile()[file])
        return Dictionary(uniqueKeysWithValues: try journal.store.tags(entryID: entry.id).map { ($0.name, $0.source) })
    }

    func testIngestTagsFromThumbnailPixelsAndUserEditsStick() throws {
        let folder = try Fixtures.temporaryFolder()
        for name in try Fixtures.sampleNames() {
            try FileManager.default.copyItem(at: Fixtures.samples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let journal = try TestJournal()
        try journal.ingest([folder])
        let paris = try XCTUnwrap(try journal.entriesByFile()["01-paris-2019-07.jpg"])
        let autoTags = try journal.store.tags(entryID: paris.id)
        XCTAssertGreaterThan(try XCTUnwrap(autoTags.first { $0.name == "blue" }?.score), 0.8, "the sample's background is blue")
        XCTAssertTrue(autoTags.allSatisfy { $0.source == .auto && $0.taggerVersion == ColourTagger.version })

        try journal.store.editTags(entryID: paris.id, add: ["holiday"], remove: ["blue"])
        let edited = try tags(journal, "01-paris-2019-07.jpg")

        try journal.ingest([folder])
        XCTAssertEqual(try tags(journal, "01-paris-2019-07.jpg"), edited, "re-ingest leaves tags alone")

        let fromPhotos = try Retagger(store: journal.store, jobs: 2).run()
        XCTAssertEqual(fromPhotos.fromPhotos, 10)
        XCTAssertEqual(try tags(journal, "01-paris-2019-07.jpg"), edited, "retag respects the removal and the user tag")

        // With the photos gone, retag works from the thumbnails and gives the same colours.
        try FileManager.default.removeItem(at: folder)
        let before = try tags(journal, "03-newyork-2021-03.jpg")
        let fromThumbnails = try Retagger(store: journal.store, jobs: 2).run()
        XCTAssertEqual(fromThumbnails.fromThumbnails, 10)
        XCTAssertEqual(try tags(journal, "01-paris-2019-07.jpg"), edited)
        XCTAssertEqual(try tags(journal, "03-newyork-2021-03.jpg")["red"], before["red"])
    }

    func testBrokenOrRefusedPixelsGetNoColourTags() throws {
        let folder = Fixtures.badInputs
        let journal = try TestJournal()
        try journal.ingest([folder])
        for name in [
            "truncated_at_10pct.jpg", "truncated_at_50pct.jpg", "truncated_after_exif_segment.jpg", "sof_declares_60000x60000.jpg",
        ] {
            XCTAssertEqual(try tags(journal, name), [:], name)
        }
        XCTAssertFalse(try tags(journal, "gps_ref_letters_missing.jpg").isEmpty, "a good decode is tagged")
        // Retag from the same files: still nothing for them.
        _ = try Retagger(store: journal.store).run()
        XCTAssertEqual(try tags(journal, "truncated_at_50pct.jpg"), [:])
    }
}
