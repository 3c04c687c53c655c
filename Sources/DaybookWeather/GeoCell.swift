import Foundation

/// A 0.1° × 0.1° grid cell (about 11 km north–south). Entries in the same cell share weather
/// requests; the cell centre is what is sent to the provider.
///
/// Indices are `floor(degrees × 10)` — floor, not truncation, so -0.05° is cell -1 and
/// 0.05° is cell 0. Longitude is normalised to [-180, 180) first, so 180° and -180° are the
/// same cell and cells either side of the antimeridian are neighbours -1800 and 1799.
/// Latitude is clamped to [-90, 90) (the poles fall in the last cell row).
package struct GeoCell: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let latitudeIndex: Int
    package let longitudeIndex: Int

    /// Cell index range: latitude -900…899, longitude -1800…1799.
    package static let latitudeIndices = -900...899
    package static let longitudeIndices = -1800...1799

    /// Non-finite coordinates are treated as 0 (use `init?(checkedLatitude:longitude:)` to
    /// reject them instead).
    package init(latitude: Double, longitude: Double) {
        // The epsilon keeps values such as 2.3 (2.3 * 10 = 22.999999999999996) in cell 23.
        let epsilon = 1e-9
        let lat = latitude.isFinite ? min(max(latitude, -90), 90) : 0
        var lon = longitude.isFinite ? longitude : 0
        lon = (lon + 180).truncatingRemainder(dividingBy: 360)
        if lon < 0 { lon += 360 }
        lon -= 180
        let latIndex = Int((lat * 10 + epsilon).rounded(.down))
        var lonIndex = Int((lon * 10 + epsilon).rounded(.down))
        if lonIndex > 1799 { lonIndex -= 3600 }  // 179.99999999995 + epsilon
        self.latitudeIndex = min(max(latIndex, -900), 899)
        self.longitudeIndex = lonIndex
    }

    /// `nil` for non-finite coordinates or a latitude outside [-90, 90].
    package init?(checkedLatitude latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90 else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Cell from its indices (clamped to the valid ranges).
    package init(latitudeIndex: Int, longitudeIndex: Int) {
        self.latitudeIndex = min(max(latitudeIndex, -900), 899)
        let wrapped = ((longitudeIndex + 1800) % 3600 + 3600) % 3600 - 1800
        self.longitudeIndex = wrapped
    }

    /// Cell centre latitude, rounded to 2 decimals (e.g. 48.85).
    package var latitude: Double { (Double(latitudeIndex * 10 + 5) / 100) }
    /// Cell centre longitude, rounded to 2 decimals (e.g. 2.25).
    package var longitude: Double { (Double(longitudeIndex * 10 + 5) / 100) }

    /// Stable text key, `"latIndex,lonIndex"`, e.g. `"488,22"`.
    package var key: String { "\(latitudeIndex),\(longitudeIndex)" }

    /// Parses `key`.
    package init?(key: String) {
        let parts = key.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]),
            Self.latitudeIndices.contains(a), Self.longitudeIndices.contains(b)
        else { return nil }
        self.init(latitudeIndex: a, longitudeIndex: b)
    }

    /// Centre coordinates as sent in a query: exactly two decimals.
    package var latitudeText: String { Self.twoDecimals(latitudeIndex * 10 + 5) }
    package var longitudeText: String { Self.twoDecimals(longitudeIndex * 10 + 5) }

    package var description: String { key }

    package static func < (a: GeoCell, b: GeoCell) -> Bool {
        (a.latitudeIndex, a.longitudeIndex) < (b.latitudeIndex, b.longitudeIndex)
    }

    /// `hundredths` / 100 as text with two decimals, without floating-point formatting.
    static func twoDecimals(_ hundredths: Int) -> String {
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
