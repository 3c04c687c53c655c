import Foundation

extension JournalQuery {
    /// The most tags one search may name: each is a condition of the statement, and a few
    /// hundred make SQLite refuse it (expression too deep).
    package static let maximumTags = 32

    /// Why a search with words finds nothing without looking: what `daybook search` and the
    /// web journal's search say beside their empty results.
    package static let nothingToFindNote = "the words have no letters or digits to search for"

    /// Words were given, yet none has a letter or digit (`*`, `"`, `(`, `#`, an emoji): such a
    /// search matches nothing, rather than ignoring its words and matching everything (the
    /// index keeps only letters and digits). Only spaces is no words at all.
    package var hasNothingToFind: Bool {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return false }
        return !text.contains { $0.isLetter || $0.isNumber }
    }

    /// A distance as people write it for "near": "25km", "500m", "3.5 km", or a bare number
    /// of kilometres. Nil for anything else, zero, or more than half the Earth's circumference.
    /// `daybook search --radius` and the web journal's search read it alike.
    public static func kilometres(_ text: String) -> Double? {
        let trimmed = text.lowercased().replacingOccurrences(of: " ", with: "")
        let value: Double?
        if trimmed.hasSuffix("km") {
            value = Double(trimmed.dropLast(2))
        } else if trimmed.hasSuffix("m") {
            value = Double(trimmed.dropLast()).map { $0 / 1000 }
        } else {
            value = Double(trimmed)
        }
        guard let value, value > 0, value <= 20_016 else { return nil }
        return value
    }

    /// What a "near" value names: a point written `LAT,LON`, a pair that is no place on
    /// Earth, or else an entry (by id or prefix) whose place to use.
    public enum PlaceText: Sendable, Hashable {
        case point(latitude: Double, longitude: Double)
        case offEarth
        case entry(String)
    }

    public static func place(_ text: String) -> PlaceText {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1] else { return .entry(text) }
        guard abs(latitude) <= 90, abs(longitude) <= 180 else { return .offEarth }
        return .point(latitude: latitude, longitude: longitude)
    }
}
