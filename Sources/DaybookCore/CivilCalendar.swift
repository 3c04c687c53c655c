/// The proleptic Gregorian calendar, by arithmetic alone: Daybook's one set of calendar rules.
///
/// No Foundation `Calendar` (and so no machine time zone) is involved anywhere a date is
/// checked, counted or converted. Day numbers count from 1970-01-01 (day 0).
package enum CivilCalendar {
    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether `year-month-day` names a real day.
    package static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && (1...daysIn(month: month, year: year)).contains(day)
    }

    /// Howard Hinnant's days_from_civil.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Howard Hinnant's civil_from_days: the inverse of `days(year:month:day:)`.
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
    package static func weekday(days: Int) -> Int {
        ((days % 7) + 11) % 7
    }

    /// Whole days and the second within the day of a count of seconds since day 0's midnight.
    package static func split(seconds: Int64) -> (days: Int, secondOfDay: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (Int(days), Int(seconds - days * 86_400))
    }
}
