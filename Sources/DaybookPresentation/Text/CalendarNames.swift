import DaybookCore

/// The names of months and weekdays, and the dates written with them, as every output of
/// Daybook says them: the CLI's lists and sections, the web's pages, the Markdown export.
package enum CalendarNames {
    /// The names as static bytes, which a web tile writes with no String made.
    package static let monthNameBytes: [StaticString] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    package static let weekdayNameBytes: [StaticString] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    package static let monthNames = monthNameBytes.map(\.description)
    package static let weekdayNames = weekdayNameBytes.map(\.description)
    /// "Jan", "Sun": a list line's short date.
    package static let monthAbbreviations = monthNames.map { String($0.prefix(3)) }
    package static let weekdayAbbreviations = weekdayNames.map { String($0.prefix(3)) }

    /// "July 2024", a month's title and section; years below 1000 keep four digits, as the
    /// month's file name (`2024-07.md`) writes them.
    package static func month(_ month: CalendarMonth) -> String {
        "\(monthNames[month.month - 1]) \(DateText.padded(month.year, width: 4))"
    }

    /// The month a capture belongs to; "Undated" without a date.
    package static func month(of date: LocalDateTime?) -> String {
        guard let date else { return "Undated" }
        return month(CalendarMonth(date.date))
    }

    /// "Sunday 14 July 2024"
    package static func day(_ date: LocalDateTime) -> String {
        "\(weekdayNames[date.weekday]) \(date.day) \(monthNames[date.month - 1]) \(date.year)"
    }

    /// "10:30"
    package static func time(_ date: LocalDateTime) -> String { "\(DateText.padded(date.hour)):\(DateText.padded(date.minute))" }
}
