import DaybookCore
import DaybookPlaces

/// How an entry's place reads for a person: the one rule `daybook list` and `show`, every
/// web page, the map and `export html` follow, so a place never has two names.
package enum EntryPlaceName {
    /// "Kyoto, Japan" (town and country; the country alone past the town radius); the
    /// coordinates when the position names no place (at sea, or never looked up).
    package static func short(place: NamedPlace?, location: GeoLocation?) -> String? {
        guard let location else { return nil }
        if let place { return place.label }
        return coordinates(location)
    }

    /// "Paris, Île-de-France, France": with the region, unless it repeats the town's name,
    /// where there is room to tell two towns of one name apart; else as `short`.
    package static func full(place: NamedPlace?, location: GeoLocation?) -> String? {
        guard let location else { return nil }
        if let place { return place.fullLabel }
        return coordinates(location)
    }

    /// "35.0116°N 135.7681°E": four decimals, about 10 m.
    package static func coordinates(_ location: GeoLocation) -> String {
        "\(fourDecimals(abs(location.latitude)))°\(location.latitude < 0 ? "S" : "N") "
            + "\(fourDecimals(abs(location.longitude)))°\(location.longitude < 0 ? "W" : "E")"
    }

    /// `String(format: "%.4f", value)` for 0 ≤ value ≤ 180 without Foundation's formatter,
    /// which every tile of every timeline page would otherwise pay for.
    static func fourDecimals(_ value: Double) -> String {
        guard let units = fourDecimalUnits(value) else { return String(format: "%.4f", value) }
        let decimals = String(units % 10_000)
        return "\(units / 10_000)." + String(repeating: "0", count: 4 - decimals.count) + decimals
    }

    /// The value in ten-thousandths, rounded, where that is what `%.4f` prints; nil where the
    /// formatter must decide: past 0...180, and within a millionth of a half-way point, as
    /// printf rounds the exact binary value, which the multiplication may have moved across
    /// the half.
    static func fourDecimalUnits(_ value: Double) -> Int? {
        let scaled = value * 10_000
        let fraction = scaled - scaled.rounded(.down)
        guard value.isFinite, value <= 180, abs(fraction - 0.5) > 1e-6 else { return nil }
        return Int(scaled.rounded())
    }

    /// `coordinates(location)`'s UTF-8 bytes, made on the stack: a timeline page prints them
    /// twice a tile (alt text and place) where a position names no place, and making the
    /// String cost more than writing the page's bytes around it.
    package static func withCoordinatesUTF8<Result>(
        _ location: GeoLocation, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        guard let latitude = fourDecimalUnits(abs(location.latitude)),
            let longitude = fourDecimalUnits(abs(location.longitude))
        else {
            var text = coordinates(location)
            return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        }
        // "180.0000°N 180.0000°E" is 23 bytes, the longest.
        var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return try withUnsafeMutableBytes(of: &storage) { bytes in
            var end = 0
            func append(_ byte: UInt8) {
                bytes[end] = byte
                end += 1
            }
            func appendUnits(_ units: Int) {
                var whole = units / 10_000
                var digits = 1
                while whole >= 10 {
                    whole /= 10
                    digits += 1
                }
                whole = units / 10_000
                for place in stride(from: digits - 1, through: 0, by: -1) {
                    bytes[end + place] = UInt8(ascii: "0") + UInt8(whole % 10)
                    whole /= 10
                }
                end += digits
                append(UInt8(ascii: "."))
                var fraction = units % 10_000
                for place in stride(from: 3, through: 0, by: -1) {
                    bytes[end + place] = UInt8(ascii: "0") + UInt8(fraction % 10)
                    fraction /= 10
                }
                end += 4
            }
            appendUnits(latitude)
            append(0xC2)  // °
            append(0xB0)
            append(UInt8(ascii: location.latitude < 0 ? "S" : "N"))
            append(UInt8(ascii: " "))
            appendUnits(longitude)
            append(0xC2)
            append(0xB0)
            append(UInt8(ascii: location.longitude < 0 ? "W" : "E"))
            return try body(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
        }
    }
}

extension JournalEntry {
    /// `EntryPlaceName.short` of this entry: "Kyoto, Japan".
    package var placeName: String? { EntryPlaceName.short(place: place, location: location) }
    /// `EntryPlaceName.full` of this entry: "Kyoto, Kyoto, Japan" less the repeat.
    package var fullPlaceName: String? { EntryPlaceName.full(place: place, location: location) }
}
