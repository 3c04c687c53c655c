import Foundation

/// Weather files in JSON: `{"observations": [...]}`, the array alone, or answers saved from
/// Open-Meteo's archive API (see the README, "Weather from a file").
extension FileWeatherProvider {
    enum JSONValue: Decodable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let b = try? container.decode(Bool.self) {
                self = .bool(b)
            } else if let n = try? container.decode(Double.self) {
                self = .number(n)
            } else if let s = try? container.decode(String.self) {
                self = .string(s)
            } else if let a = try? container.decode([JSONValue].self) {
                self = .array(a)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        var field: FieldValue? {
            switch self {
            case .number(let n): return .number(n)
            case .string(let s): return s.isEmpty ? nil : .text(s)
            default: return nil
            }
        }
    }

    static func parseJSON(_ data: Data, path: String) throws -> [Row] {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw LoadError(path: path, location: nil, message: "not JSON: \(OpenMeteoArchive.describe(error))")
        }
        switch root {
        case .object(let object) where object["hourly"] != nil:
            return try openMeteoRows(object, path: path, location: "")
        case .object(let object):
            guard case .array(let list)? = object["observations"] else {
                throw LoadError(
                    path: path, location: nil, message: "expected {\"observations\": [...]}, an array of rows, or a saved Open-Meteo answer"
                )
            }
            return try objectRows(list, path: path)
        case .array(let list):
            if case .object(let first)? = list.first, first["hourly"] != nil {
                var rows: [Row] = []
                for (index, item) in list.enumerated() {
                    guard case .object(let answer) = item else {
                        throw LoadError(path: path, location: "[\(index)]", message: "not an Open-Meteo answer object")
                    }
                    rows += try openMeteoRows(answer, path: path, location: "[\(index)]")
                }
                return rows
            }
            return try objectRows(list, path: path)
        default:
            throw LoadError(path: path, location: nil, message: "expected a JSON object or array")
        }
    }

    static func objectRows(_ list: [JSONValue], path: String) throws -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            guard case .object(let object) = item else {
                throw LoadError(path: path, location: "observations[\(index)]", message: "not an object")
            }
            rows.append(try makeRow({ object[$0]?.field }, path: path, location: "observations[\(index)]"))
        }
        return rows
    }

    /// A saved `/v1/archive` (or `/v1/forecast`) answer: `hourly.time` as Unix seconds, or
    /// as local ISO times read with the answer's `timezone` (else `utc_offset_seconds`).
    static func openMeteoRows(_ answer: [String: JSONValue], path: String, location: String) throws -> [Row] {
        func fail(_ message: String) -> LoadError { LoadError(path: path, location: location.isEmpty ? nil : location, message: message) }
        guard case .number(let latitude)? = answer["latitude"], case .number(let longitude)? = answer["longitude"] else {
            throw fail("Open-Meteo answer without latitude/longitude")
        }
        guard case .object(let hourly)? = answer["hourly"], case .array(let times)? = hourly["time"] else {
            throw fail("Open-Meteo answer without hourly.time")
        }
        var zoneID: String?
        if case .string(let z)? = answer["timezone"], TimeZone(identifier: z) != nil { zoneID = z }
        var utcOffset = 0
        if case .number(let o)? = answer["utc_offset_seconds"] {
            // Int(_:) of a huge or fractional Double would trap: check before converting.
            guard o == o.rounded(), abs(o) <= 18 * 3600 else { throw fail("utc_offset_seconds \(o) is not a UTC offset") }
            utcOffset = Int(o)
        }
        let mapping = [
            "temperature_c": "temperature_2m", "apparent_temperature_c": "apparent_temperature",
            "precipitation_mm": "precipitation", "cloud_cover_percent": "cloud_cover",
            "wind_speed_kmh": "wind_speed_10m", "weather_code": "weather_code",
        ]
        var columns: [String: [JSONValue]] = [:]
        for (ours, theirs) in mapping {
            if case .array(let values)? = hourly[theirs] {
                guard values.count == times.count else {
                    throw fail("hourly.\(theirs) has \(values.count) values for \(times.count) times")
                }
                columns[ours] = values
            }
        }
        var rows: [Row] = []
        rows.reserveCapacity(times.count)
        for (index, time) in times.enumerated() {
            var timeField = time.field
            // Local ISO times without a zone we know: apply the answer's fixed offset.
            if zoneID == nil, case .text(let t)? = timeField, let parsed = WrittenTime(t), parsed.offsetSeconds == nil {
                timeField = .number(Double(parsed.localSeconds - Int64(utcOffset)))
            }
            var row = try makeRow(
                { name in
                    switch name {
                    case "latitude": return .number(latitude)
                    case "longitude": return .number(longitude)
                    case "time": return timeField
                    case "timezone": return zoneID.map(FieldValue.text)
                    default: return columns[name]?[index].field
                    }
                }, path: path, location: "\(location)hourly[\(index)]")
            if zoneID == nil, row.writtenOffset == nil { row.writtenOffset = utcOffset }
            rows.append(row)
        }
        return rows
    }
}
