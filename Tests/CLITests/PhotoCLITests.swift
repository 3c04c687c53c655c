import DaybookTestSupport
import Foundation
import XCTest

/// `daybook photo attach|detach|replace` through the real binary: words take a photo and give
/// it back with nothing lost, the journal file follows, and what makes no sense is refused
/// with both entries as they were.
final class PhotoCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }

    override func setUpWithError() throws { folder = try temporaryFolder("daybook-photo") }

    func sample(_ name: String) throws -> String {
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Repository.sampleSquares.appendingPathComponent(name), to: copy)
        return copy.path
    }

    func json(_ arguments: String...) throws -> [String: Any] {
        let run = try daybook(arguments + ["--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    func ids() throws -> Set<String> {
        let run = try daybook("list", "--json")
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        return Set(entries.compactMap { $0["id"] as? String })
    }

    /// The only entry `ingest FILE` made of `path`.
    func ingested(_ path: String) throws -> String {
        let before = try ids()
        XCTAssertEqual(try daybook("ingest", path).status, 0)
        return try XCTUnwrap(try ids().subtracting(before).first)
    }

    func testWordsTakeAPhotoAndGiveItBackWithNothingLost() throws {
        let words = try json("write", "--text", "Harbour at dusk", "--date", "2024-05-17 20:00", "--tag", "evening")
        let id = try XCTUnwrap(words["id"] as? String)
        let file = library.appendingPathComponent(try XCTUnwrap(words["source_path"] as? String))
        let paris = try sample("01-paris-2019-07.jpg")
        let photo = try ingested(paris)

        let attached = try json("photo", "attach", String(id.prefix(6)), String(photo.prefix(8)))
        let entry = try XCTUnwrap(attached["entry"] as? [String: Any])
        XCTAssertEqual(entry["id"] as? String, id)
        XCTAssertEqual(entry["media"] as? String, "photo")
        XCTAssertEqual(entry["text"] as? String, "Harbour at dusk")
        XCTAssertEqual(entry["source_path"] as? String, paris)
        XCTAssertEqual(entry["captured_local"] as? String, "2024-05-17T20:00:00", "the words keep their date")
        XCTAssertEqual(entry["place_name"] as? String, "Paris", "and take the photo's place, having none")
        XCTAssertNotNil(entry["thumbnail"] as? String)
        XCTAssertEqual(attached["removed_entry"] as? String, photo)
        XCTAssertEqual(try ids(), [id])
        let hash = try XCTUnwrap(entry["content_hash"] as? String)
        var bytes = try String(contentsOf: file, encoding: .utf8)
        // The words' date is the person's, not the photo's: the file says so, for a rebuild.
        XCTAssertTrue(
            bytes.contains("\ntags: [evening]\nset_by_hand: [date]\nphoto: \(hash) \"01-paris-2019-07.jpg\"\ncreated: "), bytes)
        XCTAssertTrue(bytes.hasSuffix("---\nHarbour at dusk\n"), bytes)
        let tags = (entry["tags"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertTrue(tags.contains("blue") && tags.contains("evening"), "\(tags)")

        // An edit of the words keeps the file, photo line and all.
        XCTAssertEqual(try daybook("edit", id, "--text", "Harbour at dusk, Paris").status, 0)
        bytes = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(bytes.contains("\nphoto: \(hash) "), bytes)
        XCTAssertTrue(bytes.hasSuffix("---\nHarbour at dusk, Paris\n"), bytes)

        let detached = try json("photo", "detach", id)
        let kept = try XCTUnwrap(detached["entry"] as? [String: Any])
        let own = try XCTUnwrap(detached["photo"] as? [String: Any])
        XCTAssertEqual(kept["id"] as? String, id)
        XCTAssertEqual(kept["media"] as? String, "text")
        XCTAssertEqual(kept["text"] as? String, "Harbour at dusk, Paris")
        XCTAssertEqual(kept["source_path"] as? String, "journal/2024/05/2024-05-17-\(id.prefix(8)).md")
        XCTAssertNil(kept["thumbnail"] as? String)
        XCTAssertEqual(own["source_path"] as? String, paris)
        XCTAssertEqual(own["text"] as? String, "")
        XCTAssertEqual(own["captured_local"] as? String, "2019-07-14T10:30:00", "the photo's own date, read from its file")
        XCTAssertEqual(own["place_name"] as? String, "Paris")
        XCTAssertEqual(own["thumbnail"] as? String, entry["thumbnail"] as? String)
        let ownTags = (own["tags"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(Set(ownTags), Set(tags).subtracting(["evening"]), "the automatic tags go with the photo")
        XCTAssertEqual((kept["tags"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["evening"])
        bytes = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(bytes.contains("photo:"), bytes)
        XCTAssertTrue(bytes.contains("\ntags: [evening]\n"), bytes)
        XCTAssertEqual(try ids().count, 2)
        XCTAssertTrue(FileManager.default.fileExists(atPath: paris))
        let show = try daybook("show", try XCTUnwrap(own["id"] as? String))
        XCTAssertEqual(show.status, 0, show.stderr)
    }

    func testReplaceTakesAFileAndWhatMakesNoSenseIsRefusedWithNothingChanged() throws {
        let words = try json("write", "--text", "Two cities", "--date", "2024-05-17 20:00")
        let id = try XCTUnwrap(words["id"] as? String)
        let file = library.appendingPathComponent(try XCTUnwrap(words["source_path"] as? String))
        let paris = try sample("01-paris-2019-07.jpg")
        let attach = try daybook("photo", "attach", id, paris)
        XCTAssertEqual(attach.status, 0, attach.stderr)
        XCTAssertTrue(attach.stdout.hasPrefix("\(id.prefix(8)) has the photo \(paris); entry "), attach.stdout)
        XCTAssertEqual(try ids(), [id], "the file was ingested, then its entry merged into the words")

        let york = try sample("03-newyork-2021-03.jpg")
        let replaced = try json("photo", "replace", id, york)
        XCTAssertEqual((replaced["entry"] as? [String: Any])?["source_path"] as? String, york)
        XCTAssertEqual((replaced["photo"] as? [String: Any])?["source_path"] as? String, paris)
        XCTAssertEqual(try ids().count, 2)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("\"03-newyork-2021-03.jpg\""))

        // A photo whose entry holds words of its own is refused, and so is one in nobody's way.
        let rio = try ingested(try sample("02-rio-2020-01.jpg"))
        XCTAssertEqual(try daybook("edit", rio, "--text", "Carnival").status, 0)
        let text = try json("write", "--text", "Lone words", "--date", "2024-06-01 09:00")
        let lone = try XCTUnwrap(text["id"] as? String)
        let loneFile = library.appendingPathComponent(try XCTUnwrap(text["source_path"] as? String))
        let before = (try Data(contentsOf: loneFile), try ids())
        let refusals: [([String], String)] = [
            (
                ["attach", lone, rio],
                "entry \(rio.prefix(8)) holds words: its photo would take it along; remove it, or write on that entry instead"
            ),
            (
                ["attach", id, rio],
                "entry \(id.prefix(8)) has a photo already: `daybook photo replace \(id.prefix(8)) \(rio.prefix(8))` changes it"
            ),
            (["attach", lone, lone], "entry \(lone.prefix(8)) cannot take its own photo"),
            (["detach", lone], "entry \(lone.prefix(8)) has no photo to detach"),
        ]
        for (arguments, message) in refusals {
            let run = try daybook(["photo"] + arguments)
            XCTAssertEqual(run.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, "daybook: error: \(message)\n")
        }
        XCTAssertEqual(try Data(contentsOf: loneFile), before.0)
        XCTAssertEqual(try ids(), before.1)

        let mumbai = try sample("10-mumbai-2023-08.jpg")
        let plain = try ingested(mumbai)
        let noWords = try daybook("photo", "detach", plain)
        XCTAssertEqual(
            noWords.stderr, "daybook: error: entry \(plain.prefix(8)) has no words to keep apart from its photo: nothing to detach\n")

        // The photo's file gone: its date cannot be read again, so it stays on the words.
        try FileManager.default.removeItem(atPath: york)
        let gone = try daybook("photo", "detach", id)
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.hasPrefix("daybook: error: cannot read the photo of entry \(id.prefix(8)) again (\(york): "), gone.stderr)
        XCTAssertTrue(gone.stderr.hasSuffix("): nothing was changed\n"), gone.stderr)
        XCTAssertEqual(try ids(), before.1.union([plain]))

        let broken = folder.appendingPathComponent("broken.jpg")
        try Data("not a photo".utf8).write(to: broken)
        let bad = try daybook("photo", "attach", lone, broken.path)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("daybook: error: \(broken.path): "), bad.stderr)
        XCTAssertEqual(try Data(contentsOf: loneFile), before.0)
    }

    func testAStackedPhotoIsRefused() throws {
        let stacks = folder.appendingPathComponent("stacks")
        try FileManager.default.createDirectory(at: stacks, withIntermediateDirectories: true)
        for name in ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: stacks.appendingPathComponent(name))
        }
        XCTAssertEqual(try daybook("ingest", stacks.path).status, 0)
        let frame = try XCTUnwrap(try ids().first)
        let words = try json("write", "--text", "A burst", "--date", "2024-06-01 09:00")
        let id = try XCTUnwrap(words["id"] as? String)
        let run = try daybook("photo", "attach", id, frame)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "daybook: error: entry \(frame.prefix(8)) is in a stack of burst photos: split it first (`daybook stack split \(frame.prefix(8))`)\n"
        )
    }
}
