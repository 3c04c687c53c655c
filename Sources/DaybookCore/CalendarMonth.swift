/// A month of a year, as `list --month` and `search --month` take it: `YYYY-MM`.
public struct CalendarMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year; self.month = month
    }

    /// Parses exactly `YYYY-MM`.
    public init?(_ text: some StringProtocol) {
        guard let n = DateText.numbers(text, layout: "####-##") else { return nil }
        self.init(year: n[0], month: n[1])
    }

    public init(_ date: CivilDate) {
        year = date.year; month = date.month
    }

    public var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1)! }
    public var lastDay: CivilDate { CivilDate(year: year, month: month, day: CivilCalendar.daysIn(month: month, year: year))! }

    public var description: String { "\(DateText.padded(year, width: 4))-\(DateText.padded(month))" }

    public static func < (a: CalendarMonth, b: CalendarMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}

/// A day of the year without its year, as `on-this-day --date` takes it: `MM-DD`.
/// 02-29 is a valid day (it comes round in leap years).
public struct MonthDay: Sendable, Hashable, CustomStringConvertible {
    public let month: Int
    public let day: Int

    public static let leapDay = MonthDay(month: 2, day: 29)!

    public init?(month: Int, day: Int) {
        // 2000 is a leap year: any day some year has is valid.
        guard CivilCalendar.isValid(year: 2000, month: month, day: day) else { return nil }
        self.month = month; self.day = day
    }

    /// Parses exactly `MM-DD`.
    public init?(_ text: some StringProtocol) {
        guard let n = DateText.numbers(text, layout: "##-##") else { return nil }
        self.init(month: n[0], day: n[1])
    }

    public var description: String { "\(DateText.padded(month))-\(DateText.padded(day))" }
}

extension MonthDay: ISOText {
    public static let isoLayout = "MM-DD"
    public init?(isoText: String) { self.init(isoText) }
    public var isoText: String { description }
}
