import DaybookCore

/// A typed place name taken as a point, as `search --near NAME` and the web search's Near
/// field read it: the most populous place of that name, and how many others share it.
public struct NearPlaceChoice: Sendable, Hashable {
    /// The most this looks at: 50 candidates are enough to say "49 or more others".
    static let candidateLimit = 50

    public let name: String
    public let chosen: PlaceCandidate
    /// Other places called `name`; `candidateLimit - 1` means that many or more.
    public let othersCount: Int

    public var location: GeoLocation { chosen.location }

    /// "Paris, Île-de-France, France (2138551 people); 49 or more other places have that
    /// name", nil when the name is unique: what each caller shows beside the results (the CLI
    /// on standard error, the web on the page), so the guess is never silent.
    public var note: String? {
        guard othersCount > 0 else { return nil }
        let others =
            othersCount >= Self.candidateLimit - 1
            ? "\(Self.candidateLimit - 1) or more other places have"
            : othersCount == 1 ? "1 other place has" : "\(othersCount) other places have"
        return "\(chosen.place.fullLabel) (\(chosen.population) people); \(others) that name"
    }
}

extension Gazetteer {
    /// The place `name` most likely means (`"Paris, FR"` narrows by country or region); nil
    /// when no place has that name.
    public func nearPlace(named name: String) -> NearPlaceChoice? {
        let candidates = places(named: name, limit: NearPlaceChoice.candidateLimit)
        guard let chosen = candidates.first else { return nil }
        return NearPlaceChoice(name: name, chosen: chosen, othersCount: candidates.count - 1)
    }
}
