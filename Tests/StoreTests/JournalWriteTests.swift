import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// The one writer of a text entry: its journal file first, then its index row.
final class JournalWriteTests: XCTestCase {
    var store: JournalStore!
    let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 56, second: 58)!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-journal-write")))
    }

    func new(_ text: String, tags: [String] = []) -> NewTextEntry {
        NewTextEntry(text: text, date: date, offset: UTCOffset(seconds: 3600, source: .device), tags: tags)
    }

    func testATextEntryIsItsFileAndItsRow() throws {
        let entry = try store.write(new("\nLunch by the river\nwith Ana\n\n", tags: ["Lunch", "lunch", "river"]))
        let path = "journal/2026/11/2026-11-29-\(entry.shortID).md"
        XCTAssertEqual(entry.sourcePath, path)
        XCTAssertEqual(entry.media, .text)
        XCTAssertEqual(entry.contentHash, "text:\(entry.id)")
        XCTAssertEqual(entry.fileSize, 0)
        XCTAssertNil(entry.thumbnail)
        XCTAssertEqual(entry.weatherStatus, .unavailable)

        let bytes = try Data(contentsOf: store.library.root.appendingPathComponent(path))
        let file = try JournalFileParser.parse(bytes, path: path)
        XCTAssertEqual(file.id, entry.id)
        XCTAssertEqual(file.text, "Lunch by the river\nwith Ana")
        XCTAssertEqual(file.tags, ["lunch", "river"])
        XCTAssertEqual(file.utcOffsetSeconds, 3600)
        XCTAssertEqual(file.created, entry.createdAt)

        let stored = try XCTUnwrap(store.entry(id: entry.id))
        XCTAssertEqual(stored.text, "Lunch by the river\nwith Ana")
        XCTAssertEqual(stored.offset, UTCOffset(seconds: 3600, source: .device))
        XCTAssertEqual(stored.captureSource, .user)
        XCTAssertEqual(try store.tags(entryID: entry.id).map(\.name).sorted(), ["lunch", "river"])
        // Private, as every file of the library.
        let attributes = try FileManager.default.attributesOfItem(atPath: store.library.root.appendingPathComponent(path).path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600)
        // Its path is relative, so no watched folder (an absolute path) holds it: no scan or
        // catch-up can take it for a photo gone missing.
        XCTAssertEqual(try store.knownSources(under: store.library.root.path), [])
        XCTAssertEqual(try store.knownSources(under: "/"), [])
        // No temporary file is left beside it.
        let folder = store.library.root.appendingPathComponent("journal/2026/11")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["2026-11-29-\(entry.shortID).md"])
    }

    func testAPlaceMakesWeatherPending() throws {
        var withPlace = new("At the lake")
        withPlace.location = GeoLocation(latitude: 46.2, longitude: 6.15)
        let entry = try store.write(withPlace)
        XCTAssertEqual(entry.weatherStatus, .pending)
        XCTAssertEqual(entry.locationSource, .user)
    }

    func testABlankTextIsRefusedAndWritesNothing() throws {
        for text in ["", "  \n\t\n"] {
            XCTAssertThrowsError(try store.write(new(text))) { error in
                XCTAssertEqual((error as? StoreError)?.code, .blankText)
            }
        }
        XCTAssertThrowsError(try store.write(new("a\0b")))
        XCTAssertThrowsError(try store.write(new("fine", tags: ["not a/tag"])))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.library.root.appendingPathComponent("journal").path))
        XCTAssertEqual(try store.entryIDs(), [])
    }

    func testAnExistingFileIsNeverReplaced() throws {
        let id = "3f2a9c1e-0000-4000-8000-000000000001"
        let folder = store.library.root.appendingPathComponent("journal/2026/11")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("2026-11-29-3f2a9c1e.md")
        try Data("someone's words".utf8).write(to: file)
        XCTAssertThrowsError(try store.write(new("mine"), id: id)) { error in
            XCTAssertTrue("\(error)".contains("exists already"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "someone's words")
        XCTAssertNil(try store.entry(id: id))
    }

    func testALinkInTheJournalFolderCannotLeadTheWriteOutOfTheLibrary() throws {
        let outside = try temporaryFolder("daybook-journal-outside")
        let journal = store.library.root.appendingPathComponent("journal")
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: journal.appendingPathComponent("2026").path, withDestinationPath: outside.path)
        XCTAssertThrowsError(try store.write(new("escape"))) { error in
            XCTAssertTrue("\(error)".contains("is not a real folder"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
        XCTAssertEqual(try store.entryIDs(), [])
    }

    func testAFailedIndexWriteTakesTheFileAway() throws {
        let first = try store.write(new("first"))
        // The same id again: the file's name is free (another day), the row is not.
        var later = new("second")
        later.date = LocalDateTime(year: 2026, month: 12, day: 1, hour: 8, minute: 0, second: 0)!
        XCTAssertThrowsError(try store.write(later, id: first.id))
        let december = store.library.root.appendingPathComponent("journal/2026/12")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: december.path), [])
        XCTAssertEqual(try store.entry(id: first.id)?.text, "first")
    }
}
