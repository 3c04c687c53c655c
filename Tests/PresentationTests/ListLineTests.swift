import DaybookCore
import DaybookStore
import Foundation
import XCTest

@testable import DaybookPresentation

/// A list line's columns: the same bytes as Foundation's padding and formatting made them.
final class ListLineTests: XCTestCase {
    static let texts = [
        "", "abc", "Zürich", "Zu\u{308}rich", "東京都 京都", "😀 party", "🇫🇷🇯🇵 flags", "a😀b😀c😀d😀e😀f😀g😀h😀",
        String(repeating: "x", count: 30), "naïve café, Île-de-France", "e\u{301}\u{301}\u{301}", "\\e[31m escaped",
    ]

    func testColumnsPadAndCutAsFoundationsPaddingDid() {
        for text in Self.texts {
            for width in 0...34 {
                XCTAssertEqual(
                    ListColumn.padded(text, toUTF16Length: width), text.padding(toLength: width, withPad: " ", startingAt: 0),
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
                ListColumn.append(text, width, to: &line)
                XCTAssertEqual(line, "  " + before, "\(text.debugDescription) at \(width)")
            }
        }
    }

    /// The text column's first line, as `split(separator: "\n").first` gave it.
    func testTheFirstLineIsTheFirstNonEmptyLineAsSplitGaveIt() {
        let texts =
            Self.texts + ["\n", "\n\n", "\nsecond", "\n\nthird\nfourth", "first\nsecond", "a\r\nb", "\r\n", "é\u{301}\ncafé", "x\n"]
        for text in texts {
            XCTAssertEqual(ListLine.firstLine(text), text.split(separator: "\n", maxSplits: 1).first, text.debugDescription)
        }
    }

    /// The date column with its year, this year's too: one width for every dated line.
    func testShortDatesShowTheirYearThisYearToo() throws {
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        for (year, month, day, hour, minute) in [
            (thisYear, 7, 14, 10, 30), (2008, 10, 22, 16, 44), (1826, 1, 1, 0, 0), (2999, 12, 31, 23, 59), (thisYear - 1, 2, 9, 9, 5),
        ] {
            let date = try XCTUnwrap(LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: 0))
            let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let expected =
                "\(weekdays[date.weekday]) \(DateText.padded(day)) \(months[month - 1]) \(year) "
                + "\(DateText.padded(hour)):\(DateText.padded(minute))"
            XCTAssertEqual(ListDate.text(date), expected)
            XCTAssertEqual(ListDate.text(date).count, ListDate.undated.count)
        }
    }

    /// Lines of this year, another year and no date put their place at the same column.
    func testThisYearsLinesKeepTheColumns() throws {
        let thisYear = LocalClock.now().year
        let dates = [
            LocalDateTime(year: thisYear, month: 1, day: 2, hour: 3, minute: 4, second: 0),
            LocalDateTime(year: 2008, month: 10, day: 22, hour: 16, minute: 44, second: 0), nil,
        ]
        let lines = dates.map { date in
            ListLine.text(
                ListedEntry(
                    id: "0123456789", capturedLocal: date, placeName: "Kyoto, Japan", text: "", tags: [], weatherText: nil,
                    temperatureC: nil)
            ).description
        }
        let columns = lines.map { $0.range(of: "Kyoto")?.lowerBound.utf16Offset(in: $0) }
        XCTAssertNotNil(columns[0])
        XCTAssertEqual(Set(columns).count, 1, lines.joined(separator: "\n"))
    }

    func testTemperaturesRoundAsPrintfDid() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.4, 1e20, -1e20, .nan, .infinity]
        values += stride(from: -60.0, through: 60.0, by: 0.125).map { $0 }
        values += (0..<500).map { Double($0) * 0.37 - 80.03 }
        for value in values {
            XCTAssertEqual(WeatherText.wholeDegrees(value), String(format: "%.0f", value), "\(value)")
        }
    }
}
