import DaybookCore

/// A list line's date: "Wed 22 Oct 2008 16:44", with its year whatever the year, so every
/// line's date has one width and the columns after it line up (search and latest mix years,
/// and a weekday without its year names the wrong day). Appended piece by piece: a long list
/// writes one for every line.
package enum ListDate {
    /// What an undated line shows in the date's place, as wide as a date of years 1000–9999.
    package static let undated = "(no date)            "

    package static func text(_ date: LocalDateTime) -> String {
        var text = ""
        append(date, to: &text)
        return text
    }

    package static func append(_ date: LocalDateTime, to text: inout String) {
        text += CalendarNames.weekdayAbbreviations[date.weekday]
        text += " "
        appendTwoDigits(date.day, to: &text)
        text += " "
        text += CalendarNames.monthAbbreviations[date.month - 1]
        text += " "
        text += String(date.year)
        text += " "
        appendTwoDigits(date.hour, to: &text)
        text += ":"
        appendTwoDigits(date.minute, to: &text)
    }

    /// `DateText.padded(value)`, without its two strings for the usual 0–99.
    private static func appendTwoDigits(_ value: Int, to text: inout String) {
        guard (0..<100).contains(value) else {
            text += DateText.padded(value)
            return
        }
        text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + value / 10)))
        text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + value % 10)))
    }
}
