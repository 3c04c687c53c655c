import Foundation
import XCTest

@testable import DaybookStore

/// "v8-ingest-roots" on the library written by the daybook of commit 4686f56: its roots are
/// the folders its entries were seen in, so its originals keep being served.
final class IngestRootsMigrationTests: XCTestCase {
    func testAnOldLibraryGetsTheFoldersOfItsEntriesAsRoots() throws {
        let store = try JournalStore(library: try copyOfOldLibrary())
        let folders = Set(try store.entries().map { ($0.sourcePath as NSString).deletingLastPathComponent })
        XCTAssertFalse(folders.isEmpty)
        XCTAssertEqual(Set(try store.ingestRoots()), folders)

        try store.recordIngestRoots(["/srv/photos", "relative/ignored", "/srv/photos"])
        XCTAssertEqual(Set(try store.ingestRoots()), folders.union(["/srv/photos"]))
    }

    func testAPhotoAtTheTopOfTheFileSystemGivesNoRoot() {
        XCTAssertEqual(Migrations.v8ParentFolder("/a/b/c.jpg"), "/a/b")
        XCTAssertEqual(Migrations.v8ParentFolder("/c.jpg"), "/")
        XCTAssertNil(Migrations.v8ParentFolder("c.jpg"))
    }
}
