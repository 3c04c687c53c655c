import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// Tombstones, files that are gone or moved, and files that do not read, as the indexer meets
/// them; and the whole folder at once.
final class JournalFileRemovalIndexingTests: XCTestCase {
    var store: JournalStore!

    static let november = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 56, second: 58)!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-indexing-removal")))
    }

    @discardableResult
    func put(_ file: JournalFile) throws -> JournalFilePath {
        let url = file.path.url(in: store.library)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.serialized().write(to: url)
        return file.path
    }

    func written(_ text: String = "Words") throws -> (JournalEntry, JournalFilePath) {
        let entry = try store.write(NewTextEntry(text: text, date: Self.november, offset: nil, tags: ["kept"]))
        return (entry, try XCTUnwrap(JournalFilePath(relative: entry.sourcePath)))
    }

    func read(_ path: JournalFilePath) throws -> JournalFile {
        try JournalFileParser.parse(try Data(contentsOf: path.url(in: store.library)))
    }

    func testATombstonePutsTheEntryInTheTrashWithoutWritingAFile() throws {
        let (entry, path) = try written("Gone soon")
        var file = try read(path)
        file.deleted = "2026-11-30T08:00:00Z"
        try put(file)
        let bytes = try Data(contentsOf: path.url(in: store.library))
        XCTAssertEqual(try store.indexJournalFile(at: path), .deleted(entryID: entry.id))
        XCTAssertNil(try store.entry(id: entry.id))
        let trashed = try store.trashedEntries()
        XCTAssertEqual(trashed.map(\.id), [entry.id])
        XCTAssertEqual(trashed.first?.title, "Gone soon")
        XCTAssertEqual(trashed.first?.journalPath, path.description)
        XCTAssertEqual(try Data(contentsOf: path.url(in: store.library)), bytes, "no file written")
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: entry.id))
        XCTAssertEqual(try store.tombstone(of: try XCTUnwrap(trashed.first))?.text, "Gone soon", "trash restore reads it")
    }

    func testATombstoneOfAPhotoFoundByItsBytesKeepsThePhotoOut() throws {
        let hash = String(repeating: "d", count: 64)
        let photo = JournalEntry(
            contentHash: hash, sourcePath: "/photos/IMG_000d.jpg", fileSize: 10,
            capture: CaptureTime(local: Self.november, source: .dateTimeOriginal), pixelSize: (640, 480), thumbnail: nil,
            thumbnailSize: nil, problems: [])
        try store.save(photo, sourceTruncated: false)
        let id = "0a1b2c3d-0000-4000-8000-000000000003"
        let path = try put(
            JournalFile(
                id: id, date: Self.november, photo: .init(contentHash: hash, fileName: "IMG_000d.jpg"), created: "2026-01-01T00:00:00Z",
                text: "", deleted: "2026-11-30T08:00:00Z"))
        XCTAssertEqual(try store.indexJournalFile(at: path), .deleted(entryID: id))
        XCTAssertEqual(try store.count(), 0)
        XCTAssertEqual(try store.deletedEntryID(contentHash: hash), id, "ingest keeps skipping the photo")
        XCTAssertEqual(try store.trashedEntries().first?.title, "IMG_000d.jpg")
    }

    func testAGoneFileTakesItsTextEntryAndNotAPhoto() throws {
        let (entry, path) = try written()
        try FileManager.default.removeItem(at: path.url(in: store.library))
        XCTAssertEqual(try store.indexJournalFile(at: path), .removed(entryID: entry.id))
        XCTAssertNil(try store.entry(id: entry.id))
        XCTAssertEqual(try store.indexJournalFile(at: path), .ignored)

        let photo = JournalEntry(
            contentHash: String(repeating: "e", count: 64), sourcePath: "/photos/IMG_000e.jpg", fileSize: 10,
            capture: CaptureTime(local: Self.november, source: .dateTimeOriginal), pixelSize: (640, 480), thumbnail: nil,
            thumbnailSize: nil, problems: [])
        try store.save(photo, sourceTruncated: false)
        let photoPath = try put(
            JournalFile(
                id: photo.id, date: Self.november, photo: .init(contentHash: photo.contentHash, fileName: "IMG_000e.jpg"),
                created: photo.createdAt, text: "Words on it"))
        XCTAssertEqual(try store.indexJournalFile(at: photoPath), .updated(entryID: photo.id))
        try FileManager.default.removeItem(at: photoPath.url(in: store.library))
        XCTAssertEqual(try store.indexJournalFile(at: photoPath), .unchanged(entryID: photo.id))
        XCTAssertEqual(try store.entry(id: photo.id)?.sourcePath, "/photos/IMG_000e.jpg", "a photo entry keeps its photo")
    }

    func testAPhotoKnownFromItsFileAloneGoesWithIt() throws {
        let id = "0a1b2c3d-0000-4000-8000-000000000008"
        let path = try put(
            JournalFile(
                id: id, date: Self.november, photo: .init(contentHash: String(repeating: "f", count: 64), fileName: "IMG_000f.jpg"),
                created: "2026-01-01T00:00:00Z", text: "Only words here"))
        XCTAssertEqual(try store.indexJournalFile(at: path), .added(entryID: id))
        try FileManager.default.removeItem(at: path.url(in: store.library))
        XCTAssertEqual(try store.indexJournalFile(at: path), .removed(entryID: id))
        XCTAssertEqual(try store.count(), 0)
    }

    func testAFileThatMovedMonthKeepsItsEntryWhicheverNameIsSeenFirst() throws {
        let (entry, old) = try written("Moving")
        var file = try read(old)
        file.date = LocalDateTime(year: 2027, month: 1, day: 3, hour: 9, minute: 0, second: 0)!
        let new = try put(file)
        try FileManager.default.removeItem(at: old.url(in: store.library))
        XCTAssertEqual(try store.indexJournalFile(at: old), .updated(entryID: entry.id), "the old name gone: the new one is read")
        let moved = try XCTUnwrap(try store.entry(id: entry.id))
        XCTAssertEqual(moved.sourcePath, new.description)
        XCTAssertEqual(moved.capturedLocal, file.date)
        XCTAssertEqual(try store.indexJournalFile(at: new), .unchanged(entryID: entry.id))
        XCTAssertEqual(try store.indexJournalFile(at: old), .ignored)
        XCTAssertEqual(try store.tags(entryID: entry.id).map(\.name), ["kept"])
    }

    func testABadFileIsNamedWithItsLineAndNeverWrittenOver() throws {
        let (entry, path) = try written("Before")
        let url = path.url(in: store.library)
        let bad = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\ntags: [kept]\n", with: "\nmood: fine\n")
        try bad.write(to: url, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try store.indexJournalFile(at: path)) { error in
            XCTAssertEqual("\(error)", "\(path):5: unknown key \"mood\"")
        }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), bad)
        XCTAssertEqual(try store.entry(id: entry.id)?.text, "Before", "the index is left as it was")

        // A date edited by hand without moving the file: its name no longer says where it is.
        var file = try read(try XCTUnwrap(JournalFilePath(relative: try written("Other").0.sourcePath)))
        let named = file.path
        file.date = LocalDateTime(year: 2026, month: 11, day: 28, hour: 10, minute: 0, second: 0)!
        try file.serialized().write(to: named.url(in: store.library))
        XCTAssertThrowsError(try store.indexJournalFile(at: named)) { error in
            XCTAssertEqual("\(error)", "\(named):4: the file's id and date belong in \(file.path); move it there, or change them back")
        }
    }

    func testTheFolderIsIndexedFileByFileAndABadFileStopsNothing() throws {
        let (gone, gonePath) = try written("Removed while nothing watched")
        try FileManager.default.removeItem(at: gonePath.url(in: store.library))
        let added = "0a1b2c3d-0000-4000-8000-000000000004"
        try put(JournalFile(id: added, date: Self.november, created: "2026-01-01T00:00:00Z", text: "From elsewhere"))
        let bad = JournalFilePath(relative: "journal/2026/10/2026-10-01-0a1b2c3d.md")!
        try FileManager.default.createDirectory(
            at: bad.url(in: store.library).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a journal file\n".utf8).write(to: bad.url(in: store.library))
        // Not journal files: a temporary name, a sync tool's conflict copy, its ignore list.
        let folder = store.library.root.appendingPathComponent("journal/2026/11")
        for name in [".2026-11-29-0a1b2c3d.md.1234abcd.tmp", "2026-11-29-0a1b2c3d.sync-conflict-20261129-123456-ABCDEFG.md"] {
            try Data("junk".utf8).write(to: folder.appendingPathComponent(name))
        }
        try Data("*.tmp\n".utf8).write(to: store.library.root.appendingPathComponent("journal/.stignore"))

        var calls: [(Int, Int)] = []
        let result = try store.indexJournalFolder { calls.append(($0, $1)) }
        XCTAssertEqual(result.changes.filter { $0 != .added(entryID: added) }, [.removed(entryID: gone.id)])
        XCTAssertTrue(result.changes.contains(.added(entryID: added)))
        XCTAssertEqual(result.problems.map(\.description), ["\(bad):1: a journal file starts with a line \"---\""])
        XCTAssertEqual(calls.map(\.0), [1, 2, 3])
        XCTAssertEqual(calls.last?.1, 3)
        XCTAssertEqual(try store.entry(id: added)?.text, "From elsewhere")
        XCTAssertNil(try store.entry(id: gone.id))
        XCTAssertEqual(try store.indexJournalFolder().changes, [.unchanged(entryID: added)])
    }
}
