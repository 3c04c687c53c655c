import DaybookTestSupport
import Foundation
import XCTest

/// `daybook delete` and `daybook trash` through the real binary: a deleted entry stays deleted
/// through later ingests, and its words and tags come back from its tombstone.
final class TrashCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }
    var photos: URL { folder.appendingPathComponent("photos") }

    override func setUpWithError() throws {
        folder = try temporaryFolder("daybook-trash")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["01-paris-2019-07.jpg", "02-rio-2020-01.jpg", "03-newyork-2021-03.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.sampleSquares.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
    }

    func json(_ arguments: String...) throws -> Any {
        let run = try daybook(arguments + ["--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    }

    func entries() throws -> [[String: Any]] { try XCTUnwrap(try json("list") as? [[String: Any]]) }

    func trash() throws -> [[String: Any]] { try XCTUnwrap(try json("trash") as? [[String: Any]]) }

    func tagNames(_ entry: [String: Any]) -> [String] {
        (entry["tags"] as? [[String: Any]] ?? []).filter { $0["source"] as? String == "user" }.compactMap { $0["name"] as? String }
    }

    func testADeletedPhotoStaysOutOfIngestAndComesBackWithItsWordsAndTag() throws {
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let paris = try XCTUnwrap(try entries().first { ($0["source_path"] as? String)?.hasSuffix("01-paris-2019-07.jpg") == true })
        let id = try XCTUnwrap(paris["id"] as? String)
        let hash = try XCTUnwrap(paris["content_hash"] as? String)
        XCTAssertEqual(try daybook("edit", id, "--text", "Bastille day\nfireworks", "--add-tag", "fireworks").status, 0)
        XCTAssertEqual(try daybook("delete", "--yes", id).status, 0)

        let again = try daybook("ingest", photos.path)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("0 new, 2 already in the journal"), again.stdout)
        XCTAssertTrue(again.stdout.contains("1 skipped (1 deleted before, left out)"), again.stdout)
        let report = try XCTUnwrap(try json("ingest", photos.path) as? [String: Any])
        XCTAssertEqual(report["new"] as? Int, 0)
        XCTAssertEqual(report["deleted_before"] as? Int, 1)
        XCTAssertEqual(try entries().count, 2)

        let trashed = try XCTUnwrap(try trash().first)
        XCTAssertEqual(trashed["id"] as? String, id)
        XCTAssertEqual(trashed["title"] as? String, "Bastille day")
        XCTAssertEqual(trashed["has_words"] as? Bool, true)
        let listed = try daybook("trash")
        XCTAssertTrue(listed.stdout.contains("\(id.prefix(8))  Bastille day  deleted "), listed.stdout)
        let tombstone = library.appendingPathComponent(try XCTUnwrap(trashed["journal_path"] as? String))
        let bytes = try String(contentsOf: tombstone, encoding: .utf8)
        XCTAssertTrue(bytes.contains("\nid: \(id)\n"), bytes)
        XCTAssertTrue(bytes.contains("\ntags: [fireworks]\nphoto: \(hash) \"01-paris-2019-07.jpg\"\ncreated: "), bytes)
        XCTAssertNotNil(bytes.firstMatch(of: /\ndeleted: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n---\nBastille day\nfireworks\n$/), bytes)

        let restore = try daybook("trash", "restore", String(id.prefix(8)))
        XCTAssertEqual(restore.status, 0, restore.stderr)
        XCTAssertTrue(restore.stdout.contains("its photo ingested again"), restore.stdout)
        let back = try XCTUnwrap(try entries().first { $0["content_hash"] as? String == hash })
        XCTAssertEqual(back["text"] as? String, "Bastille day\nfireworks")
        XCTAssertEqual(tagNames(back), ["fireworks"])
        XCTAssertEqual(try trash().count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tombstone.path))

        let third = try daybook("ingest", photos.path)
        XCTAssertTrue(third.stdout.contains("0 new, 3 already in the journal"), third.stdout)
        XCTAssertEqual(try entries().filter { $0["content_hash"] as? String == hash }.count, 1)
    }

    func testATextEntryIsRestoredUnderItsIdFromItsFile() throws {
        let written = try XCTUnwrap(
            try json("write", "--text", "Rainy Sunday\nbooks", "--date", "2024-03-10 15:00", "--tag", "home") as? [String: Any])
        let id = try XCTUnwrap(written["id"] as? String)
        let file = library.appendingPathComponent(try XCTUnwrap(written["source_path"] as? String))
        XCTAssertEqual(try daybook("delete", "--yes", id).status, 0)
        XCTAssertEqual(try entries().count, 0)
        let tombstone = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(tombstone.contains("\ntags: [home]\n"), tombstone)
        XCTAssertTrue(tombstone.contains("\ndeleted: "), tombstone)
        XCTAssertTrue(tombstone.hasSuffix("---\nRainy Sunday\nbooks\n"), tombstone)

        XCTAssertEqual(try daybook("trash", "restore", String(id.prefix(6))).status, 0)
        let back = try XCTUnwrap(try entries().first)
        XCTAssertEqual(back["id"] as? String, id)
        XCTAssertEqual(back["text"] as? String, "Rainy Sunday\nbooks")
        XCTAssertEqual(back["captured_local"] as? String, "2024-03-10T15:00:00")
        XCTAssertEqual(tagNames(back), ["home"])
        let restored = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(restored.contains("deleted:"), restored)
        XCTAssertEqual(try trash().count, 0)
        XCTAssertEqual(try daybook("trash", "restore", String(id.prefix(6))).status, 1, "no longer in the trash")
    }

    func testEmptyingTheTrashDropsTheWordsAndKeepsThePhotoOut() throws {
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let id = try XCTUnwrap(try entries().first?["id"] as? String)
        XCTAssertEqual(try daybook("edit", id, "--text", "Words to forget").status, 0)
        XCTAssertEqual(try daybook("delete", "--yes", id).status, 0)
        let kept = try daybook("trash", "empty")
        XCTAssertTrue(kept.stdout.contains("emptied 0 entries"), "deleted just now, under 30 days: \(kept.stdout)")

        let emptied = try daybook("trash", "empty", "--older-than", "0")
        XCTAssertTrue(emptied.stdout.contains("emptied 1 entry"), emptied.stdout)
        let trashed = try XCTUnwrap(try trash().first)
        XCTAssertEqual(trashed["has_words"] as? Bool, false)
        let bytes = try String(
            contentsOf: library.appendingPathComponent(try XCTUnwrap(trashed["journal_path"] as? String)), encoding: .utf8)
        XCTAssertFalse(bytes.contains("Words to forget"), bytes)
        XCTAssertTrue(bytes.contains("\nphoto: "), bytes)
        XCTAssertTrue(bytes.hasSuffix("\ndeleted: \(try XCTUnwrap(trashed["deleted_at"] as? String))\n---\n"), bytes)
        XCTAssertEqual(try daybook("trash", "restore", id).status, 1)
        let again = try daybook("ingest", photos.path)
        XCTAssertTrue(again.stdout.contains("1 skipped (1 deleted before, left out)"), again.stdout)
    }

    func testAHandEditedTombstoneIsRefusedWithItsLineAndNotOverwritten() throws {
        let written = try XCTUnwrap(try json("write", "--text", "Kept words", "--date", "2024-03-10 15:00") as? [String: Any])
        let id = try XCTUnwrap(written["id"] as? String)
        let file = library.appendingPathComponent(try XCTUnwrap(written["source_path"] as? String))
        XCTAssertEqual(try daybook("delete", "--yes", id).status, 0)
        var bytes = try String(contentsOf: file, encoding: .utf8)
        bytes = bytes.replacingOccurrences(of: "\ndeleted: ", with: "\nmood: happy\ndeleted: ")
        try Data(bytes.utf8).write(to: file)

        for arguments in [["trash", "restore", id], ["trash", "empty", "--older-than", "0"]] {
            let run = try daybook(arguments)
            XCTAssertEqual(run.status, 1, run.stdout)
            XCTAssertNotNil(run.stderr.firstMatch(of: /\.md:\d+: unknown key "mood"/), run.stderr)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), bytes)
        }
        XCTAssertEqual(try entries().count, 0)
        XCTAssertEqual(try trash().count, 1)
    }
}
