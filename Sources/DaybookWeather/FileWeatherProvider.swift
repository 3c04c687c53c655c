import DaybookMetadata
import Foundation

/// Hourly observations from a local CSV or JSON file, for machines without network (or
/// for a weather station's own records). The format is described in the README
/// ("Weather from a file"); in short, one row per place and hour:
///
/// `latitude,longitude,time,temperature_c,apparent_temperature_c,precipitation_mm,cloud_cover_percent,wind_speed_kmh,weather_code,timezone`
///
/// Rows at the same coordinates form a station. A request is answered by the station in the
/// request's 0.1° cell nearest the cell centre or, when the cell has none, by the nearest
/// station within `maxDistanceDegrees` (default 0.5°) of the centre; with no station that
/// close the request fails with `.permanent`. The answer holds the station's rows whose
/// local date (by its `timezone`, else the row's own UTC offset, else UTC) is within the
/// request's dates — possibly none, which is not an error.
public struct FileWeatherProvider: WeatherProvider {
    public enum Format: String, Sendable { case csv, json }

    /// A load failure: the file and, for a bad row, its line (CSV) or index (JSON).
    public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let location: String?
        public let message: String
        public var description: String {
            "\(path)\(location.map { ":\($0)" } ?? ""): \(message)"
        }
    }

    struct Row: Sendable {
        var latitude: Double
        var longitude: Double
        var observation: HourlyObservation
        /// The offset written in the row's time (`+02:00`), if any.
        var writtenOffset: Int?
        var timeZone: String?
    }

    struct Station: Sendable {
        let latitude: Double
        let longitude: Double
        let timeZone: String?
        let writtenOffset: Int?
        /// Sorted by time, one per time (the last row wins).
        let rows: [Row]
    }

    public let path: String
    public let maxDistanceDegrees: Double
    private let stations: [Station]
    private let stationsByCell: [GeoCell: [Int]]

    public var name: String { "file" }
    public var stationCount: Int { stations.count }
    public var observationCount: Int { stations.reduce(0) { $0 + $1.rows.count } }

    /// Loads `path`: `.csv` / `.json` by extension, otherwise by content (JSON starts with
    /// `{` or `[`). Throws `LoadError` for an unreadable file or a bad row.
    public init(path: String, maxDistanceDegrees: Double = 0.5) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LoadError(path: path, location: nil, message: "cannot read: \(error.localizedDescription)")
        }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        let format: Format? = ext == "csv" ? .csv : ext == "json" ? .json : nil
        try self.init(contents: data, format: format, path: path, maxDistanceDegrees: maxDistanceDegrees)
    }

    /// Parses file contents; `format` nil means detect from the content. `path` is only used
    /// in messages.
    public init(contents: Data, format: Format? = nil, path: String = "<data>", maxDistanceDegrees: Double = 0.5) throws {
        self.path = path
        self.maxDistanceDegrees = maxDistanceDegrees
        let chosen = format ?? Self.detect(contents)
        let rows = chosen == .json ? try Self.parseJSON(contents, path: path) : try Self.parseCSV(contents, path: path)
        // Group rows into stations by exact coordinates, in first-seen order.
        var order: [String] = []
        var grouped: [String: [Row]] = [:]
        for row in rows {
            let key = "\(row.latitude),\(row.longitude)"
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(row)
        }
        var stations: [Station] = []
        var byCell: [GeoCell: [Int]] = [:]
        for key in order {
            let stationRows = grouped[key]!
            var sorted: [Row] = []
            for row in stationRows.enumerated().sorted(by: { ($0.element.observation.time, $0.offset) < ($1.element.observation.time, $1.offset) }).map(\.element) {
                if let last = sorted.last, last.observation.time == row.observation.time { sorted[sorted.count - 1] = row } else { sorted.append(row) }
            }
            let first = stationRows[0]
            let station = Station(latitude: first.latitude, longitude: first.longitude,
                                  timeZone: stationRows.lazy.compactMap(\.timeZone).first,
                                  writtenOffset: stationRows.lazy.compactMap(\.writtenOffset).first,
                                  rows: sorted)
            byCell[GeoCell(latitude: station.latitude, longitude: station.longitude), default: []].append(stations.count)
            stations.append(station)
        }
        self.stations = stations
        self.stationsByCell = byCell
    }

    public func series(for request: WeatherRequest) async throws(WeatherError) -> WeatherSeries {
        try answer(request)
    }

    /// Synchronous form of `series(for:)`.
    public func answer(_ request: WeatherRequest) throws(WeatherError) -> WeatherSeries {
        let cell = request.cell
        let centreLat = cell.latitude, centreLon = cell.longitude
        let candidates = stationsByCell[cell] ?? Array(stations.indices)
        var best: (index: Int, distance: Double)?
        for index in candidates {
            let d = Self.distanceDegrees(stations[index].latitude, stations[index].longitude, centreLat, centreLon)
            if best == nil || d < best!.distance { best = (index, d) }
        }
        guard let chosen = best, stationsByCell[cell] != nil || chosen.distance <= maxDistanceDegrees else {
            throw .permanent("no observations within \(maxDistanceDegrees)° of \(cell.latitudeText),\(cell.longitudeText) in \(path)")
        }
        let station = stations[chosen.index]
        let zone = station.timeZone.flatMap(TimeZone.init(identifier:))
        func localDate(_ row: Row) -> CivilDate {
            let offset = zone.map { $0.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(row.observation.time))) }
                ?? row.writtenOffset ?? station.writtenOffset ?? 0
            return CivilDate(unixSeconds: row.observation.time, offsetSeconds: offset)
        }
        let rows = station.rows.filter { request.contains(localDate($0)) }
        let offset: Int
        if let zone {
            let at = rows.first?.observation.time ?? request.start.midnightUTCSeconds + 43_200
            offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(at)))
        } else {
            offset = rows.lazy.compactMap(\.writtenOffset).first ?? station.writtenOffset ?? 0
        }
        return WeatherSeries(provider: name, gridLatitude: station.latitude, gridLongitude: station.longitude,
                             timeZone: station.timeZone, utcOffsetSeconds: offset, hours: rows.map(\.observation))
    }

    /// Degrees on a local flat map: latitude difference and longitude difference × cos(lat),
    /// the longitude difference taken the short way round.
    static func distanceDegrees(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        var dLon = abs(lon1 - lon2).truncatingRemainder(dividingBy: 360)
        if dLon > 180 { dLon = 360 - dLon }
        let x = dLon * cos((lat1 + lat2) / 2 * .pi / 180)
        let y = lat1 - lat2
        return (x * x + y * y).squareRoot()
    }

    static func detect(_ data: Data) -> Format {
        for byte in data.prefix(4096) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue // whitespace, UTF-8 BOM
            case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
            default: return .csv
            }
        }
        return .csv
    }

    // MARK: - Fields shared by CSV and JSON

    static let columns = ["latitude", "longitude", "time", "temperature_c", "apparent_temperature_c",
                          "precipitation_mm", "cloud_cover_percent", "wind_speed_kmh", "weather_code", "timezone"]

    /// One row from named text/number fields. `field(name)` returns nil when absent or empty.
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
                    throw fail("\(name): \"\(t)\" is not a number")
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
                guard TimeZone(identifier: trimmed) != nil else { throw fail("unknown time zone \"\(trimmed)\"") }
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
            if let unix = Int64(trimmed) {
                time = unix; written = nil
            } else if let parsed = parseISOTime(trimmed) {
                if let offset = parsed.offset {
                    time = parsed.localSeconds - Int64(offset); written = offset
                } else if let zone = zoneID.flatMap(TimeZone.init(identifier:)) {
                    time = PlaceTime.instant(ofLocalSeconds: parsed.localSeconds, in: zone).unixSeconds; written = nil
                } else {
                    throw fail("time \"\(t)\" has no UTC offset (add Z or ±HH:MM, or a timezone column)")
                }
            } else {
                throw fail("time \"\(t)\" is neither Unix seconds nor ISO-8601")
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

    enum FieldValue { case text(String), number(Double) }

    /// `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH:MM|±HHMM|±HH]` → local seconds (fields read
    /// as UTC) and the written offset, if any.
    static func parseISOTime(_ text: String) -> (localSeconds: Int64, offset: Int?)? {
        let c = Array(text.utf8)
        guard c.count >= 16, c[10] == UInt8(ascii: "T") || c[10] == UInt8(ascii: " ") || c[10] == UInt8(ascii: "t"),
              c[13] == UInt8(ascii: ":"), let date = CivilDate(iso: String(decoding: c[0..<10], as: UTF8.self))
        else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= c.count else { return nil }
            var v = 0
            for i in range { guard c[i] >= 48, c[i] <= 57 else { return nil }; v = v * 10 + Int(c[i] - 48) }
            return v
        }
        guard let hour = digits(11..<13), let minute = digits(14..<16), hour < 24, minute < 60 else { return nil }
        var i = 16, second = 0
        if i < c.count, c[i] == UInt8(ascii: ":") {
            guard let s = digits(17..<19), s < 60 else { return nil }
            second = s; i = 19
            if i < c.count, c[i] == UInt8(ascii: ".") || c[i] == UInt8(ascii: ",") {
                i += 1
                let start = i
                while i < c.count, c[i] >= 48, c[i] <= 57 { i += 1 }
                guard i > start else { return nil }
            }
        }
        let local = date.midnightUTCSeconds + Int64(hour * 3600 + minute * 60 + second)
        if i == c.count { return (local, nil) }
        if c[i] == UInt8(ascii: "Z") || c[i] == UInt8(ascii: "z") { return i + 1 == c.count ? (local, 0) : nil }
        guard c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") else { return nil }
        let sign = c[i] == UInt8(ascii: "-") ? -1 : 1
        let rest = c.count - i - 1
        let oh: Int?, om: Int?
        switch rest {
        case 2: oh = digits(i + 1..<i + 3); om = 0
        case 4: oh = digits(i + 1..<i + 3); om = digits(i + 3..<i + 5)
        case 5 where c[i + 3] == UInt8(ascii: ":"): oh = digits(i + 1..<i + 3); om = digits(i + 4..<i + 6)
        default: return nil
        }
        guard let h = oh, let m = om, h <= 14, m < 60 else { return nil }
        return (local, sign * (h * 3600 + m * 60))
    }

    // MARK: - CSV

    static func parseCSV(_ data: Data, path: String) throws -> [Row] {
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var header: [String]?
        var separator: Character = ","
        var rows: [Row] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so split on every newline form.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            guard let columns = header else {
                if !line.contains(",") && line.contains(";") { separator = ";" }
                let names = try splitCSV(line, separator: separator, path: path, line: lineNumber)
                    .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                for required in ["latitude", "longitude", "time"] where !names.contains(required) {
                    throw LoadError(path: path, location: "\(lineNumber)", message: "header has no \(required) column")
                }
                header = names
                continue
            }
            let fields = try splitCSV(line, separator: separator, path: path, line: lineNumber)
            guard fields.count <= columns.count else {
                throw LoadError(path: path, location: "\(lineNumber)", message: "\(fields.count) fields for \(columns.count) columns")
            }
            var byName: [String: String] = [:]
            for (name, value) in zip(columns, fields) where byName[name] == nil { byName[name] = value }
            rows.append(try makeRow({ name in
                guard let value = byName[name], !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
                return .text(value)
            }, path: path, location: "\(lineNumber)"))
        }
        guard header != nil else { throw LoadError(path: path, location: nil, message: "empty CSV (no header row)") }
        return rows
    }

    /// Splits one CSV line; fields may be double-quoted (`""` inside quotes is a quote).
    static func splitCSV(_ line: Substring, separator: Character, path: String, line number: Int) throws -> [String] {
        var fields: [String] = []
        var current = ""
        var inQuotes = false, wasQuoted = false
        var iterator = line.makeIterator()
        var pending: Character? = nil
        while let ch = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if ch == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { current.append("\"") } else { inQuotes = false; pending = next }
                    } else { inQuotes = false }
                } else { current.append(ch) }
            } else if ch == "\"" && current.trimmingCharacters(in: .whitespaces).isEmpty && !wasQuoted {
                inQuotes = true; wasQuoted = true; current = ""
            } else if ch == separator {
                fields.append(current); current = ""; wasQuoted = false
            } else {
                current.append(ch)
            }
        }
        guard !inQuotes else { throw LoadError(path: path, location: "\(number)", message: "unterminated quote") }
        fields.append(current)
        return fields
    }

    // MARK: - JSON

    enum JSONValue: Decodable {
        case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let b = try? container.decode(Bool.self) { self = .bool(b) }
            else if let n = try? container.decode(Double.self) { self = .number(n) }
            else if let s = try? container.decode(String.self) { self = .string(s) }
            else if let a = try? container.decode([JSONValue].self) { self = .array(a) }
            else { self = .object(try container.decode([String: JSONValue].self)) }
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
                throw LoadError(path: path, location: nil, message: "expected {\"observations\": [...]}, an array of rows, or a saved Open-Meteo answer")
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
        if case .number(let o)? = answer["utc_offset_seconds"] { utcOffset = Int(o) }
        let mapping = ["temperature_c": "temperature_2m", "apparent_temperature_c": "apparent_temperature",
                       "precipitation_mm": "precipitation", "cloud_cover_percent": "cloud_cover",
                       "wind_speed_kmh": "wind_speed_10m", "weather_code": "weather_code"]
        var columns: [String: [JSONValue]] = [:]
        for (ours, theirs) in mapping {
            if case .array(let values)? = hourly[theirs] {
                guard values.count == times.count else { throw fail("hourly.\(theirs) has \(values.count) values for \(times.count) times") }
                columns[ours] = values
            }
        }
        var rows: [Row] = []
        rows.reserveCapacity(times.count)
        for (index, time) in times.enumerated() {
            var timeField = time.field
            // Local ISO times without a zone we know: apply the answer's fixed offset.
            if zoneID == nil, case .text(let t)? = timeField, let parsed = parseISOTime(t), parsed.offset == nil {
                timeField = .number(Double(parsed.localSeconds - Int64(utcOffset)))
            }
            var row = try makeRow({ name in
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
