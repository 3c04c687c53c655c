import DaybookCore
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
package struct FileWeatherProvider: WeatherProvider {
    package enum Format: String, Sendable { case csv, json }

    /// A load failure: the file and, for a bad row, its line (CSV) or index (JSON).
    package struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        package let path: String
        package let location: String?
        package let message: String
        package var description: String {
            "\(path)\(location.map { ":\($0)" } ?? ""): \(message)"
        }
    }

    struct Station: Sendable {
        let latitude: Double
        let longitude: Double
        let timeZone: String?
        let writtenOffset: Int?
        /// Sorted by time, one per time (the last row wins).
        let rows: [Row]
    }

    package let path: String
    package let maxDistanceDegrees: Double
    private let stations: [Station]
    private let stationsByCell: [GeoCell: [Int]]

    package var name: String { "file" }
    package var stationCount: Int { stations.count }
    package var observationCount: Int { stations.reduce(0) { $0 + $1.rows.count } }

    /// Loads `path`: `.csv` / `.json` by extension, otherwise by content (JSON starts with
    /// `{` or `[`). Throws `LoadError` for an unreadable file or a bad row.
    package init(path: String, maxDistanceDegrees: Double = 0.5) throws {
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
    package init(contents: Data, format: Format? = nil, path: String = "<data>", maxDistanceDegrees: Double = 0.5) throws {
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
            for row in stationRows.enumerated().sorted(by: {
                ($0.element.observation.time, $0.offset) < ($1.element.observation.time, $1.offset)
            }).map(\.element) {
                if let last = sorted.last, last.observation.time == row.observation.time {
                    sorted[sorted.count - 1] = row
                } else {
                    sorted.append(row)
                }
            }
            let first = stationRows[0]
            let station = Station(
                latitude: first.latitude, longitude: first.longitude,
                timeZone: stationRows.lazy.compactMap(\.timeZone).first,
                writtenOffset: stationRows.lazy.compactMap(\.writtenOffset).first,
                rows: sorted)
            byCell[GeoCell(latitude: station.latitude, longitude: station.longitude), default: []].append(stations.count)
            stations.append(station)
        }
        self.stations = stations
        self.stationsByCell = byCell
    }

    package func series(for request: WeatherRequest) async throws(WeatherError) -> WeatherSeries {
        try answer(request)
    }

    /// Synchronous form of `series(for:)`.
    func answer(_ request: WeatherRequest) throws(WeatherError) -> WeatherSeries {
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
            let offset =
                zone.map { $0.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(row.observation.time))) }
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
        return WeatherSeries(
            provider: name, gridLatitude: station.latitude, gridLongitude: station.longitude,
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
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue  // whitespace, UTF-8 BOM
            case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
            default: return .csv
            }
        }
        return .csv
    }
}
