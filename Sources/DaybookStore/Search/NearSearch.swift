import GRDB

/// "Near a place" and nothing else, answered from the spatial index (`NearIndex`): the box's
/// points with their exact positions, their distances, then whole rows for the nearest few
/// only. A million entries cost what the points in the box cost.
enum NearSearch {
    /// Nearest first; equal distances in entry id order, as `SearchSQL.nearest` orders them.
    static func nearest(_ area: SearchPlan.Area, limit: Int?, _ db: Database) throws -> [SearchResult] {
        var seen = Set<Int64>()
        var inCircle: [(rowid: Int64, distance: Double)] = []
        for point in try NearIndex.points(in: area.box, db) where seen.insert(point.rowid).inserted {
            if let distance = area.distanceKm(latitude: point.latitude, longitude: point.longitude) {
                inCircle.append((point.rowid, distance))
            }
        }
        inCircle.sort { $0.distance < $1.distance }
        // Ties at the cut are decided by entry id, which only the rows have: keep them all.
        if let limit, inCircle.count > limit {
            let last = limit > 0 ? inCircle[limit - 1].distance : -1
            inCircle = Array(inCircle.prefix { $0.distance <= last })
        }
        // In slices, so a search without a limit stays under SQLite's bound-parameter cap.
        var entries: [JournalEntry] = []
        for start in stride(from: 0, to: inCircle.count, by: 10_000) {
            let rowids = inCircle[start..<min(start + 10_000, inCircle.count)].map(\.rowid)
            entries += try JournalEntry.filter(rowids.contains(Column.rowID)).fetchAll(db)
        }
        // Distances from each row's own position: a row the index no longer matches drops out.
        var results = entries.compactMap { entry -> SearchResult? in
            guard let location = entry.location,
                let distance = area.distanceKm(latitude: location.latitude, longitude: location.longitude)
            else { return nil }
            return SearchResult(entry: entry, distanceKm: distance)
        }
        results.sort { ($0.distanceKm ?? 0, $0.entry.id) < ($1.distanceKm ?? 0, $1.entry.id) }
        return limit.map { Array(results.prefix($0)) } ?? results
    }
}

extension SearchPlan {
    /// Only "near a place" is asked (no words, tags, dates or cursor): the spatial index
    /// answers it alone.
    var isAreaAlone: Bool {
        area != nil && fullText == nil && tags.isEmpty && capturedFrom == nil && capturedBefore == nil && before == nil
            && cursor == nil
    }
}
