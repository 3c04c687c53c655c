import Foundation

/// A calendar date with no time and no zone: a "local date at the place".
///
/// Arithmetic is on the proleptic Gregorian calendar (`CivilCalendar`), so no Foundation
/// calendar (and no machine time zone) is involved. Encoded as its ISO text, `YYYY-MM-DD`.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Years 1…9999; `nil` for an impossible date (2021-02-29, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        guard let n = DateText.numbers(text, layout: "####-##-##") else { return nil }
        self.init(year: n[0], month: n[1], day: n[2])
    }

    /// Parses EXIF's `YYYY:MM:DD` (GPSDateStamp), also with `-` or `/` as LocalDateTime's
    /// EXIF reading allows.
    package init?(exifDate text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == bytes[7],
            let n = DateText.numbers(text, layout: "####:##:##", alternatives: [4: "-/", 7: "-/"])
        else { return nil }
        self.init(year: n[0], month: n[1], day: n[2])
    }

    /// The date part of a wall-clock time.
    public init(_ local: LocalDateTime) {
        year = local.year; month = local.month; day = local.day
    }

    /// The date of day number `days` counted from 1970-01-01 (day 0).
    public init(daysSinceEpoch days: Int) {
        (year, month, day) = CivilCalendar.date(days: days)
    }

    /// The local date of a Unix instant seen with a UTC offset.
    public init(unixSeconds: Int64, offsetSeconds: Int = 0) {
        self.init(daysSinceEpoch: CivilCalendar.split(seconds: unixSeconds + Int64(offsetSeconds)).days)
    }

    /// Today's date in UTC.
    package static func todayUTC(now: Date = Date()) -> CivilDate {
        CivilDate(unixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { CivilCalendar.days(year: year, month: month, day: day) }

    /// Unix seconds of this date's midnight read as UTC.
    public var midnightUTCSeconds: Int64 { Int64(daysSinceEpoch) * 86_400 }

    public var iso: String { "\(DateText.padded(year, width: 4))-\(DateText.padded(month))-\(DateText.padded(day))" }

    public var description: String { iso }

    /// 0 for Sunday … 6 for Saturday.
    public var weekday: Int { CivilCalendar.weekday(days: daysSinceEpoch) }

    public var monthDay: MonthDay { MonthDay(month: month, day: day)! }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// Whole days from `b` to `a` (`a - b`).
    public static func - (a: CivilDate, b: CivilDate) -> Int { a.daysSinceEpoch - b.daysSinceEpoch }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

extension CivilDate: ISOText {
    public static let isoLayout = "YYYY-MM-DD"
    public init?(isoText: String) { self.init(iso: isoText) }
    public var isoText: String { iso }
}
