import DaybookCore
import DaybookPlaces
import Foundation

/// A place given for an entry (`write --place`, `edit --place`, the entry page's Place
/// field): "LAT,LON" as written, or a town's name found offline, the most populous place of
/// that name (`Gazetteer.nearPlace`). One reading for every caller, so a name the CLI takes
/// is one the web takes, and the same place.
package enum EntryPlaceInput {
    package struct Resolved: Sendable {
        package let location: GeoLocation
        /// Set when a name was read: which place was taken, and how many others share the
        /// name, for the note each caller shows.
        package let choice: NearPlaceChoice?
    }

    package enum Problem: Error, Sendable, Equatable {
        case blank
        case offEarth
        case noSuchPlace
    }

    /// The table is asked for only when the text is no pair of coordinates.
    package static func resolve(_ text: String, gazetteer: () throws -> Gazetteer) throws -> Resolved {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw Problem.blank }
        switch JournalQuery.place(text) {
        case .point(let latitude, let longitude):
            return Resolved(location: GeoLocation(latitude: latitude, longitude: longitude), choice: nil)
        case .offEarth: throw Problem.offEarth
        case .entry: break
        }
        guard let choice = try gazetteer().nearPlace(named: text) else { throw Problem.noSuchPlace }
        return Resolved(location: choice.location, choice: choice)
    }
}
