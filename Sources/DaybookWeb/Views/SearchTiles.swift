import DaybookStore

/// A page of a search's matches as tiles, each with its distance when the search was "near".
/// A search page shows no stack sizes: it lists frames as well as covers.
struct SearchTiles: Sendable {
    var tiles: TileEntries
    var distances: [String: Double]

    /// The matches' tiles and what each tile shows beside its photo: its tags, read with its
    /// row (`SearchRows`), and the weather's words, read in the page's read.
    init(_ found: SearchRows, _ reader: JournalReader) throws {
        let tiles = found.rows.tiles
        self.tiles = TileEntries(
            tiles: tiles, tileAnnotations: tiles.isEmpty ? [:] : try reader.tileAnnotations(for: tiles.map(\.id), tags: found.rows.tags))
        distances = found.distances
    }

    /// From whole entries and their whole annotations (`JournalPages.search(_:results:…)`).
    init(results: [SearchResult], annotations: [String: EntryAnnotations]) {
        tiles = TileEntries(entries: results.map(\.entry), annotations: annotations)
        distances = Self.distances(results.map { ($0.entry.id, $0.distanceKm) })
    }

    private static func distances(_ matches: [(id: String, distanceKm: Double?)]) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: matches.compactMap { match in match.distanceKm.map { (match.id, $0) } })
    }
}
