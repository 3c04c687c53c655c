import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import daybook

/// The list commands' output through one buffer: in the same order beside standard error, and
/// still ended quietly by a closed pipe (the line's columns: PresentationTests' `ListLineTests`).
final class ListOutputTests: XCTestCase {
    /// An export (written here, as a user's script would) of `count` entries from 14 July of
    /// earlier years, each with a text that fills its column.
    func library(_ count: Int) throws -> URL {
        let base = try TemporaryFolder.make("daybook-list-output")
        let items: [[String: Any]] = (0..<count).map { index in
            let hash = String(format: "%064x", index + 1)
            let entry: [String: Any] = [
                "id": String(format: "%08x-0000-4000-8000-%012x", index, index), "content_hash": hash,
                "source_path": "/photos/\(index).jpg", "file_size": 1, "orientation": 1,
                "captured_local": String(format: "%04d-07-14T%02d:%02d:00", 2000 + index % 25, index / 60 % 24, index % 60),
                "capture_source": "DateTimeOriginal", "text": "line \(index) — 😀 a text long enough to be cut at its column",
                "weather_status": "unavailable", "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
            ]
            return ["entry": entry, "tags": [], "removed_tags": []]
        }
        let file = base.appendingPathComponent("export.json")
        try JSONSerialization.data(withJSONObject: ["format": 1, "exported_at": "2026-01-01T00:00:00Z", "items": items]).write(to: file)
        let library = base.appendingPathComponent("library")
        let imported = try DaybookProcess.run(["import", file.path], library: library)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        return library
    }

    func testALongListKeepsItsOrderBesideStandardError() throws {
        let library = try library(700)
        let arguments = ["on-this-day", "--date", "07-14", "--year", "2026", "--limit", "600"]
        let apart = try DaybookProcess.run(arguments, library: library)
        XCTAssertEqual(apart.status, 0, apart.stderr)
        XCTAssertGreaterThan(apart.stdout.utf8.count, StandardOutput.capacity, "more than one buffer")
        XCTAssertEqual(apart.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.count, 600)
        let note = "daybook: showing the newest 600 of 700 entries from 07-14\n"
        XCTAssertEqual(apart.stderr, note)

        // Both streams into one pipe, as `2>&1` does: every line, then the note after them.
        let process = Process()
        process.executableURL = DaybookProcess.executable
        process.arguments = arguments + ["--library", library.path]
        let both = Pipe()
        (process.standardOutput, process.standardError) = (both, both)
        try process.run()
        let merged = both.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(String(decoding: merged, as: UTF8.self), apart.stdout + note)
    }

    /// In a terminal, each line fits its width; through a pipe, every column is whole. The
    /// terminal is a pseudo-terminal of script(1), set to 80 columns by stty(1).
    func testAListFitsTheTerminalsWidthAndAPipeKeepsEveryColumn() throws {
        let library = try library(30)
        let piped = try DaybookProcess.run(["list"], library: library)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let pipedLines = piped.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        XCTAssertEqual(pipedLines.count, 30)
        XCTAssertTrue(pipedLines.allSatisfy { $0.count > 120 }, piped.stdout)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = "stty cols 80 rows 24; exec '\(DaybookProcess.executable.path)' --library '\(library.path)' list"
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, shown)
        let lines = shown.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").filter { $0.hasPrefix("  ") }
        XCTAssertEqual(lines.count, 30, shown)
        for line in lines { XCTAssertLessThanOrEqual(line.count, 80, String(line)) }
        XCTAssertEqual(lines.map { $0.suffix(8) }, pipedLines.map { $0.suffix(8) }, "the same entries, with their ids")
    }

    func testAClosedPipeEndsTheListQuietly() throws {
        let library = try library(700)
        // Through env(1), with SIGPIPE at its default: a test process that ran NIO ignores
        // SIGPIPE, and an ignored signal stays ignored across exec (the list then ends at the
        // failed write instead, as quietly).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=PIPE", DaybookProcess.executable.path, "list", "--library", library.path]
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        // Closed before the first write, as `| head -1` closes after its line.
        try out.fileHandleForReading.close()
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGPIPE)
        XCTAssertEqual(String(decoding: stderr, as: UTF8.self), "", "no message, as before")
    }
}
