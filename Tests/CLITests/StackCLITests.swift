import DaybookTestSupport
import Foundation
import XCTest

/// `daybook stack` and `daybook duplicates` through the real binary, on photos ImageMagick
/// and exiftool made (Tests/Fixtures/stacks) and a real corpus photo.
final class StackCLITests: XCTestCase, DaybookCommandLineTest {
    var base: URL!
    var photos: URL!
    var library: URL { base.appendingPathComponent("library") }

    override func setUpWithError() throws {
        base = try TemporaryFolder.make("daybook-stack-cli")
        photos = base.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    private func add(_ names: [String]) throws {
        for name in names {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: photos.appendingPathComponent(name))
        }
    }

    private func json(_ run: DaybookProcess.Run) throws -> Any {
        XCTAssertEqual(run.status, 0, run.stderr)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    }

    func testDuplicatesListsCopiesWithSizesAndPathsAndDeletesNothing() throws {
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("corpus/jpg/gps/DSCN0025.jpg"), to: photos.appendingPathComponent("DSCN0025.jpg")
        )
        try add(["copy-q40.jpg", "copy-half.jpg", "different-shot.jpg", "burst-1.jpg", "burst-2.jpg"])
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)

        let answer = try XCTUnwrap(try json(try daybook("duplicates", "--json")) as? [String: Any])
        let groups = try XCTUnwrap(answer["groups"] as? [[String: Any]])
        XCTAssertEqual(groups.count, 1, "the burst frames are a stack, not duplicates; the other shot has no copy")
        let entries = try XCTUnwrap(groups.first?["entries"] as? [[String: Any]])
        let paths = entries.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } }
        XCTAssertEqual(Set(paths), ["DSCN0025.jpg", "copy-q40.jpg", "copy-half.jpg"])
        for entry in entries { XCTAssertGreaterThan(entry["file_size"] as? Int ?? 0, 1000) }

        let text = try daybook("duplicates")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("3 copies:"), text.stdout)
        XCTAssertTrue(text.stdout.contains("copy-half.jpg"), text.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: photos.path).count, 6, "nothing deleted")
        XCTAssertEqual((try json(try daybook("list", "--json")) as? [Any])?.count, 6, "every copy is still an entry")
    }

    func testStackShowCoverAndSplit() throws {
        try add(["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"])
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let listed = try XCTUnwrap(try json(try daybook("list", "--json")) as? [[String: Any]])
        XCTAssertEqual(listed.count, 3, "`list` lists every frame; the stack is one entry on the web timeline")
        let any = try XCTUnwrap(listed.first?["id"] as? String)
        let shown = try XCTUnwrap(try json(try daybook("stack", "show", "--json", String(any.prefix(8)))) as? [String: Any])
        XCTAssertEqual(shown["size"] as? Int, 3)
        let frames = try XCTUnwrap(shown["frames"] as? [[String: Any]])
        let cover = try XCTUnwrap(frames.first?["id"] as? String)
        XCTAssertEqual(shown["cover"] as? String, cover, "the earliest frame is the cover")
        XCTAssertEqual(frames.map { $0["is_cover"] as? Bool }, [true, false, false])
        XCTAssertEqual(
            frames.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } },
            ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"])
        let last = try XCTUnwrap(frames.last?["id"] as? String)
        let details = try XCTUnwrap(try json(try daybook("show", "--json", last)) as? [String: Any])
        let stack = try XCTUnwrap(details["stack"] as? [String: Any])
        XCTAssertEqual(stack["cover"] as? String, cover)
        XCTAssertEqual(stack["size"] as? Int, 3)
        XCTAssertEqual((stack["frames"] as? [String])?.last, last)
        let showText = try daybook("show", last)
        XCTAssertTrue(showText.stdout.contains("3 frames, cover \(cover.prefix(8))"), showText.stdout)

        let picked = try XCTUnwrap(try json(try daybook("stack", "cover", "--json", last)) as? [String: Any])
        XCTAssertEqual(picked["cover"] as? String, last)
        let again = try XCTUnwrap(try json(try daybook("stack", "show", "--json", cover)) as? [String: Any])
        XCTAssertEqual(again["cover"] as? String, last)
        XCTAssertEqual(again["cover_picked"] as? Bool, true)

        let split = try daybook("stack", "split", last)
        XCTAssertEqual(split.status, 0, split.stderr)
        XCTAssertTrue(split.stdout.contains("split a stack of 3 frames"), split.stdout)
        let alone = try daybook("stack", "show", cover)
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(alone.stderr.contains("is not in a stack"), alone.stderr)

        let twice = try daybook("stack", "split", last)
        XCTAssertEqual(twice.status, 1)
        XCTAssertTrue(twice.stderr.contains("is not in a stack"), twice.stderr)
    }

    /// `export json` carries the stacks and the user's cover; `import` gives them back, and
    /// refuses an archive whose stack has two covers (it would break the timeline).
    func testStacksSurviveExportAndImport() throws {
        try add(["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"])
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let listed = try XCTUnwrap(try json(try daybook("list", "--json")) as? [[String: Any]])
        let any = try XCTUnwrap(listed.first?["id"] as? String)
        let before = try XCTUnwrap(try json(try daybook("stack", "show", "--json", any)) as? [String: Any])
        let frames = try XCTUnwrap(before["frames"] as? [[String: Any]])
        let last = try XCTUnwrap(frames.last?["id"] as? String)
        XCTAssertEqual(try daybook("stack", "cover", last).status, 0)

        let archive = base.appendingPathComponent("journal.json")
        let export = try daybook("export", "json", archive.path)
        XCTAssertEqual(export.status, 0, export.stderr)
        let moved = try DaybookProcess.run(["import", archive.path], library: base.appendingPathComponent("moved"))
        XCTAssertEqual(moved.status, 0, moved.stderr)
        let after = try DaybookProcess.run(["stack", "show", "--json", last], library: base.appendingPathComponent("moved"))
        let shown = try XCTUnwrap(try json(after) as? [String: Any])
        XCTAssertEqual(shown["cover"] as? String, last)
        XCTAssertEqual(shown["cover_picked"] as? Bool, true)
        XCTAssertEqual(shown["size"] as? Int, 3)

        // Hostile: every frame claims to be the cover.
        var text = try String(contentsOf: archive, encoding: .utf8)
        text = text.replacingOccurrences(of: #""is_cover" : false"#, with: #""is_cover" : true"#)
        let forged = base.appendingPathComponent("forged.json")
        try text.write(to: forged, atomically: true, encoding: .utf8)
        let refused = try DaybookProcess.run(["import", forged.path], library: base.appendingPathComponent("forged"))
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("has 3 covers"), refused.stderr)
    }
}
