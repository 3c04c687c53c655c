import DaybookMetadata
import Foundation

/// A calendar date with no time and no zone: a "local date at the place".
///
/// Arithmetic is on the proleptic Gregorian calendar with Howard Hinnant's civil/day
/// conversions, so no Foundation calendar (and no machine time zone) is involved.
/// Encoded as its ISO text, `"YYYY-MM-DD"`.
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Years 1…9999; `nil` for an impossible date (2021-02-29, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        let c = Array(text.utf8)
        guard c.count == 10, c[4] == 45, c[7] == 45 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard c[i] >= 48, c[i] <= 57 else { return nil }
                value = value * 10 + Int(c[i] - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date part of a wall-clock time.
    public init(_ local: LocalDateTime) {
        year = local.year; month = local.month; day = local.day
    }

    /// The date of day number `days` counted from 1970-01-01 (day 0).
    public init(daysSinceEpoch days: Int) {
        let midnight = LocalDateTime(unixSecondsIgnoringZone: Int64(days) * 86_400)
        year = midnight.year; month = midnight.month; day = midnight.day
    }

    /// The local date of a Unix instant seen with a UTC offset.
    public init(unixSeconds: Int64, offsetSeconds: Int = 0) {
        let local = unixSeconds + Int64(offsetSeconds)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        self.init(daysSinceEpoch: Int(days))
    }

    /// Today's date in UTC.
    public static func todayUTC(now: Date = Date()) -> CivilDate {
        CivilDate(unixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { LocalDateTime.daysFromCivil(year: year, month: month, day: day) }

    /// Unix seconds of this date's midnight read as UTC.
    public var midnightUTCSeconds: Int64 { Int64(daysSinceEpoch) * 86_400 }

    public var iso: String {
        func pad(_ v: Int, _ w: Int) -> String {
            let s = String(v)
            return s.count >= w ? s : String(repeating: "0", count: w - s.count) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public var description: String { iso }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// Whole days from `b` to `a` (`a - b`).
    public static func - (a: CivilDate, b: CivilDate) -> Int { a.daysSinceEpoch - b.daysSinceEpoch }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CivilDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
