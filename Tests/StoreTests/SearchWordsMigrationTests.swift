import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// Migration v10-search-words rebuilds the index of an existing library, so its entries are
/// found by camera and file name without ingesting them again.
final class SearchWordsMigrationTests: XCTestCase {
    func testAnOldLibrarysEntriesAreFoundByCameraAndFileName() throws {
        let store = try JournalStore(library: try copyOfOldLibrary())
        XCTAssertEqual(try store.count(), 11)
        func found(_ text: String) throws -> [String] {
            try store.search(JournalQuery(text: text)).map { ($0.entry.sourcePath as NSString).lastPathComponent }.sorted()
        }
        // Its camera: Make "Daybook", Models "SampleCam One" and "SampleCam Two".
        XCTAssertEqual(try found("samplecam two"), ["02-rio-2020-01.jpg", "04-sydney-2021-12.jpg"])
        XCTAssertEqual(try found("samplecam").count, 6)
        XCTAssertEqual(try found("paris-cut"), ["paris-cut.jpg"])
        XCTAssertEqual(try found("createdate"), ["05-createdate-only-2018-05.jpg"])
        // What the index held before still works: a text edit after the migration is found.
        let mumbai = try XCTUnwrap(try store.search(JournalQuery(text: "mumbai")).first?.entry)
        try store.edit(entryID: mumbai.id, text: "a very hot afternoon")
        XCTAssertEqual(try found("afternoon"), ["10-mumbai-2023-08.jpg"])
    }
}
