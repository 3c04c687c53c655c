import DaybookCore
import DaybookStore
import Foundation

/// How an entry's values read on a page: plain text, escaped later by the templates.
enum EntryText {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// "Sunday 14 July 2024"
    static func day(_ date: LocalDateTime) -> String {
        "\(weekdayNames[date.weekday]) \(date.day) \(monthNames[date.month - 1]) \(date.year)"
    }

    /// "10:30"
    static func time(_ date: LocalDateTime) -> String { "\(DateText.padded(date.hour)):\(DateText.padded(date.minute))" }

    /// "July 2024", the section an entry belongs to; "Undated" without a date.
    static func month(_ date: LocalDateTime?) -> String {
        guard let date else { return "Undated" }
        return "\(monthNames[date.month - 1]) \(date.year)"
    }

    /// "UTC+02:00 (from OffsetTimeOriginal)", or why the zone is unknown.
    static func zone(_ entry: JournalEntry) -> String {
        guard let offset = entry.offset else { return "local time, zone unknown" }
        return "UTC\(offset.formatted) (from \(offset.source.explanation))"
    }

    /// "48.85660° N, 2.35220° E"
    static func place(_ location: GeoLocation) -> String {
        String(
            format: "%.5f° %@, %.5f° %@", abs(location.latitude), location.latitude < 0 ? "S" : "N", abs(location.longitude),
            location.longitude < 0 ? "W" : "E")
    }

    /// "21 °C, Mainly clear"
    static func shortWeather(_ weather: WeatherRecord) -> String? {
        let parts = [weather.temperatureC.map { String(format: "%.0f °C", $0) }, weather.weatherText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// What the page says when an entry has no weather.
    static func missingWeather(_ entry: JournalEntry) -> String {
        switch entry.weatherStatus {
        case .pending: return "not fetched yet"
        case .unavailable: return "none (no \(entry.capturedLocal == nil ? "date" : "place"))"
        case .error: return "refused by the provider"
        case .done: return "none"
        }
    }

    /// The first line of the text, cut at 140 characters.
    static func excerpt(_ text: String) -> String? {
        guard let line = text.split(separator: "\n").first else { return nil }
        return line.count > 140 ? String(line.prefix(139)) + "…" : String(line)
    }

    /// Alt text for a photo: what and when, for a screen reader or a missing image.
    static func alt(_ entry: JournalEntry) -> String {
        var text = "Photo"
        if let date = entry.capturedLocal { text += " of \(day(date))" }
        if let location = entry.location { text += " at \(place(location))" }
        return text
    }
}
