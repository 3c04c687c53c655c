import Foundation
import Synchronization

extension Gazetteer {
    /// How many alternate names of one place go into the search index: a city of millions
    /// has a hundred Latin-script ones, and the index needs the everyday few.
    public static let searchAlternatesLimit = 20

    /// The words a named place may be searched by, folded as `PlaceNameKey` folds them
    /// ("Łódź" → "lodz", which the index's own tokenizer would not do): its name, region and
    /// country, and a few of its alternate names ("munchen" for Munich, "koln" for Cologne).
    /// The table does not say which alternates are the local ones; the spellings with
    /// letters beyond ASCII (München, Köln) mostly are, where the ASCII ones are mostly
    /// transliterations from other scripts ("Mwnkh"), so those come first, then the ones
    /// that begin like the name (the table keeps "Munchen", not "München"), shortest first.
    /// Codes ("MUC"), phrases ("Lungsod ng Munchen", "Kolín nad Rýnem") and spellings with
    /// apostrophes or digits are left out. Only the name, region and country when the place
    /// is not in this table.
    public func searchNames(for place: NamedPlace) -> [String] {
        var words: [String] = []
        for name in [place.name, place.region, place.country].compactMap({ $0 }) {
            let folded = PlaceNameKey.fold(name)
            if !folded.isEmpty, !words.contains(folded) { words.append(folded) }
        }
        guard let index = index(of: place) else { return words }
        let stem = String(words.first?.prefix(2) ?? "")
        var ranked: [(rank: Int, folded: String)] = []
        for spelling in alternateSpellings(of: index)
        where spelling.count >= 4 && spelling.allSatisfy({ $0.isLetter || $0 == "-" }) {
            let folded = PlaceNameKey.fold(spelling)
            guard !words.contains(folded), !ranked.contains(where: { $0.folded == folded }) else { continue }
            let native = !spelling.unicodeScalars.allSatisfy(\.isASCII)
            ranked.append((native ? 0 : folded.hasPrefix(stem) ? 1 : 2, folded))
        }
        ranked.sort { ($0.rank, $0.folded.count, $0.folded) < ($1.rank, $1.folded.count, $1.folded) }
        return words + ranked.prefix(Self.searchAlternatesLimit).map(\.folded)
    }

    /// The table's place with this name, region and country (the most populous when there
    /// are several).
    private func index(of place: NamedPlace) -> Int? {
        guard let name = place.name else { return nil }
        return places(spelled: PlaceNameKey.fold(name)).first { index in
            let record = table.place(index)
            return table.string(record.name) == name && table.regionName(record.region) == place.region
                && table.country(Int(record.country)).code == place.countryCode
        }
    }

    /// Every spelling the name index has for place `index`. The index is sorted by name,
    /// not place, so this reads all of it; entries cluster in few places, so the answers are
    /// kept.
    private func alternateSpellings(of index: Int) -> [String] {
        if let known = Self.spellingCache.withLock({ $0[index] }) { return known }
        var spellings: [String] = []
        for position in 0..<table.nameCount {
            let entry = table.nameKey(position)
            if entry.place == index { spellings.append(table.string(entry.spelling)) }
        }
        Self.spellingCache.withLock { $0[index] = spellings }
        return spellings
    }

    private static let spellingCache = Mutex<[Int: [String]]>([:])
}
