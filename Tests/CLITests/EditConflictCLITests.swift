import DaybookTestSupport
import Foundation
import XCTest

/// Edits racing each other through the real binary: a text changed while `edit --editor` was
/// open, or since a script read its version, is never silently written over; a change of tags
/// meanwhile merges. And searches that cannot mean anything say so in one line.
final class EditConflictCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }
    var id = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder("daybook-edit-conflict")
        let photo = Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg")
        XCTAssertEqual(try daybook("ingest", photo.path).status, 0)
        id = try XCTUnwrap(try show()["id"] as? String)
        XCTAssertEqual(try daybook("edit", id, "--text", "First words").status, 0)
    }

    func show() throws -> [String: Any] {
        let run = try daybook("list", "--json")
        return try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])?.first, run.stderr)
    }

    /// An EDITOR that, while "open", has another `daybook` change the entry, then saves its own text.
    func editor(meanwhile: String, writes text: String) throws -> [String: String] {
        let script = try temporaryFolder("daybook-editor").appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        "$DAYBOOK_BIN" \(meanwhile) >/dev/null || exit 3
        printf '%s' '\(text)' > "$1"
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return ["EDITOR": script.path, "VISUAL": "", "DAYBOOK_BIN": DaybookProcess.executable.path]
    }

    func testATextChangedWhileTheEditorWasOpenIsKeptAndBothTextsAreShown() throws {
        let environment = try editor(meanwhile: "edit \(id) --text 'Written elsewhere'", writes: "Written in the editor")
        let run = try daybook("edit", id, "--editor", environment: environment)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(try show()["text"] as? String, "Written elsewhere", "the other change stays")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try XCTUnwrap(lines.first)
        XCTAssertTrue(first.hasPrefix("daybook: error: entry \(id.prefix(8)) was changed since this edit began"), first)
        let kept = try XCTUnwrap(first.firstMatch(of: /kept in (\S+\.txt)/).map { String($0.output.1) }, first)
        XCTAssertTrue(kept.hasPrefix(library.appendingPathComponent("unsaved").path + "/"), kept)
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "Written in the editor", "nothing typed is lost")
        XCTAssertEqual(
            Array(lines.dropFirst()),
            [
                "--- the journal's text now (text_version \(try XCTUnwrap(try show()["text_version"] as? String))):",
                "Written elsewhere", "--- your text, not saved:", "Written in the editor", "",
            ])
        // The command the error gives saves it.
        let version = try XCTUnwrap(try show()["text_version"] as? String)
        XCTAssertTrue(first.contains("daybook edit \(id.prefix(8)) --text-file \(kept) --if-version \(version)"), first)
        XCTAssertEqual(try daybook("edit", String(id.prefix(8)), "--text-file", kept, "--if-version", version).status, 0)
        XCTAssertEqual(try show()["text"] as? String, "Written in the editor")
    }

    func testTagsChangedWhileTheEditorWasOpenMergeWithTheText() throws {
        let environment = try editor(meanwhile: "edit \(id) --add-tag harbour", writes: "Written in the editor")
        let run = try daybook("edit", id, "--editor", environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        let entry = try show()
        XCTAssertEqual(entry["text"] as? String, "Written in the editor")
        XCTAssertEqual((entry["tags"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.contains("harbour"), true)
    }

    func testIfVersionRefusesAStaleScriptAndJSONShowsTheVersion() throws {
        let read = try XCTUnwrap(try show()["text_version"] as? String)
        XCTAssertNotNil(read.wholeMatch(of: /[0-9a-f]{16}/), read)
        XCTAssertEqual(try daybook("edit", id, "--text", "Second words", "--if-version", read).status, 0)
        let stale = try daybook("edit", id, "--text", "Third words", "--if-version", read)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stderr.contains("--- the journal's text now"), stale.stderr)
        XCTAssertEqual(try show()["text"] as? String, "Second words")
        // Without a version: the text is simply set.
        XCTAssertEqual(try daybook("edit", id, "--text", "Fourth words").status, 0)
        let edited = try daybook("edit", id, "--add-tag", "x", "--json")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["text_version"] as? String, try show()["text_version"] as? String)
        XCTAssertNotEqual(json["text_version"] as? String, read)
        let bad = try daybook("edit", id, "--text", "x", "--if-version", "nope")
        XCTAssertEqual(bad.status, 2)
    }

    /// Saving the text unchanged, as it was or with the line break an editor ends a file
    /// with, says that nothing changed and writes nothing: `updated_at` stays.
    func testSavingTheSameTextSaysNothingChanged() throws {
        let database = library.appendingPathComponent("journal.sqlite").path
        let old = "2020-01-01T00:00:00Z"
        let sqlite = try Process.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments: [database, "UPDATE entry SET updated_at = '\(old)'"])
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)
        let script = try temporaryFolder("daybook-editor").appendingPathComponent("newline.sh")
        try "#!/bin/sh\necho >> \"$1\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let version = try XCTUnwrap(try show()["text_version"] as? String)
        let unchanged = [
            ["edit", id, "--editor"], ["edit", id, "--editor"], ["edit", id, "--text", "First words"],
            ["edit", id, "--text", "First words\n", "--if-version", version],
        ]
        for (arguments, editor) in zip(unchanged, ["true", script.path, "false", "false"]) {
            let run = try DaybookProcess.run(arguments, library: library, environment: ["EDITOR": editor, "VISUAL": ""])
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "\(id.prefix(8)): nothing changed (the text is as it was)\n", "\(arguments)")
            XCTAssertEqual(run.stderr, "", "\(arguments)")
            XCTAssertEqual(try show()["updated_at"] as? String, old, "\(arguments)")
        }
        let changed = try daybook("edit", id, "--text", "Other words")
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertTrue(changed.stdout.hasPrefix("\(id.prefix(8)) updated at "), changed.stdout)
        XCTAssertNotEqual(try show()["updated_at"] as? String, old)
    }

    func testSymbolOnlyWordsMatchNothingAndSaySo() throws {
        for words in ["*", "\"", "(", "#", "🏖️"] {
            let run = try daybook("search", words)
            XCTAssertEqual(run.stdout, "", words)
            XCTAssertEqual(run.stderr, "daybook: no entries match: the words have no letters or digits to search for\n", words)
            let json = try daybook("search", words, "--json")
            XCTAssertEqual(json.stdout, try daybook("search", "zzzz", "--json").stdout, "the empty list of a search that found nothing")
        }
        XCTAssertTrue(try daybook("search", "first").stdout.contains(id.prefix(8)), "words still find")
    }

    func testTooManyTagsIsOneShortLine() throws {
        let arguments = ["search"] + (0..<999).flatMap { ["--tag", "tag\($0)"] }
        let run = try DaybookProcess.run(arguments, library: library)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "daybook: error: a search may name at most 32 tags (this one names 999)\n")
    }
}
