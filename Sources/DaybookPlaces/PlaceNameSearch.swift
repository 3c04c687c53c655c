import DaybookCore

/// A place a typed name may mean.
public struct PlaceCandidate: Sendable, Hashable, Encodable {
    public let place: NamedPlace
    public let location: GeoLocation
    public let population: Int
}

extension Gazetteer {
    /// The places called `query`, most populous first. The name is compared folded (case and
    /// accents ignored) with each place's name and, for places of 100,000 people or more, its
    /// Latin-script alternate names ("Munchen", "Wien"). After a comma comes what narrows it:
    /// a country code or name, or a region (`"Paris, FR"`, `"Paris, Texas"`).
    public func places(named query: String, limit: Int = 10) -> [PlaceCandidate] {
        let parts = query.split(separator: ",", maxSplits: 1).map { PlaceNameKey.fold(String($0)) }
        guard let key = parts.first, !key.isEmpty else { return [] }
        let qualifier = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
        var seen = Set<Int>()
        var found: [(index: Int, population: UInt32)] = []
        for index in places(spelled: key) {
            let record = table.place(index)
            guard seen.insert(index).inserted, qualifier.map({ matches(record, qualifier: $0) }) ?? true else { continue }
            found.append((index, record.population))
        }
        return found.sorted { ($0.population, $1.index) > ($1.population, $0.index) }.prefix(limit).map { item in
            let position = table.position(item.index)
            return PlaceCandidate(
                place: describe(item.index, distanceKm: nil),
                location: GeoLocation(
                    latitude: Double(position.latitudeE5) / PlaceTable.scale, longitude: Double(position.longitudeE5) / PlaceTable.scale),
                population: Int(item.population))
        }
    }

    /// The places with a spelling that folds to `key`, in the name index's order (a place
    /// with several such spellings comes once for each).
    func places(spelled key: String) -> UnfoldSequence<Int, Int> {
        sequence(state: lowerBound(of: key)) { position in
            guard position < table.nameCount else { return nil }
            let entry = table.nameKey(position)
            guard PlaceNameKey.fold(table.string(entry.spelling)) == key else { return nil }
            position += 1
            return entry.place
        }
    }

    /// The first name key whose folded spelling is not before `key`, in UTF-8 byte order as
    /// the derive script sorted them.
    func lowerBound(of key: String) -> Int {
        var low = 0, high = table.nameCount
        while low < high {
            let middle = (low + high) / 2
            let folded = PlaceNameKey.fold(table.string(table.nameKey(middle).spelling))
            if folded.utf8.lexicographicallyPrecedes(key.utf8) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func matches(_ record: PlaceTable.Record, qualifier: String) -> Bool {
        let country = table.country(Int(record.country))
        if qualifier == country.code.lowercased() || qualifier == PlaceNameKey.fold(country.name) { return true }
        return table.regionName(record.region).map { PlaceNameKey.fold($0) == qualifier } ?? false
    }
}
