import DaybookCore
import DaybookPlaces
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Edits of a text entry reach its journal file before its row, and never write over a file
/// that does not read as that entry's.
final class JournalFileEditTests: XCTestCase {
    var store: JournalStore!
    var entry: JournalEntry!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-journal-edit")))
        let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 0, second: 0)!
        entry = try store.write(NewTextEntry(text: "First", date: date, offset: nil, tags: ["a"]))
    }

    func file(_ path: String? = nil) throws -> JournalFile {
        let path = path ?? entry.sourcePath
        return try JournalFileParser.parse(try Data(contentsOf: store.library.root.appendingPathComponent(path)), path: path)
    }

    func testTextTagsAndDateReachTheFile() throws {
        try store.edit(entryID: entry.id, text: "Second\nline")
        XCTAssertEqual(try file().text, "Second\nline")
        try store.editTags(entryID: entry.id, add: ["b"], remove: ["a"])
        XCTAssertEqual(try file().tags, ["b"])

        let january = LocalDateTime(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5)
        let moved = try store.edit(entryID: entry.id, capturedAt: january)
        XCTAssertEqual(moved.sourcePath, "journal/2025/01/2025-01-02-\(entry.shortID).md")
        XCTAssertEqual(try store.entry(id: entry.id)?.sourcePath, moved.sourcePath)
        let file = try file(moved.sourcePath)
        XCTAssertEqual(file.date.iso8601, "2025-01-02T03:04:05")
        XCTAssertEqual(file.text, "Second\nline")
        XCTAssertEqual(file.tags, ["b"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.library.root.appendingPathComponent(entry.sourcePath).path))
    }

    func testAFileThatDoesNotParseIsNeverWrittenOver() throws {
        let url = store.library.root.appendingPathComponent(entry.sourcePath)
        var bytes = try String(contentsOf: url, encoding: .utf8)
        bytes = bytes.replacingOccurrences(of: "\ntags: [a]\n", with: "\nmood: written by hand\n")
        try bytes.write(to: url, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try store.edit(entryID: entry.id, text: "Over it")) { error in
            XCTAssertEqual("\(error)", "\(entry.sourcePath):5: unknown key \"mood\"")
        }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), bytes)
        XCTAssertEqual(try store.entry(id: entry.id)?.text, "First", "the index is left as it was too")
        XCTAssertThrowsError(try store.editTags(entryID: entry.id, add: ["c"], remove: []))
        XCTAssertEqual(try store.tags(entryID: entry.id).map(\.name), ["a"])
    }

    func testAnotherEntrysFileIsNeverWrittenOver() throws {
        let url = store.library.root.appendingPathComponent(entry.sourcePath)
        let other = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: entry.id, with: "00000000-0000-4000-8000-000000000000")
        try other.write(to: url, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try store.edit(entryID: entry.id, text: "Over it")) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(entry.sourcePath):3: the file is entry 00000000-"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), other)
    }

    func testABlankTextIsRefusedForATextEntryOnly() throws {
        XCTAssertThrowsError(try store.edit(entryID: entry.id, text: " \n")) { error in
            XCTAssertEqual((error as? StoreError)?.code, .blankText)
        }
        XCTAssertEqual(try file().text, "First")
        let photo = JournalEntry(
            id: "bbbb0001", contentHash: String(repeating: "b", count: 64), sourcePath: "/p/b.jpg", fileSize: 1, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        try store.insert(photo, autoTags: [], taggerVersion: 1)
        try store.edit(entryID: photo.id, text: "")
        try store.editTags(entryID: photo.id, add: ["x"], remove: [])
        XCTAssertEqual(
            try FileManager.default.subpaths(atPath: store.library.root.appendingPathComponent("journal").path)?.filter {
                $0.hasSuffix(".md")
            }, ["2026/11/2026-11-29-\(entry.shortID).md"])
    }

    func testAPlaceNamedLaterReachesTheFile() throws {
        var new = NewTextEntry(text: "By the lake", date: entry.capturedLocal!, offset: nil)
        new.location = GeoLocation(latitude: 46.2, longitude: 6.15)
        let placed = try store.write(new)
        XCTAssertNil(try file(placed.sourcePath).placeName)
        let geneva = NamedPlace(
            name: "Geneva", region: "Geneva", country: "Switzerland", countryCode: "CH", distanceKm: 1, timeZone: "Europe/Zurich",
            dataVersion: "test")
        let updated = try store.updatePlaces(version: "test", limit: 10) { $0.place = geneva }
        XCTAssertEqual(updated.map(\.id), [placed.id])
        XCTAssertEqual(try file(placed.sourcePath).placeName, "Geneva")
        XCTAssertEqual(try file(placed.sourcePath).text, "By the lake")
    }

    /// A file saved with CRLF line ends (an editor on Windows, a sync tool) reads as the same
    /// lines; the next edit writes it back with LF.
    func testAFileWithCRLFLineEndsIsReadAndWrittenBackWithLF() throws {
        let url = store.library.root.appendingPathComponent(entry.sourcePath)
        let lf = try String(contentsOf: url, encoding: .utf8)
        try lf.replacingOccurrences(of: "\n", with: "\r\n").write(to: url, atomically: false, encoding: .utf8)
        XCTAssertEqual(try file().text, "First")
        XCTAssertEqual(try file().tags, ["a"])
        try store.edit(entryID: entry.id, text: "First\nand more")
        let written = try Data(contentsOf: url)
        XCTAssertFalse(written.contains(UInt8(ascii: "\r")))
        XCTAssertEqual(try file().text, "First\nand more")
    }

    /// A text entry is found by its words, not by its file's name (a date and a short id).
    func testAJournalFilesNameIsNoSearchWord() throws {
        XCTAssertEqual(try store.search(JournalQuery(text: "first")).map(\.entry.id), [entry.id])
        for words in ["2026", "29", entry.shortID] {
            XCTAssertEqual(try store.search(JournalQuery(text: words)).map(\.entry.id), [], words)
        }
    }
}
