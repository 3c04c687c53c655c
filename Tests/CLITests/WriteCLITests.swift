import DaybookTestSupport
import Foundation
import XCTest

/// `daybook write` through the real binary: a text entry is a journal file and an entry that
/// every reading command finds.
final class WriteCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }

    override func setUpWithError() throws { folder = try temporaryFolder("daybook-write") }

    /// The id and the journal file `write` printed.
    func written(_ run: DaybookProcess.Run) throws -> (id: String, file: URL) {
        XCTAssertEqual(run.status, 0, run.stderr)
        let match = try XCTUnwrap(run.stdout.wholeMatch(of: /([0-9a-f]{8}) written to (\S+\.md)\n/), run.stdout)
        return (String(match.output.1), URL(fileURLWithPath: String(match.output.2)))
    }

    /// `daybook arguments` with `producer`'s output on its standard input, through the shell.
    func piped(_ producer: String, into arguments: String) throws -> DaybookProcess.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(producer) | \"$DAYBOOK_BIN\" \(arguments)"]
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_BIN"] = DaybookProcess.executable.path
        environment["DAYBOOK_LIBRARY"] = library.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return DaybookProcess.Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: "")
    }

    func entries(_ arguments: String...) throws -> [[String: Any]] {
        let run = try daybook(arguments + ["--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], run.stdout)
    }

    func testAWrittenEntryIsAFileThatListSearchAndShowFind() throws {
        let run = try daybook("write", "--text", "Lunch by the river\nwith Ana", "--tag", "lunch", "--date", "2024-05-17 12:30")
        let (id, file) = try written(run)
        XCTAssertEqual(file.path, library.path + "/journal/2024/05/2024-05-17-\(id).md")
        let bytes = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(bytes.hasPrefix("---\nversion: 1\nid: \(id)"), bytes)
        XCTAssertTrue(bytes.contains("\ndate: 2024-05-17T12:30:00\n"), bytes)
        XCTAssertTrue(bytes.contains("\ntags: [lunch]\n"), bytes)
        XCTAssertTrue(bytes.hasSuffix("\n---\nLunch by the river\nwith Ana\n"), bytes)

        let listed = try XCTUnwrap(try entries("list").first)
        XCTAssertEqual(listed["text"] as? String, "Lunch by the river\nwith Ana")
        XCTAssertEqual(listed["media"] as? String, "text")
        XCTAssertEqual(listed["source_path"] as? String, "journal/2024/05/2024-05-17-\(id).md")
        XCTAssertEqual(try entries("search", "river").compactMap { $0["id"] as? String }.map { String($0.prefix(8)) }, [id])
        XCTAssertEqual(try entries("search", "--tag", "lunch").count, 1)
        XCTAssertEqual(try entries("search", "nothing-like-it").count, 0)

        let list = try daybook("list")
        XCTAssertTrue(list.stdout.contains("Lunch by the river"), list.stdout)
        XCTAssertFalse(list.stdout.contains("with Ana"), "a list shows the title, the first line")
        let show = try daybook("show", id)
        XCTAssertTrue(show.stdout.contains("journal file journal/2024/05/2024-05-17-\(id).md"), show.stdout)
        XCTAssertFalse(show.stdout.contains("sha256"), show.stdout)
        XCTAssertFalse(show.stdout.contains("thumbnail"), show.stdout)
        // Words are no photo gone missing.
        let retag = try daybook("retag", "--json")
        XCTAssertTrue(retag.stdout.contains("\"without_pixels\" : 0"), retag.stdout)
    }

    func testStandardInputIsTheTextAndABlankTextWritesNothing() throws {
        let (id, file) = try written(try piped("printf 'Long walk\\n\\n'", into: "write --tag walk"))
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).hasSuffix("---\nLong walk\n"))
        XCTAssertEqual((try entries("list").first?["id"] as? String).map { String($0.prefix(8)) }, id)

        for blank in ["", "  \n "] {
            let run = try daybook("write", "--text", blank)
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(run.stderr, "daybook: error: the text is blank: nothing was written\n")
        }
        XCTAssertEqual(try entries("list").count, 1)
    }

    func testAPlaceNamesTheEntryGivesItsZoneAndLeavesWeatherPending() throws {
        let run = try daybook(
            "write", "--json", "--text", "Temple gardens", "--date", "2024-05-17 12:30", "--place", "Kyoto", "--tag", "Temples")
        XCTAssertEqual(run.status, 0, run.stderr)
        let entry = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(entry["place_name"] as? String, "Kyoto")
        XCTAssertEqual(entry["location_source"] as? String, "user")
        XCTAssertEqual(entry["utc_offset_seconds"] as? Int, 9 * 3600)
        XCTAssertEqual(entry["offset_source"] as? String, "place-timezone")
        XCTAssertEqual(entry["weather_status"] as? String, "pending")
        XCTAssertEqual((entry["tags"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["temples"])
        let path = try XCTUnwrap(entry["source_path"] as? String)
        let bytes = try String(contentsOf: library.appendingPathComponent(path), encoding: .utf8)
        XCTAssertTrue(bytes.contains("\nutc_offset: +09:00\nplace: \"Kyoto\"\nlatitude: "), bytes)

        let unknown = try daybook("write", "--text", "x", "--place", "Nowhereville123")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(
            unknown.stderr, "daybook: error: --place: no place called Nowhereville123 (give LAT,LON or a town's name like \"Paris, FR\")\n")
        XCTAssertEqual(try daybook("write", "--text", "x", "--place", "95,10").status, 2)
        XCTAssertEqual(try entries("list").count, 1)
    }

    func testOnThisDayFindsATextEntryAndDeleteMakesItsFileATombstone() throws {
        let (id, file) = try written(try daybook("write", "--text", "A year ago", "--date", "2023-03-14 09:00"))
        let day = try entries("on-this-day", "--date", "03-14", "--year", "2024")
        XCTAssertEqual(day.compactMap { ($0["id"] as? String).map { String($0.prefix(8)) } }, [id])
        XCTAssertEqual(try daybook("delete", "--yes", id).status, 0)
        let tombstone = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(tombstone.contains("\ndeleted: "), "the file says the entry is deleted, so a rebuild leaves it out: \(tombstone)")
        XCTAssertTrue(tombstone.hasSuffix("---\nA year ago\n"), tombstone)
        XCTAssertEqual(try entries("on-this-day", "--date", "03-14", "--year", "2024").count, 0)
    }

    func testAJSONExportImportsWithItsJournalFileAndAPathOutOfTheJournalIsRefused() throws {
        let (id, file) = try written(
            try daybook("write", "--text", "Kept in two places", "--date", "2024-05-17 12:30", "--place", "48.8566,2.3522", "--tag", "x"))
        let export = folder.appendingPathComponent("journal.json")
        XCTAssertEqual(try daybook("export", "json", export.path).status, 0)
        XCTAssertTrue(try daybook("export", "markdown", folder.appendingPathComponent("md").path).status == 0)
        let markdown = try String(contentsOf: folder.appendingPathComponent("md/2024-05.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("Kept in two places\n\nTags: #x\n\n<sub>journal/2024/05/2024-05-17-\(id).md · id "), markdown)

        let copy = folder.appendingPathComponent("copy")
        let imported = try daybook("import", export.path, library: copy)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let relative = "journal/2024/05/2024-05-17-\(id).md"
        XCTAssertEqual(try Data(contentsOf: copy.appendingPathComponent(relative)), try Data(contentsOf: file))
        let listed = try daybook("search", "two", "places", "--json", library: copy)
        XCTAssertTrue(listed.stdout.contains("\"source_path\" : \"\(relative)\""), listed.stdout)

        var archive = try String(contentsOf: export, encoding: .utf8)
        archive = archive.replacingOccurrences(of: "\"\(relative)\"", with: "\"journal/../../../outside.md\"")
        try archive.write(to: export, atomically: true, encoding: .utf8)
        let hostile = folder.appendingPathComponent("hostile")
        let refused = try daybook("import", export.path, library: hostile)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("entry.source_path: must be the entry's journal file (\(relative))"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: hostile.appendingPathComponent("journal").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("outside.md").path))
    }

    /// With a terminal and no text given, the editor writes it: `script` gives the command a
    /// terminal of its own.
    func testOnATerminalTheEditorGivesTheText() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { throw XCTSkip("no /usr/bin/script here") }
        let editor = folder.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nprintf 'Written in the editor\\n' > \"$1\"\n".write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
        let process = Process()
        process.executableURL = script
        process.arguments = ["-qec", "\"$DAYBOOK_BIN\" write --tag ed", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_BIN"] = DaybookProcess.executable.path
        environment["DAYBOOK_LIBRARY"] = library.path
        environment["EDITOR"] = editor.path
        environment["VISUAL"] = ""
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let entry = try XCTUnwrap(try entries("list").first)
        XCTAssertEqual(entry["text"] as? String, "Written in the editor")
        XCTAssertEqual((entry["tags"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["ed"])
    }
}
