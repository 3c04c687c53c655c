import DaybookStore

/// A page of a search's matches as tiles, each with its distance when the search was "near".
/// A search page shows no stack sizes: it lists frames as well as covers.
struct SearchTiles: Sendable {
    var tiles: TileEntries
    var distances: [String: Double]

    /// The matches' tiles and what each tile shows beside its photo, read in the page's read:
    /// the tile's columns, not whole entries and whole tag and weather rows (issue 23).
    init(_ matches: [SearchMatch], _ reader: JournalReader) throws {
        let ids = matches.map(\.id)
        tiles = TileEntries(tiles: try reader.timelineTiles(ids: ids), tileAnnotations: try reader.tileAnnotations(for: ids))
        distances = Self.distances(matches.map { ($0.id, $0.distanceKm) })
    }

    /// From whole entries and their whole annotations, as `daybook search` reads them.
    init(results: [SearchResult], annotations: [String: EntryAnnotations]) {
        tiles = TileEntries(entries: results.map(\.entry), annotations: annotations)
        distances = Self.distances(results.map { ($0.entry.id, $0.distanceKm) })
    }

    private static func distances(_ matches: [(id: String, distanceKm: Double?)]) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: matches.compactMap { match in match.distanceKm.map { (match.id, $0) } })
    }
}
