import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// Names from input never reach outside `thumbnails/`: import refuses them before writing,
/// delete only removes names of the store's shape, and links are never followed.
final class ThumbnailSafetyTests: XCTestCase {
    var base: URL!
    var outside: URL!

    override func setUpWithError() throws {
        base = try TemporaryFolder.make("daybook-safety")
        outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func names(_ folder: URL) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    func testARefusedImportWritesNothingAnywhere() throws {
        let store = try JournalStore(library: Library(root: base.appendingPathComponent("library")))
        let depth = String(repeating: "../", count: store.library.thumbnailsURL.pathComponents.count)
        for name in [depth + String(outside.path.dropFirst()) + "/x.jpg", outside.appendingPathComponent("x.jpg").path, "a/b.jpg"] {
            var archive = ArchiveFixture.archive()
            archive.items[1].entry.thumbnail = name
            XCTAssertThrowsError(try store.importArchive(archive)) { error in
                XCTAssertTrue(
                    "\(error)".hasPrefix("refused: item 1 (id \"bbbb0002-0000-0000-0000-000000000000\"): entry.thumbnail:"), "\(error)")
            }
            XCTAssertEqual(try names(outside), [], "nothing written outside")
            XCTAssertEqual(try names(store.library.thumbnailsURL), [], "no thumbnail, not even a temporary")
            XCTAssertEqual(try store.count(), 0)
        }
        XCTAssertEqual(try store.importArchive(ArchiveFixture.archive()), 2)
        XCTAssertEqual(try names(store.library.thumbnailsURL), ["\(ArchiveFixture.hash("a")).jpg", "\(ArchiveFixture.hash("b")).jpg"])
        XCTAssertEqual(
            try Data(contentsOf: store.library.thumbnailsURL.appendingPathComponent("\(ArchiveFixture.hash("a")).jpg")), ArchiveFixture.jpeg
        )
    }

    func testDeleteOfAStoredOutsideNameRemovesNothingOutside() throws {
        let store = try JournalStore(library: Library(root: base.appendingPathComponent("library")))
        let victim = outside.appendingPathComponent("victim.jpg")
        try Data("keep me".utf8).write(to: victim)
        // A name that reached the database before import checked names (or by hand).
        let relative = String(repeating: "../", count: store.library.thumbnailsURL.pathComponents.count) + String(victim.path.dropFirst())
        for (id, name) in [("aaaa0001", relative), ("aaaa0002", victim.path)] {
            try store.insert(
                JournalEntry(
                    id: id, contentHash: ArchiveFixture.hash(id.last!), sourcePath: "/p/\(id).jpg", fileSize: 1,
                    pixelSize: nil, thumbnail: name, thumbnailSize: (1, 1), problems: []))
        }
        // A thumbnail of the right name that is a link to a file outside: the link goes, the file stays.
        let linked = ArchiveFixture.hash("3")
        try FileManager.default.createSymbolicLink(
            atPath: store.library.thumbnailsURL.appendingPathComponent("\(linked).jpg").path,
            withDestinationPath: victim.path)
        try store.insert(
            JournalEntry(
                id: "aaaa0003", contentHash: linked, sourcePath: "/p/3.jpg", fileSize: 1, pixelSize: nil, thumbnail: "\(linked).jpg",
                thumbnailSize: (1, 1), problems: []))
        XCTAssertEqual(try store.delete(entryIDs: ["aaaa0001", "aaaa0002", "aaaa0003"]).count, 3)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep me")
        XCTAssertEqual(try names(store.library.thumbnailsURL), [], "the link itself is removed")
    }

    func testExportNeverFollowsAThumbnailLink() throws {
        let store = try JournalStore(library: Library(root: base.appendingPathComponent("library")))
        XCTAssertEqual(try store.importArchive(ArchiveFixture.archive()), 2)
        let secret = outside.appendingPathComponent("secret")
        try Data("secret".utf8).write(to: secret)
        let name = store.library.thumbnailsURL.appendingPathComponent("\(ArchiveFixture.hash("a")).jpg")
        try FileManager.default.removeItem(at: name)
        try FileManager.default.createSymbolicLink(atPath: name.path, withDestinationPath: secret.path)
        XCTAssertThrowsError(try store.exportArchive(), "a link in place of a thumbnail is refused, not read") { error in
            XCTAssertTrue("\(error)".contains(name.path), "\(error)")
        }
    }

    func testAThumbnailsFolderThatIsALinkIsRefusedClearly() throws {
        let library = Library(root: base.appendingPathComponent("library"))
        try FileManager.default.createDirectory(at: library.root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: library.thumbnailsURL.path, withDestinationPath: outside.path)
        XCTAssertThrowsError(try JournalStore(library: library)) { error in
            XCTAssertEqual(
                "\(error)",
                "the thumbnails folder \(library.thumbnailsURL.path) is a symbolic link (to \(outside.path)); it must be a real folder inside the library"
            )
        }
        XCTAssertEqual(try names(outside), [])
        var info = stat()
        XCTAssertEqual(stat(outside.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o755, "the link's target is not chmod-ed")

        // Dangling: the message Foundation gave was NSCocoaErrorDomain Code=516.
        try FileManager.default.removeItem(at: library.thumbnailsURL)
        try FileManager.default.createSymbolicLink(atPath: library.thumbnailsURL.path, withDestinationPath: "/nonexistent/daybook")
        XCTAssertThrowsError(try JournalStore(library: library)) { error in
            XCTAssertEqual(
                "\(error)",
                "the thumbnails folder \(library.thumbnailsURL.path) is a symbolic link (to /nonexistent/daybook); it must be a real folder inside the library"
            )
        }
    }

    func testALibraryThatIsADanglingLinkIsRefusedClearly() throws {
        let root = base.appendingPathComponent("library")
        try FileManager.default.createSymbolicLink(atPath: root.path, withDestinationPath: base.appendingPathComponent("gone").path)
        XCTAssertThrowsError(try JournalStore(library: Library(root: root))) { error in
            XCTAssertEqual(
                "\(error)",
                "the library folder \(root.path) is a symbolic link to \(base.appendingPathComponent("gone").path), which does not exist")
        }
        // A link to a real folder is the user's choice of place, and works.
        try FileManager.default.createDirectory(at: base.appendingPathComponent("gone"), withIntermediateDirectories: true)
        XCTAssertEqual(try JournalStore(library: Library(root: root)).count(), 0)
    }
}
