import DaybookTestSupport
import Foundation
import XCTest

/// The real `daybook` on a photo whose EXIF Make would retitle and recolour a terminal and
/// on file names holding line breaks: no human-readable output carries a raw control
/// character, while `--json` keeps the exact bytes (docs/terminal-text.md).
final class TerminalTextCLITests: XCTestCase, DaybookCommandLineTest {
    /// OSC title, BEL, SGR red background, then a CR/LF that would start a forged line.
    static let hostileMake = "\u{1B}]0;TITLE\u{07}\u{1B}[41mEvil\r\ninfo: FORGED\u{202E}gpj"
    static let escapedMake = "\\e]0;TITLE\\a\\e[41mEvil\\r\\ninfo: FORGED\\u{202E}gpj"

    var base: URL!
    var library: URL { base.appendingPathComponent("library") }
    var photos: URL { base.appendingPathComponent("photos") }

    override func setUpWithError() throws {
        base = try TemporaryFolder.make("daybook-terminal-text")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    /// No byte that steers a terminal or ends a line, other than the line's own final LF.
    func assertNoRawControls(_ output: String, lines: Int? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let forbidden = output.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x202E
        }
        XCTAssertEqual(forbidden.map(\.value), [], output, file: file, line: line)
        XCTAssertFalse(output.split(separator: "\n").contains { $0.hasPrefix("info: FORGED") }, output, file: file, line: line)
        if let lines { XCTAssertEqual(output.split(separator: "\n").count, lines, output, file: file, line: line) }
    }

    func ingestHostilePhoto() throws -> String {
        let plain = try Data(contentsOf: Repository.sampleSquares.appendingPathComponent("08-no-exif.jpg"))
        let name = "evil\n\u{1B}[31mname.jpg"
        try Data(ExifBytes.withExif(make: Self.hostileMake, date: "2024:03:05 10:00:00", into: [UInt8](plain)))
            .write(to: photos.appendingPathComponent(name))
        let ingest = try daybook("ingest", photos.path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        assertNoRawControls(ingest.stdout + ingest.stderr)
        let entries = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("list", "--json").stdout.utf8)) as? [[String: Any]])
        return try XCTUnwrap(entries.first?["id"] as? String)
    }

    func testShowListAndSearchEscapeTheMakeAndTheFileName() throws {
        let id = try ingestHostilePhoto()
        let edit = try daybook("edit", id, "--text", "first line\nsecond \u{1B}[2J line", "--add-tag", "evil")
        XCTAssertEqual(edit.status, 0, edit.stderr)

        let show = try daybook("show", id)
        XCTAssertEqual(show.status, 0, show.stderr)
        assertNoRawControls(show.stdout)
        XCTAssertTrue(show.stdout.contains("camera       \(Self.escapedMake)"), show.stdout)
        XCTAssertTrue(show.stdout.contains("/evil\\n\\e[31mname.jpg\n"), show.stdout)
        // The entry's own text keeps its lines, indented under the label, each escaped.
        XCTAssertTrue(show.stdout.contains("text         first line\n             second \\e[2J line\n"), show.stdout)

        let list = try daybook("list")
        XCTAssertEqual(list.status, 0, list.stderr)
        assertNoRawControls(list.stdout, lines: 2)
        let search = try daybook("search", "evil")
        XCTAssertEqual(search.status, 0, search.stderr)
        assertNoRawControls(search.stdout, lines: 2)
        let tag = try daybook("tag", id, "--add", "more")
        XCTAssertEqual(tag.status, 0, tag.stderr)
        assertNoRawControls(tag.stdout, lines: 1)

        // --json keeps the exact bytes (JSON's own escapes only).
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("show", id, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["camera_make"] as? String, Self.hostileMake)
        XCTAssertEqual((json["source_path"] as? String)?.hasSuffix("/evil\n\u{1B}[31mname.jpg"), true)
    }

    func testIngestErrorLinesEscapeTheFileName() throws {
        let name = "bad\n\u{1B}]0;OWNED\u{07}.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00]).write(to: photos.appendingPathComponent(name))
        let ingest = try daybook("ingest", photos.path)
        XCTAssertEqual(ingest.status, 1, ingest.stderr)
        assertNoRawControls(ingest.stderr, lines: 1)
        XCTAssertTrue(ingest.stderr.hasPrefix("daybook: error: \(photos.path)/bad\\n\\e]0;OWNED\\a.jpg: "), ingest.stderr)
        // A folder that does not exist: the command's own error line escapes the argument too.
        let missing = try daybook("ingest", base.appendingPathComponent("no\rsuch").path)
        assertNoRawControls(missing.stderr, lines: 1)
        XCTAssertTrue(missing.stderr.contains("no\\rsuch"), missing.stderr)
    }

    /// Every human-readable line of the CLI goes through `Console`: a new command cannot print
    /// around it.
    func testTheCommandLinePrintsOnlyThroughConsole() throws {
        let folder = Repository.root.appendingPathComponent("Sources/daybook")
        let pattern = try NSRegularExpression(
            pattern: #"(^|[^.\w])(?<!func )print\(|Swift\.print\(|FileHandle\.standard(Output|Error)\.write"#)
        var offenders: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "Console.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = String(line).trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                if pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    offenders.append("\(name): \(code)")
                }
            }
        }
        XCTAssertEqual(offenders, [], "print through Console.output / Console.writeError (TerminalText)")
    }
}
