import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import daybook

/// The list commands' output: the same bytes as before it went through one buffer and lost
/// Foundation's formatting, in the same order beside standard error, and still ended quietly
/// by a closed pipe.
final class ListOutputTests: XCTestCase {
    static let texts = [
        "", "abc", "Zürich", "Zu\u{308}rich", "東京都 京都", "😀 party", "🇫🇷🇯🇵 flags", "a😀b😀c😀d😀e😀f😀g😀h😀",
        String(repeating: "x", count: 30), "naïve café, Île-de-France", "e\u{301}\u{301}\u{301}", "\\e[31m escaped",
    ]

    func testColumnsPadAndCutAsFoundationsPaddingDid() {
        for text in Self.texts {
            for width in 0...34 {
                XCTAssertEqual(
                    EntryFormat.padded(text, toUTF16Length: width), text.padding(toLength: width, withPad: " ", startingAt: 0),
                    "\(text.debugDescription) at \(width)")
            }
        }
    }

    /// A column as it was made before the line was written into one string: escaped, then cut
    /// by characters or padded by UTF-16 units.
    func testAColumnIsCutAndPaddedAsBefore() {
        let ascii = ["river harbour snow friends birthday garden", "a\r\nb\r\nc", "tab\there", String(repeating: "ab ", count: 20)]
        for text in Self.texts + ascii + ["a\u{1B}[31mb", "x\u{202E}y", "35.0116°N 135.7681°E", String(repeating: "é", count: 30)] {
            for width in 1...44 {
                let escaped = TerminalText.escaped(text)
                let before =
                    escaped.count > width
                    ? String(escaped.prefix(width - 1)) + "…" : escaped.padding(toLength: width, withPad: " ", startingAt: 0)
                var line = ""
                EntryFormat.appendColumn(text, width, to: &line)
                XCTAssertEqual(line, "  " + before, "\(text.debugDescription) at \(width)")
            }
        }
    }

    /// The text column's first line, as `split(separator: "\n").first` gave it.
    func testTheFirstLineIsTheFirstNonEmptyLineAsSplitGaveIt() {
        let texts =
            Self.texts + ["\n", "\n\n", "\nsecond", "\n\nthird\nfourth", "first\nsecond", "a\r\nb", "\r\n", "é\u{301}\ncafé", "x\n"]
        for text in texts {
            XCTAssertEqual(EntryFormat.firstLine(text), text.split(separator: "\n", maxSplits: 1).first, text.debugDescription)
        }
    }

    /// The date column as the interpolation wrote it, this year and any other.
    func testShortDatesReadAsBefore() throws {
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        for (year, month, day, hour, minute) in [
            (thisYear, 7, 14, 10, 30), (2008, 10, 22, 16, 44), (1826, 1, 1, 0, 0), (2999, 12, 31, 23, 59), (thisYear - 1, 2, 9, 9, 5),
        ] {
            let date = try XCTUnwrap(LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: 0))
            let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let shownYear = year == thisYear ? "" : "\(year) "
            let before =
                "\(weekdays[date.weekday]) \(DateText.padded(day)) \(months[month - 1]) \(shownYear)"
                + "\(DateText.padded(hour)):\(DateText.padded(minute))"
            XCTAssertEqual(EntryFormat.shortDate(date), before)
        }
    }

    func testTemperaturesRoundAsPrintfDid() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.4, 1e20, -1e20, .nan, .infinity]
        values += stride(from: -60.0, through: 60.0, by: 0.125).map { $0 }
        values += (0..<500).map { Double($0) * 0.37 - 80.03 }
        for value in values {
            XCTAssertEqual(EntryFormat.wholeDegrees(value), String(format: "%.0f", value), "\(value)")
        }
    }

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
