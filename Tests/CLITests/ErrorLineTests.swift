import DaybookTestSupport
import Foundation
import XCTest

/// Every failure, the library's or the command line's own, is one `daybook: error: …` line
/// on standard error, nothing on standard output, and exit status 1.
final class ErrorLineTests: XCTestCase, DaybookCommandLineTest {
    var base: URL!
    var library: URL { base.appendingPathComponent("library") }

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func assertErrorLine(_ run: DaybookProcess.Run, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 1, run.stderr, file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
        XCTAssertEqual(run.stderr, "daybook: error: \(expected)\n", file: file, line: line)
    }

    /// The library says the journal is empty; the command line adds how to fill it.
    func testAnEmptyLibraryTellsHowToFillIt() throws {
        let hint = "the journal at \(library.path) is empty (run `daybook ingest PATH` first)"
        assertErrorLine(try daybook("list"), "no journal at \(library.path): run `daybook ingest FOLDER` first, or pass --library")
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path), "a reading command creates no library")

        let emptyFolder = base.appendingPathComponent("no-photos")
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
        XCTAssertEqual(try daybook("ingest", emptyFolder.path).status, 0)
        assertErrorLine(try daybook("list"), hint)
        assertErrorLine(try daybook("latest"), hint)
    }

    func testTheCommandLinesOwnFailuresAreOneLine() throws {
        let photo = Repository.sampleSquares.appendingPathComponent("08-no-exif.jpg")
        XCTAssertEqual(try daybook("ingest", photo.path).status, 0)
        let entries = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("list", "--json").stdout.utf8)) as? [[String: Any]])
        let id = try XCTUnwrap(entries.first?["id"] as? String)

        assertErrorLine(
            try daybook("edit", id, "--editor", environment: ["EDITOR": "false", "VISUAL": ""]),
            "the editor (false) exited with status 1; nothing changed")
        // An editor that takes the file away: the error names the file it was to read back.
        let removed = try daybook("edit", id, "--editor", environment: ["EDITOR": "rm", "VISUAL": ""])
        XCTAssertEqual(removed.status, 1)
        XCTAssertTrue(
            removed.stderr.hasPrefix("daybook: error: cannot read \(FileManager.default.temporaryDirectory.path)"), removed.stderr)
        XCTAssertTrue(removed.stderr.contains(".txt: "), removed.stderr)
        XCTAssertEqual(removed.stderr.filter { $0 == "\n" }.count, 1, removed.stderr)
        assertErrorLine(try daybook("search", "--near", id), "entry \(id.prefix(8)) has no place to search near")

        let missing = base.appendingPathComponent("no-such-folder/export.json")
        let export = try daybook("export", "json", missing.path)
        XCTAssertEqual(export.status, 1)
        XCTAssertTrue(export.stderr.hasPrefix("daybook: error: cannot write \(missing.path): "), export.stderr)
        XCTAssertEqual(export.stderr.filter { $0 == "\n" }.count, 1, export.stderr)

        let absent = base.appendingPathComponent("absent.json")
        let read = try daybook("import", absent.path)
        XCTAssertEqual(read.status, 1)
        XCTAssertTrue(read.stderr.hasPrefix("daybook: error: cannot read \(absent.path): "), read.stderr)
        XCTAssertEqual(read.stderr.filter { $0 == "\n" }.count, 1, read.stderr)
    }
}
