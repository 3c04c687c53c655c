import DaybookCore
import DaybookPlaces
import DaybookStore
import Foundation

/// How an entry's place reads beside its coordinates: in the Markdown export's headings, and
/// in `show`'s place row.
package enum PlaceText {
    /// "Kyoto, Japan (35.0116, 135.7681)"; the coordinates alone when no place was named.
    /// `name` writes the place's name (Markdown escapes it); the coordinates are our own digits.
    package static func withCoordinates(_ entry: JournalEntry, name: (String) -> String = { $0 }) -> String? {
        guard let location = entry.location else { return nil }
        let coordinates = String(format: "%.4f, %.4f", location.latitude, location.longitude)
        return entry.place.map { "\(name($0.label)) (\(coordinates))" } ?? coordinates
    }

    /// "Paris, Île-de-France, France (1.4 km from its centre; Europe/Paris)"
    package static func details(_ place: NamedPlace) -> String {
        var notes = place.distanceKm.map { [String(format: "%.1f km from its centre", $0)] } ?? ["no town within 25 km"]
        if let zone = place.timeZone { notes.append(zone) }
        return "\(place.fullLabel) (\(notes.joined(separator: "; ")))"
    }
}
