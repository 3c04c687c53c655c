import DaybookCore
import Foundation

/// The reminder's small phrases: how long ago, where, and the link to the day's page.
enum ReminderWords {
    /// "3 years ago, in Lisbon"; "a year ago, in Lisbon and Porto"; "12 March 2019, 7 years
    /// ago" when `day` is given (a memory of another day).
    static func heading(yearsAgo: Int, places: [String], day: CivilDate?) -> String {
        var parts: [String] = []
        if let day { parts.append(date(day)) }
        parts.append(yearsAgo <= 0 ? "this year" : yearsAgo == 1 ? "a year ago" : "\(yearsAgo) years ago")
        if !places.isEmpty { parts.append("in " + list(places)) }
        return parts.joined(separator: ", ")
    }

    /// "Lisbon", "Lisbon and Porto", "Lisbon, Porto and Faro", "Lisbon, Porto and 3 other places".
    static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        case 2, 3: return names.dropLast().joined(separator: ", ") + " and " + names.last!
        default: return names.prefix(2).joined(separator: ", ") + " and \(names.count - 2) other places"
        }
    }

    /// Each name once, in the order first met.
    static func distinct(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// "12 March 2019"
    static func date(_ day: CivilDate) -> String { "\(day.day) \(CalendarNames.monthNames[day.month - 1]) \(day.year)" }

    /// The web journal's page of the day: `site` with `/on-this-day?date=MM-DD`, whatever path
    /// or slash it ends with (a journal served under a prefix keeps it).
    static func onThisDayLink(site: String, day: MonthDay) -> String {
        var base = site
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/on-this-day?date=\(day)"
    }

    /// Words from the journal on one line: control characters (a tab, an escape) become spaces,
    /// so a line of the e-mail or the notification is never anything but text.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            .trimmingCharacters(in: .whitespaces)
    }
}
