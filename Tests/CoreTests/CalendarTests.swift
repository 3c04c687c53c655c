import DaybookCore
import XCTest

/// The one calendar: leap years, month lengths, day numbers and weekdays, checked against
/// dates known from outside the code (almanac facts, Unix day numbers).
final class CalendarTests: XCTestCase {
    func testLeapYearsFollowTheGregorianRule() {
        XCTAssertEqual([1900, 2000, 2023, 2024, 2100, 2400].map(CivilCalendar.isLeapYear), [false, true, false, true, false, true])
        XCTAssertEqual(CivilCalendar.daysIn(month: 2, year: 2024), 29)
        XCTAssertEqual(CivilCalendar.daysIn(month: 2, year: 1900), 28)
        XCTAssertEqual((1...12).map { CivilCalendar.daysIn(month: $0, year: 2023) }, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        XCTAssertNil(CivilDate(year: 2023, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(LocalDateTime(year: 2100, month: 2, day: 29, hour: 0, minute: 0, second: 0))
    }

    func testDayNumbersMatchUnixDaysBothWays() {
        // 2000-03-01 is Unix day 11017 (951868800 s); 1969-12-31 is day -1.
        XCTAssertEqual(CivilDate(year: 2000, month: 3, day: 1)?.daysSinceEpoch, 11_017)
        XCTAssertEqual(CivilDate(year: 1969, month: 12, day: 31)?.daysSinceEpoch, -1)
        for days in stride(from: -800_000, through: 2_900_000, by: 997) {
            XCTAssertEqual(CivilDate(daysSinceEpoch: days).daysSinceEpoch, days)
        }
        XCTAssertEqual(CivilDate(unixSeconds: -1).iso, "1969-12-31")
        XCTAssertEqual(CivilDate(unixSeconds: 1_563_093_000, offsetSeconds: 7200).iso, "2019-07-14")
    }

    func testWeekdaysOfKnownDates() {
        // 1969-07-20 (Moon landing) was a Sunday, 1970-01-01 a Thursday, 2024-02-29 a Thursday.
        XCTAssertEqual(CivilDate(year: 1969, month: 7, day: 20)?.weekday, 0)
        XCTAssertEqual(CivilDate(year: 1970, month: 1, day: 1)?.weekday, 4)
        XCTAssertEqual(CivilDate(year: 2024, month: 2, day: 29)?.weekday, 4)
        // Before 1970 the weekday of a late-evening time is still its own day's.
        XCTAssertEqual(LocalDateTime(iso: "1969-12-31T22:00:00")?.weekday, 3)
    }

    func testLocalTimesBecomeInstantsWithTheirOffsetOnly() throws {
        let paris = try XCTUnwrap(LocalDateTime(iso: "2019-07-14T10:30:00"))
        XCTAssertEqual(paris.unixSeconds(offsetSeconds: 7200), 1_563_093_000)
        XCTAssertEqual(LocalDateTime(unixSecondsIgnoringZone: paris.secondsSinceEpochIgnoringZone), paris)
    }

    func testMonthsAndMonthDays() throws {
        let february = try XCTUnwrap(CalendarMonth("2024-02"))
        XCTAssertEqual(february.firstDay.iso, "2024-02-01")
        XCTAssertEqual(february.lastDay.iso, "2024-02-29")
        XCTAssertEqual(CalendarMonth("2023-02")?.lastDay.iso, "2023-02-28")
        XCTAssertEqual(february.description, "2024-02")
        XCTAssertEqual(MonthDay("02-29"), MonthDay.leapDay)
        XCTAssertEqual(MonthDay("07-04")?.description, "07-04")
        for bad in ["02-30", "13-01", "00-10", "7-04", "07/04", "07-04 "] { XCTAssertNil(MonthDay(bad), bad) }
        for bad in ["2024-13", "2024-5", "2024/05", "24-05", "2024-05-01"] { XCTAssertNil(CalendarMonth(bad), bad) }
    }
}
