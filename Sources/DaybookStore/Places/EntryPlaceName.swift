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

    /// `String(format: "%.4f", value)` for 0 ≤ value ≤ 180 without Foundation's formatter (a
    /// twentieth of a timeline page's CPU, once a tile): the value in ten-thousandths, rounded;
    /// within a millionth of a half-way point the formatter itself decides, as printf rounds
    /// the exact binary value, which the multiplication may have moved across the half.
    static func fourDecimals(_ value: Double) -> String {
        let scaled = value * 10_000
        let fraction = scaled - scaled.rounded(.down)
        guard value.isFinite, value <= 180, abs(fraction - 0.5) > 1e-6 else { return String(format: "%.4f", value) }
        let units = Int(scaled.rounded())
        let decimals = String(units % 10_000)
        return "\(units / 10_000)." + String(repeating: "0", count: 4 - decimals.count) + decimals
    }
}

extension JournalEntry {
    /// `EntryPlaceName.short` of this entry: "Kyoto, Japan".
    package var placeName: String? { EntryPlaceName.short(place: place, location: location) }
    /// `EntryPlaceName.full` of this entry: "Kyoto, Kyoto, Japan" less the repeat.
    package var fullPlaceName: String? { EntryPlaceName.full(place: place, location: location) }
}
