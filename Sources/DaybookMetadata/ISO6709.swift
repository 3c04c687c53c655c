import DaybookCore

/// ISO 6709 point text as phones write it in a video (`+48.8584+002.2945+035.000/`):
/// latitude, longitude, an optional height, an optional `CRS…` name, and the closing `/`.
/// Each coordinate is degrees (`±DD.D`), degrees and minutes (`±DDMM.M`) or degrees, minutes and
/// seconds (`±DDMMSS.S`), told apart by the digits before the point. Parsed strictly: every
/// part needs its sign, minutes and seconds stay below 60, and the ranges are the globe's.
package enum ISO6709 {
    package static func location(_ text: String) -> GeoLocation? {
        guard text.utf8.count <= 128 else { return nil }
        var body = Substring(text)
        if body.hasSuffix("/") { body = body.dropLast() }
        if let crs = body.range(of: "CRS") { body = body[..<crs.lowerBound] }
        let parts = signedParts(body)
        guard parts.count == 2 || parts.count == 3,
            let latitude = coordinate(parts[0], degreeDigits: 2, limit: 90),
            let longitude = coordinate(parts[1], degreeDigits: 3, limit: 180)
        else { return nil }
        var altitude: Double?
        if parts.count == 3 {
            guard let height = signed(parts[2]), abs(height) < 100_000 else { return nil }
            altitude = height
        }
        return GeoLocation(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// Splits at each sign; nil parts (text before the first sign) make the whole invalid.
    private static func signedParts(_ text: Substring) -> [Substring] {
        guard let first = text.first, first == "+" || first == "-" else { return [] }
        var parts: [Substring] = []
        var start = text.startIndex
        for index in text.indices.dropFirst() where text[index] == "+" || text[index] == "-" {
            parts.append(text[start..<index])
            start = index
        }
        parts.append(text[start...])
        return parts
    }

    private static func signed(_ part: Substring) -> Double? {
        guard let sign = part.first, let magnitude = XMPValues.decimal(part.dropFirst()) else { return nil }
        return sign == "-" ? -magnitude : magnitude
    }

    private static func coordinate(_ part: Substring, degreeDigits: Int, limit: Double) -> Double? {
        guard let sign = part.first else { return nil }
        let digits = part.dropFirst()
        guard XMPValues.decimal(digits) != nil else { return nil }
        let whole = digits.prefix { $0 != "." }
        let fraction = Double("0" + digits.dropFirst(whole.count)) ?? 0
        let wholeDigits = Array(whole)
        func number(_ range: Range<Int>) -> Double { Double(String(wholeDigits[range]))! }
        let degrees: Double
        switch wholeDigits.count {
        case degreeDigits:
            degrees = number(0..<degreeDigits) + fraction
        case degreeDigits + 2:
            let minutes = number(degreeDigits..<degreeDigits + 2) + fraction
            guard minutes < 60 else { return nil }
            degrees = number(0..<degreeDigits) + minutes / 60
        case degreeDigits + 4:
            let minutes = number(degreeDigits..<degreeDigits + 2)
            let seconds = number(degreeDigits + 2..<degreeDigits + 4) + fraction
            guard minutes < 60, seconds < 60 else { return nil }
            degrees = number(0..<degreeDigits) + minutes / 60 + seconds / 3600
        default:
            return nil
        }
        guard degrees <= limit else { return nil }
        return sign == "-" ? -degrees : degrees
    }
}
