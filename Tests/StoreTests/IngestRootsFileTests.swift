import DaybookStore
import DaybookStoreTestSupport
import DaybookTestSupport
import Foundation
import XCTest

/// `ingest-roots.json`: the folders and photos a library was fed, kept beside the database so
/// that a rebuild finds them when the database is lost, and which of them a rebuild reads.
final class IngestRootsFileTests: XCTestCase {
    var base: URL!

    override func setUpWithError() throws { base = try TemporaryFolder.make("daybook-roots") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func makeFolder(_ relative: String) throws -> String {
        let url = base.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func testRecordingKeepsFoldersAndPhotosNamedAloneApartAndWritesOnlyOnChange() throws {
        let store = try JournalStore(library: Library(root: base.appendingPathComponent("library")))
        let pictures = try makeFolder("pictures")
        let loose = try makeFolder("loose")
        let photo = loose + "/one.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: photo, contents: Data([0xFF, 0xD8])))

        try store.recordIngestSources([pictures, photo, base.path + "/nothing-here"])
        let file = try XCTUnwrap(try IngestRootsFile.read(in: store.library))
        XCTAssertEqual(file.folders, [pictures])
        XCTAssertEqual(file.files, [photo])
        XCTAssertEqual(try store.ingestRoots(), [loose, pictures].sorted(), "the database keeps folders, as the web's originals need")

        let url = store.library.root.appendingPathComponent(IngestRootsFile.fileName)
        let written = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        try store.recordIngestSources([pictures])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int, inode, "not rewritten")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date, written)

        let uploads = try makeFolder("library/uploads")
        try store.recordIngestRoots([uploads])
        XCTAssertEqual(try IngestRootsFile.read(in: store.library)?.folders, [pictures, uploads].sorted())
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testALibraryWithoutTheFileStartsItFromTheDatabasesFolders() throws {
        let store = try JournalStore(library: Library(root: base.appendingPathComponent("library")))
        let old = try makeFolder("old")
        try store.recordIngestRoots([old])
        let url = store.library.root.appendingPathComponent(IngestRootsFile.fileName)
        try FileManager.default.removeItem(at: url)
        let new = try makeFolder("new")
        try store.recordIngestSources([new])
        XCTAssertEqual(try IngestRootsFile.read(in: store.library)?.folders, [new, old].sorted())
    }

    func testAFileThatIsNotAListOfFoldersIsNamed() throws {
        let library = Library(root: URL(fileURLWithPath: try makeFolder("library")))
        try Data("{\"folders\": 3}".utf8).write(to: library.root.appendingPathComponent(IngestRootsFile.fileName))
        XCTAssertThrowsError(try IngestRootsFile.read(in: library)) { error in
            XCTAssertTrue("\(error)".contains("ingest-roots.json is not a list of ingest folders"), "\(error)")
        }
        XCTAssertNil(try IngestRootsFile.read(in: Library(root: URL(fileURLWithPath: try makeFolder("other")))))
    }

    func testARebuildReadsEachPhotoOnceByThePathItsEntryHad() throws {
        let pictures = try makeFolder("pictures")
        let inside = try makeFolder("pictures/2024")
        let hidden = try makeFolder("pictures/.private/kept")
        let elsewhere = try makeFolder("elsewhere")
        let link = base.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere)
        let underPictures = pictures + "/2024/a.jpg"
        let alone = try makeFolder("alone") + "/b.jpg"
        for file in [underPictures, alone] { XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data([1]))) }
        let gone = base.appendingPathComponent("gone").path

        let roots = IngestRootsFile(
            folders: [pictures, inside, hidden, link, elsewhere, gone], files: [underPictures, alone, gone + "/c.jpg"])
        let reading = roots.reading()
        XCTAssertEqual(reading.paths.sorted(), [alone, hidden, link, pictures].sorted())
        XCTAssertEqual(reading.missing, [gone, gone + "/c.jpg"])
    }
}
