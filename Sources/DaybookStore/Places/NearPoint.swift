import DaybookCore
import DaybookPlaces

/// What a "near" search is near, as `search --near` and the web search's Near field take it:
/// "LAT,LON", an entry id (or a unique prefix) whose position is used, or a place's name.
package enum NearPoint {
    package struct Resolved: Sendable {
        package let latitude: Double
        package let longitude: Double
        /// Set when a name was read: which place was taken, for the note beside the results.
        package let choice: NearPlaceChoice?
    }

    package enum Problem: Error, Sendable {
        case offEarth
        case entryWithoutPlace(JournalEntry)
        case noSuchPlace
    }

    /// Entry ids are lower-case hex and dashes: 4+ such characters are tried as an id first.
    package static func looksLikeEntryID(_ text: String) -> Bool {
        text.utf8.count >= 4 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }
    }

    /// Coordinates first, then an entry, then a name; a prefix that more than one entry
    /// shares throws the store's `ambiguousID`.
    package static func resolve(_ text: String, store: JournalStore, gazetteer: Gazetteer) throws -> Resolved {
        switch JournalQuery.place(text) {
        case .point(let latitude, let longitude): return Resolved(latitude: latitude, longitude: longitude, choice: nil)
        case .offEarth: throw Problem.offEarth
        case .entry: break
        }
        if looksLikeEntryID(text) {
            do {
                let entry = try store.entry(idPrefix: text)
                guard let location = entry.location else { throw Problem.entryWithoutPlace(entry) }
                return Resolved(latitude: location.latitude, longitude: location.longitude, choice: nil)
            } catch let error as StoreError where error.code == .entryNotFound {
                // Not an entry: a place called, say, "Abbe" or "Cafe".
            }
        }
        guard let choice = gazetteer.nearPlace(named: text) else { throw Problem.noSuchPlace }
        return Resolved(latitude: choice.location.latitude, longitude: choice.location.longitude, choice: choice)
    }
}
