import DaybookCore
import DaybookIngest
import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// The camera, the file name and a place's other names are searchable,
/// through the store's search that both `daybook search` and the web journal use.
final class SearchWordsIngestTests: XCTestCase {
    func found(_ store: JournalStore, _ text: String) throws -> [String] {
        try store.search(JournalQuery(text: text)).map { ($0.entry.sourcePath as NSString).lastPathComponent }.sorted()
    }

    func testTheCameraAndTheFileNameOfRealPhotosAreSearchable() throws {
        let journal = try TestJournal()
        let corpus = Repository.fixtures.appendingPathComponent("corpus/jpg")
        try journal.ingest([corpus.appendingPathComponent("gps"), corpus.appendingPathComponent("Canon_DIGITAL_IXUS_400.jpg")])
        XCTAssertEqual(try journal.store.count(), 8)
        // EXIF Make "Canon", Model "Canon DIGITAL IXUS 400".
        XCTAssertEqual(try found(journal.store, "canon"), ["Canon_DIGITAL_IXUS_400.jpg"])
        XCTAssertEqual(try found(journal.store, "ixus 400"), ["Canon_DIGITAL_IXUS_400.jpg"])
        // The seven DSCN photos: Make "NIKON", Model "COOLPIX P6000".
        XCTAssertEqual(try found(journal.store, "nikon coolpix").count, 7)
        XCTAssertEqual(try found(journal.store, "DSCN0012"), ["DSCN0012.jpg"])
        XCTAssertEqual(try found(journal.store, "dscn0012"), ["DSCN0012.jpg"])
        XCTAssertEqual(try found(journal.store, "jpg"), [], "the extension is not a word: every photo would match")
    }

    /// München is "Munich" in the place table and Wien "Vienna": their other names find them,
    /// as do the unaccented ASCII spellings people type ("koln" for Köln, "lodz" for Łódź).
    func testAPlaceIsFoundByItsOtherAndASCIINames() throws {
        let journal = try TestJournal()
        let placer = try EntryPlacer.embedded()
        for (file, latitude, longitude) in [
            ("munich.jpg", 48.1374, 11.5755), ("cologne.jpg", 50.9375, 6.9603), ("lodz.jpg", 51.7592, 19.4560),
            ("vienna.jpg", 48.2085, 16.3721),
        ] {
            var entry = JournalEntry(
                contentHash: file, sourcePath: "/photos/\(file)", fileSize: 1,
                metadata: PhotoMetadata(location: GeoLocation(latitude: latitude, longitude: longitude)),
                pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
            placer.place(&entry)
            try journal.store.insert(entry)
        }
        XCTAssertEqual(try found(journal.store, "munchen"), ["munich.jpg"])
        XCTAssertEqual(try found(journal.store, "München"), ["munich.jpg"])
        XCTAssertEqual(try found(journal.store, "munich"), ["munich.jpg"])
        XCTAssertEqual(try found(journal.store, "koln"), ["cologne.jpg"])
        XCTAssertEqual(try found(journal.store, "Köln"), ["cologne.jpg"])
        XCTAssertEqual(try found(journal.store, "wien"), ["vienna.jpg"])
        // "Łódź": the index's tokenizer keeps ł, the place key folds it to l.
        XCTAssertEqual(try found(journal.store, "lodz"), ["lodz.jpg"])
        // The alternates are bounded: a city with a hundred names adds a dozen words.
        let words = try journal.store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT words FROM entry_search")
        }
        XCTAssertTrue(words.allSatisfy { $0.split(separator: " ").count < 40 }, "\(words)")
    }
}
