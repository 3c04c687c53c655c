import DaybookStore
import Foundation

/// How an entry's weather reads, in each of the room an output has for it: the whole
/// observation (the CLI's `show`, the exports), a page's fact and its small print, a web
/// tile, a CLI list's column.
package enum WeatherText {
    /// "14.2 °C (feels 13.0), Partly cloudy, 0.0 mm, wind 11 km/h"
    package static func summary(_ weather: WeatherRecord) -> String {
        var parts: [String] = []
        if let temperatureC = weather.temperatureC {
            var text = String(format: "%.1f °C", temperatureC)
            if let apparent = weather.apparentTemperatureC { text += String(format: " (feels %.1f)", apparent) }
            parts.append(text)
        }
        if let text = weather.weatherText { parts.append(text) }
        if let precipitation = weather.precipitationMm { parts.append(String(format: "%.1f mm", precipitation)) }
        if let cloud = weather.cloudCoverPercent { parts.append(String(format: "cloud %.0f %%", cloud)) }
        if let wind = weather.windSpeedKmh { parts.append(String(format: "wind %.0f km/h", wind)) }
        return parts.isEmpty ? "no values" : parts.joined(separator: ", ")
    }

    /// "Slight rain, 14 °C, wind 12 km/h": the condition first, as a person tells the weather.
    package static func condition(_ weather: WeatherRecord) -> String {
        let parts = [
            weather.weatherText, weather.temperatureC.map { String(format: "%.0f °C", $0) },
            weather.windSpeedKmh.map { String(format: "wind %.0f km/h", $0) },
        ].compactMap { $0 }
        return parts.isEmpty ? "no values" : parts.joined(separator: ", ")
    }

    /// The rest of an observation, for small print: "feels 13 °C", "0.4 mm", "cloud 90 %",
    /// and when and by whom it was observed.
    package static func details(_ weather: WeatherRecord) -> [String] {
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

    /// "Slight rain, 21 °C": what a web tile has room for.
    package static func tile(text: String?, temperatureC: Double?) -> String? {
        let parts = [text, temperatureC.map { String(format: "%.0f °C", $0) }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// "21°C Mainly clear": a CLI list's column, the degrees first so the column's numbers
    /// line up; empty for an entry without weather.
    package static func column(temperatureC: Double?, text: String?) -> String {
        guard let temperatureC else { return text ?? "" }
        let degrees = wholeDegrees(temperatureC) + "°C"
        return text.map { degrees + " " + $0 } ?? degrees
    }

    /// `String(format: "%.0f", value)` without Foundation's formatter (a long list asks for
    /// every line): halves to even, as printf rounds, and "-0" for a small negative value, as
    /// printf writes it.
    package static func wholeDegrees(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.0f", value) }
        let rounded = value.rounded(.toNearestOrEven)
        return rounded == 0 && value.sign == .minus ? "-0" : String(Int64(rounded))
    }
}
