import DaybookCore
import DaybookStore
import Foundation

/// How an entry's values read on a page: plain text, escaped later by the templates.
enum EntryText {
    /// The names as static bytes, which a tile writes with no String made (`TileWriter.appendDay`).
    static let monthNameBytes: [StaticString] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let weekdayNameBytes: [StaticString] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = monthNameBytes.map(\.description)
    static let weekdayNames = weekdayNameBytes.map(\.description)

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

    /// The zone and where it came from: "UTC+02:00, from the camera's offset tag",
    /// "Europe/Paris (UTC+01:00), from the place", or "floating: no zone known (why)".
    static func zone(_ entry: JournalEntry, weather: WeatherRecord?) -> String {
        guard let offset = entry.offset else { return "floating: no zone known (\(floatingReason(entry)))" }
        let utc = "UTC\(offset.formatted)"
        switch offset.source {
        case .exifOffsetTag: return "\(utc), from the camera's offset tag"
        case .gpsTimestamp: return "\(utc), from the GPS clock"
        case .dateText:
            // XMP or IPTC for a photo; a video's QuickTime creation date carries its zone too.
            let written = entry.media == .video ? "QuickTime creation date" : "photo's XMP or IPTC date"
            return "\(utc), from the zone written in the \(written)"
        case .placeTimeZone:
            // Older journals took the zone from the weather provider, before places had names.
            guard let name = entry.place?.timeZone ?? weather?.timeZone else { return "\(utc), from the place's time zone" }
            return "\(name) (\(utc)), from the place"
        case .containerUTC:
            guard utc != "UTC+00:00", let name = entry.place?.timeZone else { return "\(utc), from the video's UTC creation time" }
            return "\(name) (\(utc)), from the place, at the video's UTC creation time"
        }
    }

    private static func floatingReason(_ entry: JournalEntry) -> String {
        if let note = entry.timeZoneNote { return note }
        if entry.capturedLocal == nil { return "the photo has no date" }
        guard entry.location != nil else { return "the photo has no offset and no place" }
        guard let place = entry.place else {
            return "the photo has no offset, and its place has no name yet: run `daybook places --update`"
        }
        return place.timeZone == nil ? "the photo has no offset, and its place has no single time zone" : "the photo has no offset"
    }

    /// "Slight rain, 21 °C": what a tile has room for.
    static func shortWeather(text: String?, temperatureC: Double?) -> String? {
        let parts = [text, temperatureC.map { String(format: "%.0f °C", $0) }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// "Slight rain, 14 °C, wind 12 km/h": the condition first, as a person tells the weather.
    static func weather(_ weather: WeatherRecord) -> String {
        let parts = [
            weather.weatherText, weather.temperatureC.map { String(format: "%.0f °C", $0) },
            weather.windSpeedKmh.map { String(format: "wind %.0f km/h", $0) },
        ].compactMap { $0 }
        return parts.isEmpty ? "no values" : parts.joined(separator: ", ")
    }

    /// The rest of an observation, for small print: "feels 13 °C", "0.4 mm", "cloud 90 %",
    /// and when and by whom it was observed.
    static func weatherDetails(_ weather: WeatherRecord) -> [String] {
        [
            weather.apparentTemperatureC.map { String(format: "feels %.0f °C", $0) },
            weather.precipitationMm.map { String(format: "%.1f mm", $0) },
            weather.cloudCoverPercent.map { String(format: "cloud %.0f %%", $0) },
            "observed \(observed(weather.observedAt)) (\(weather.provider))",
        ].compactMap { $0 }
    }

    /// "2019-11-03T15:00:00Z" → "2019-11-03 15:00 UTC"; anything else as stored.
    private static func observed(_ text: String) -> String {
        guard text.count == 20, text.hasSuffix(":00Z") else { return text }
        return text.prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    /// What the page says when an entry has no weather.
    static func missingWeather(_ entry: JournalEntry) -> String {
        switch entry.weatherStatus {
        case .pending: return "not fetched yet"
        case .unavailable: return "none (no \(entry.capturedLocal == nil ? "date" : "place"))"
        case .error: return "none: the provider refused it"
        case .done: return "none"
        }
    }

    /// The first line of the text that is not empty, cut at 140 characters. Found without
    /// splitting the whole text into lines, nor counting the whole line: every tile asks.
    static func excerpt(_ text: String) -> String? {
        // Most texts are one short line: with no newline byte (none inside "\r\n" either)
        // and no more bytes than the limit's Characters, the excerpt is the whole text, found
        // without walking its Characters or copying it.
        if text.utf8.count <= 140, !text.utf8.contains(UInt8(ascii: "\n")) { return text.isEmpty ? nil : text }
        return excerptByCharacters(text)
    }

    /// `excerpt(_:)` for any text, Character by Character.
    static func excerptByCharacters(_ text: String) -> String? {
        guard let start = text.firstIndex(where: { $0 != "\n" }) else { return nil }
        let rest = text[start...]
        let line = rest[..<(rest.firstIndex(of: "\n") ?? rest.endIndex)]
        guard let limit = line.index(line.startIndex, offsetBy: 140, limitedBy: line.endIndex), limit < line.endIndex else {
            return String(line)
        }
        return String(line.prefix(139)) + "…"
    }

    /// Alt text for a photo: what and when, for a screen reader or a missing image.
    static func alt(_ entry: JournalEntry) -> String {
        alt(day: entry.capturedLocal.map(day), place: entry.placeName)
    }

    /// The same from the day and place a tile has already worked out.
    static func alt(day: String?, place: String?) -> String {
        var text = "Photo"
        if let day { text += " of \(day)" }
        if let place { text += " at \(place)" }
        return text
    }
}
