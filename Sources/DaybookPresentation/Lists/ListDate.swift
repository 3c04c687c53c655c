import DaybookCore

/// A list line's date: "Sun 14 Jul 10:30" this year; "Wed 22 Oct 2008 16:44" any other
/// (search and latest mix years, and a weekday without its year names the wrong day).
/// Appended piece by piece: a long list writes one for every line.
package enum ListDate {
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
        if date.year != thisYear {
            text += String(date.year)
            text += " "
        }
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

    /// Read once, not for every line of a long list: the zone is looked up each time.
    private static let thisYear = LocalClock.now().year
}
