import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// `daybook conflicts`, `show` and `resolve` through the real binary, on a conflict copy made
/// as Syncthing makes one.
final class ConflictsCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }
    var id = ""
    var path = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder("daybook-conflicts-cli")
        let written = try daybook("write", "--text", "Lunch\nmine", "--date", "2026-11-29 10:00:00", "--json")
        XCTAssertEqual(written.status, 0, written.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any])
        id = try XCTUnwrap(object["id"] as? String)
        path = try XCTUnwrap(object["source_path"] as? String)
    }

    var fileURL: URL { library.appendingPathComponent(path) }
    var copyURL: URL {
        fileURL.deletingLastPathComponent().appendingPathComponent(
            "2026-11-29-\(id.prefix(8)).sync-conflict-20261129-123456-ABCDEFG.md")
    }

    func makeCopy(_ text: String) throws {
        var file = try JournalFileParser.parse(try Data(contentsOf: fileURL))
        file.text = text
        file.tags = ["boat"]
        try file.serialized().write(to: copyURL)
    }

    func testNoConflictsSaysSo() throws {
        let listed = try daybook("conflicts")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "no conflicts\n")
        XCTAssertEqual(try daybook("conflicts", "--json").stdout.filter { !$0.isWhitespace }, "[]")
    }

    func testListShowAndKeepTheirs() throws {
        try makeCopy("Lunch\ntheirs")
        let listed = try daybook("conflicts")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(
            listed.stdout.hasPrefix("2026-11-29  \(id.prefix(8))  Lunch  (copy from device ABCDEFG, set aside 2026-11-29 12:34:56)\n"),
            listed.stdout)

        let shown = try daybook("conflicts", "show", String(id.prefix(5)))
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("Mine: \(path), what the journal shows\n    Lunch\n    mine\n"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("    Lunch\n    theirs\n"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("tags differs: mine \"\", theirs \"boat\""), shown.stdout)

        let json = try daybook("conflicts", "show", id, "--json")
        let conflict = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        XCTAssertEqual((conflict["theirs"] as? [String: Any])?["text"] as? String, "Lunch\ntheirs")
        XCTAssertEqual((conflict["mine"] as? [String: Any])?["path"] as? String, path)
        XCTAssertEqual(conflict["device"] as? String, "ABCDEFG")

        let resolved = try daybook("conflicts", "resolve", id, "--keep", "theirs")
        XCTAssertEqual(resolved.status, 0, resolved.stderr)
        XCTAssertEqual(resolved.stdout, "\(id.prefix(8)): resolved, removed \(copyURL.lastPathComponent)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copyURL.path))
        let entry = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("show", id, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(entry["text"] as? String, "Lunch\ntheirs")
        XCTAssertEqual(try daybook("conflicts").stdout, "no conflicts\n")
    }

    func testAMergeFromStandardInputAndUsageErrors() throws {
        try makeCopy("Lunch\ntheirs")
        XCTAssertEqual(try daybook("conflicts", "resolve", id).status, 2, "--keep or --text-file is required")
        XCTAssertEqual(try daybook("conflicts", "resolve", id, "--keep", "both").status, 2)
        let unknown = try daybook("conflicts", "show", "ffffffff")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no entry in conflict has an id starting with ffffffff"), unknown.stderr)

        let merged = folder.appendingPathComponent("merged.txt")
        try Data("Lunch\nmine and theirs\n".utf8).write(to: merged)
        let resolved = try daybook("conflicts", "resolve", id, "--text-file", merged.path, "--json")
        XCTAssertEqual(resolved.status, 0, resolved.stderr)
        let answer = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(answer["copies_left"] as? Int, 0)
        XCTAssertEqual(try JournalFileParser.parse(try Data(contentsOf: fileURL)).text, "Lunch\nmine and theirs")
    }
}
