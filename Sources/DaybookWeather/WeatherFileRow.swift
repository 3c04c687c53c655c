import Foundation

extension FileWeatherProvider {
    /// One observation as read from a file, before rows are grouped into stations.
    struct Row: Sendable {
        var latitude: Double
        var longitude: Double
        var observation: HourlyObservation
        /// The offset written in the row's time (`+02:00`), if any.
        var writtenOffset: Int?
        var timeZone: String?
    }

    /// A field as the file gave it: CSV gives text, JSON text or a number.
    enum FieldValue {
        case text(String)
        case number(Double)
    }

    static let columns = [
        "latitude", "longitude", "time", "temperature_c", "apparent_temperature_c",
        "precipitation_mm", "cloud_cover_percent", "wind_speed_kmh", "weather_code", "timezone",
    ]

    /// One row from named fields, the same for CSV and JSON. `field(name)` returns nil when
    /// the field is absent or empty. `location` is the line (CSV) or index (JSON) for errors.
    static func makeRow(_ field: (String) throws -> FieldValue?, path: String, location: String) throws -> Row {
        func fail(_ message: String) -> LoadError { LoadError(path: path, location: location, message: message) }
        func number(_ name: String) throws -> Double? {
            guard let value = try field(name) else { return nil }
            switch value {
            case .number(let n):
                guard n.isFinite else { throw fail("\(name): not a finite number") }
                return n
            case .text(let t):
                let trimmed = t.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || ["null", "nan", "na", "n/a"].contains(trimmed.lowercased()) { return nil }
                guard let n = Double(trimmed), n.isFinite, !trimmed.lowercased().hasPrefix("0x") else {
                    throw fail("\(name): \(quoted(t)) is not a number")
                }
                return n
            }
        }
        guard let latitude = try number("latitude") else { throw fail("missing latitude") }
        guard let longitude = try number("longitude") else { throw fail("missing longitude") }
        guard abs(latitude) <= 90 else { throw fail("latitude \(latitude) is outside -90…90") }
        guard abs(longitude) <= 180 else { throw fail("longitude \(longitude) is outside -180…180") }
        var zoneID: String?
        if case .text(let z)? = try field("timezone") {
            let trimmed = z.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty {
                guard TimeZone(identifier: trimmed) != nil else { throw fail("unknown time zone \(quoted(trimmed))") }
                zoneID = trimmed
            }
        }
        guard let timeValue = try field("time") else { throw fail("missing time") }
        let time: Int64, written: Int?
        switch timeValue {
        case .number(let n):
            guard n.isFinite, n == n.rounded(), abs(n) < 1e12 else { throw fail("time \(n) is not whole Unix seconds") }
            time = Int64(n); written = nil
        case .text(let t):
            let trimmed = t.trimmingCharacters(in: .whitespaces)
            if let unix = Int64(trimmed), abs(unix) < 1_000_000_000_000 {
                time = unix; written = nil
            } else if let parsed = WrittenTime(trimmed) {
                if let offset = parsed.offsetSeconds {
                    time = parsed.localSeconds - Int64(offset); written = offset
                } else if let zone = zoneID.flatMap(TimeZone.init(identifier:)) {
                    time = PlaceTime.instant(ofLocalSeconds: parsed.localSeconds, in: zone).unixSeconds; written = nil
                } else {
                    throw fail("time \(quoted(t)) has no UTC offset (add Z or ±HH:MM, or a timezone column)")
                }
            } else {
                throw fail("time \(quoted(t)) is neither Unix seconds nor ISO-8601")
            }
        }
        var code: Int?
        if let c = try number("weather_code") {
            guard c == c.rounded(), (0...999).contains(c) else { throw fail("weather_code \(c) is not a WMO code") }
            code = Int(c)
        }
        let observation = HourlyObservation(
            time: time, temperature: try number("temperature_c"), apparentTemperature: try number("apparent_temperature_c"),
            precipitation: try number("precipitation_mm"), cloudCover: try number("cloud_cover_percent"),
            windSpeed: try number("wind_speed_kmh"), weatherCode: code)
        return Row(latitude: latitude, longitude: longitude, observation: observation, writtenOffset: written, timeZone: zoneID)
    }

    /// A value from the file for an error message: in quotes, control characters escaped so
    /// the message stays one line, and cut short so a huge field does not flood it.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
            shown +=
                invisible.contains(scalar.properties.generalCategory) || scalar == "\"" || scalar == "\\"
                ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return "\"\(shown)\"" + (text.unicodeScalars.count > limit ? "…" : "")
    }
}
