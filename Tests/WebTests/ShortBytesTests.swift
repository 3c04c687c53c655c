import DaybookCore
import DaybookPresentation
import NIOCore
import XCTest

@testable import DaybookWeb

/// The day and time a tile gathers on the stack (`ShortBytes`) are the Strings `CalendarNames`
/// makes, byte for byte.
final class ShortBytesTests: XCTestCase {
    func testDecimalsArePaddedAsStringsDigits() {
        var values = [0, 1, 9, 10, 59, 99, 400, 2024, 65_535, 9_999_999_999, 10_000_000_000, Int.max, -1, -9, -2024, Int.min]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { values.append(Int.random(in: -1_000_000...1_000_000_000, using: &generator)) }
        for value in values {
            var bytes = ShortBytes()
            bytes.appendDecimal(value)
            bytes.append(":")
            bytes.appendPadded(value)
            var output = ByteBuffer()
            bytes.write(into: &output)
            XCTAssertEqual(String(buffer: output), String(value) + ":" + DateText.padded(value))
        }
    }

    /// Every weekday and month name, days of one and two digits, years of the plausible range.
    func testTheDayIsEntryTextsDay() {
        var date = CivilDate(year: 1826, month: 1, day: 1)!
        var checked = 0
        while date.year <= 2999 {
            let time = LocalDateTime(date, hour: checked % 24, minute: checked % 60)!
            var bytes = ShortBytes()
            bytes.append("Photo of ")
            RowTile.appendDay(time, to: &bytes)
            var output = ByteBuffer()
            bytes.write(into: &output)
            XCTAssertEqual(String(buffer: output), "Photo of " + CalendarNames.day(time))
            date = date.adding(days: 37)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    /// The longest day, twice, and the time fit: the most a tile's meta line gathers.
    func testTheLongestMetaLineFits() {
        let time = LocalDateTime(year: 2025, month: 9, day: 24, hour: 23, minute: 59, second: 0)!
        var bytes = ShortBytes()
        RowTile.appendDay(time, to: &bytes)
        RowTile.appendDay(time, to: &bytes)
        XCTAssertEqual(bytes.count, 2 * "Wednesday 24 September 2025".utf8.count)
        XCTAssertGreaterThan(bytes.remaining, 61 + 24 + 41 + 8)
    }
}
