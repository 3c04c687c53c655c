import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Through the real binary: a person's changes of photo entries (words, tags, a date, a stack
/// choice) reach their journal files, read back with the strict parser; a restore from the
/// trash brings them back; an old library gets its files on its first read-write open.
final class PhotoJournalFileCLITests: XCTestCase, DaybookCommandLineTest {
    var base: URL!
    var photos: URL { base.appendingPathComponent("photos") }
    var library: URL { base.appendingPathComponent("library") }

    override func setUpWithError() throws {
        base = try TemporaryFolder.make("daybook-photo-files-cli")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    private func json(_ arguments: String...) throws -> Any {
        let run = try daybook(arguments + ["--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    }

    private func entries() throws -> [[String: Any]] { try XCTUnwrap(try json("list") as? [[String: Any]]) }

    /// Every journal file, parsed, by the entry id it names.
    private func journalFiles() throws -> [String: JournalFile] {
        let folder = library.appendingPathComponent("journal")
        var files: [String: JournalFile] = [:]
        for relative in (FileManager.default.subpaths(atPath: folder.path) ?? []) where relative.hasSuffix(".md") {
            let file = try JournalFileParser.parse(try Data(contentsOf: folder.appendingPathComponent(relative)), path: relative)
            files[file.id] = file
        }
        return files
    }

    private func copy(_ fixture: String, as name: String? = nil) throws {
        let source = Repository.fixtures.appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: source, to: photos.appendingPathComponent(name ?? source.lastPathComponent))
    }

    func testEditsOfAPhotoEntryReachItsFileAndComeBackFromTheTrash() throws {
        try copy("corpus/jpg/gps/DSCN0025.jpg")
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let photo = try XCTUnwrap(try entries().first)
        let id = try XCTUnwrap(photo["id"] as? String)
        let hash = try XCTUnwrap(photo["content_hash"] as? String)
        XCTAssertEqual(try journalFiles().count, 0, "a photo entry with nothing of the person's has no file")

        let edit = try daybook("edit", id, "--text", "Harbour\nwith gulls", "--add-tag", "sea", "--date", "2021-06-05 14:30")
        XCTAssertEqual(edit.status, 0, edit.stderr)
        let autoTags = try XCTUnwrap(try json("show", id) as? [String: Any])["tags"] as? [[String: Any]] ?? []
        let automatic = autoTags.filter { $0["source"] as? String == "auto" }.compactMap { $0["name"] as? String }
        let removed = automatic.first ?? "outdoor"
        XCTAssertEqual(try daybook("edit", id, "--remove-tag", removed).status, 0)

        var file = try XCTUnwrap(try journalFiles()[id])
        XCTAssertEqual(file.text, "Harbour\nwith gulls")
        XCTAssertEqual(file.tags, ["sea"])
        XCTAssertEqual(file.removedTags, [removed])
        XCTAssertTrue(file.dateSetByHand)
        XCTAssertFalse(file.placeSetByHand)
        XCTAssertEqual(file.date.iso8601, "2021-06-05T14:30:00")
        XCTAssertEqual(file.photo, JournalFile.PhotoReference(contentHash: hash, fileName: "DSCN0025.jpg"))
        XCTAssertEqual(file.path.description, "journal/2021/06/2021-06-05-\(id.prefix(8)).md")

        XCTAssertEqual(try daybook("delete", "--yes", id).status, 0)
        let tombstone = try XCTUnwrap(try journalFiles()[id])
        XCTAssertNotNil(tombstone.deleted)
        XCTAssertEqual(tombstone.removedTags, [removed])

        let restore = try daybook("trash", "restore", String(id.prefix(8)))
        XCTAssertEqual(restore.status, 0, restore.stderr)
        let back = try XCTUnwrap(try entries().first { $0["content_hash"] as? String == hash })
        let backID = try XCTUnwrap(back["id"] as? String)
        XCTAssertEqual(back["text"] as? String, "Harbour\nwith gulls")
        XCTAssertEqual(back["captured_local"] as? String, "2021-06-05T14:30:00", "the date set by hand came back")
        let backTags = try XCTUnwrap(try json("show", backID) as? [String: Any])["tags"] as? [[String: Any]] ?? []
        XCTAssertFalse(backTags.contains { $0["name"] as? String == removed }, "the removed tag stays removed")
        let files = try journalFiles()
        XCTAssertNil(files[id], "the tombstone went")
        file = try XCTUnwrap(files[backID])
        XCTAssertEqual(file.text, "Harbour\nwith gulls")
        XCTAssertEqual(file.tags, ["sea"])
        XCTAssertEqual(file.removedTags, [removed])
        XCTAssertTrue(file.dateSetByHand)
    }

    func testACoverPickedAndASplitReachTheFrames() throws {
        for name in ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"] { try copy("stacks/\(name)") }
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let ids = try entries().compactMap { $0["id"] as? String }
        XCTAssertEqual(ids.count, 3)
        let shown = try XCTUnwrap(try json("stack", "show", ids[0]) as? [String: Any])
        let last = try XCTUnwrap((shown["frames"] as? [[String: Any]])?.last?["id"] as? String)
        XCTAssertEqual(try daybook("stack", "cover", last).status, 0)
        XCTAssertEqual(try journalFiles().mapValues(\.stackChoice), [last: .cover])

        XCTAssertEqual(try daybook("stack", "split", ids[0]).status, 0)
        let files = try journalFiles()
        XCTAssertEqual(Set(files.keys), Set(ids))
        for id in ids { XCTAssertEqual(files[id]?.stackChoice, .split, id) }
    }

    /// A library from before photo entries had files: many entries with words in the index
    /// alone. The first read-write command writes their files, saying so on standard error; a
    /// read-only one leaves the library as it is.
    func testAnOldLibraryGetsItsFilesOnceWithAProgressLine() throws {
        try copy("corpus/jpg/gps/DSCN0025.jpg")
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let count = JournalStore.photoJournalFilesWorthNoting + 5
        // Copies of the photo's row with words of their own, stored as an older version did:
        // in the index alone (an insert writes no file).
        let store = try JournalStore(library: Library(root: library))
        let template = try XCTUnwrap(try store.entries().first)
        let copies = (0..<count).map { index in
            var copy = template
            copy.id = String(format: "%08x-0000-4000-8000-000000000000", index + 1)
            copy.contentHash = String(format: "%064d", index)
            copy.text = "Words \(index)"
            copy.thumbnail = nil
            return copy
        }
        XCTAssertEqual(try store.insert(batch: copies), count)
        let sqlite = try Process.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            arguments: [
                library.appendingPathComponent("journal.sqlite").path, "DELETE FROM setting WHERE key = 'photo_journal_files_written'",
            ])
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)

        let query = try daybook("search", "Words")
        XCTAssertEqual(query.status, 0, query.stderr)
        XCTAssertEqual(try journalFiles().count, 0, "a command that only reads writes nothing")

        let write = try daybook("write", "--text", "A new day", "--date", "2024-01-02 10:00")
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertTrue(
            write.stderr.contains("daybook: writing the journal files of \(count) photo entries with words, tags or choices"),
            write.stderr)
        XCTAssertTrue(write.stderr.contains("journal files: \(count) of \(count)"), write.stderr)
        let files = try journalFiles()
        XCTAssertEqual(files.count, count + 1)
        XCTAssertEqual(files["00000008-0000-4000-8000-000000000000"]?.text, "Words 7")

        let again = try daybook("write", "--text", "Another day", "--date", "2024-01-03 10:00")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("journal files"), again.stderr)
    }
}
