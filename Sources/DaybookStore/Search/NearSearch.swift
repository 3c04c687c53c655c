import GRDB

/// "Near a place" and nothing else, answered from the spatial index (`NearIndex`): the box's
/// points with their exact positions, their distances, then whole rows for the nearest few
/// only. A million entries cost what the points in the box cost.
enum NearSearch {
    /// Nearest first; equal distances in entry id order, as `SearchSQL.nearest` orders them.
    static func nearest(_ area: SearchPlan.Area, limit: Int?, _ db: Database) throws -> [SearchResult] {
        var inCircle = try pointsNearest(area, limit: limit, db)
        inCircle.sort { $0.distance < $1.distance }
        // Ties at the cut are decided by entry id, which only the rows have: keep them all.
        if let limit, inCircle.count > limit {
            let last = limit > 0 ? inCircle[limit - 1].distance : -1
            inCircle = Array(inCircle.prefix { $0.distance <= last })
        }
        // In slices, so a search without a limit stays under SQLite's bound-parameter cap.
        var entries: [JournalEntry] = []
        for rowids in inCircle.map(\.rowid).boundValueChunks() {
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

    /// With a limit, circles growing fourfold from 1/64 of the radius, until one holds `limit`
    /// points (then no point outside it can be among the nearest) or is the whole circle: in a
    /// crowded place the nearest hundred lie in a small circle of its thousands.
    private static func pointsNearest(_ area: SearchPlan.Area, limit: Int?, _ db: Database) throws -> [(rowid: Int64, distance: Double)] {
        var radius = limit == nil ? area.radiusKm : area.radiusKm / 64
        while true {
            let circle =
                radius < area.radiusKm ? SearchPlan.Area(.init(latitude: area.latitude, longitude: area.longitude, radiusKm: radius)) : area
            let points = try points(in: circle, db)
            if circle == area || points.count >= limit ?? 0 { return points }
            radius *= 4
        }
    }

    /// The index's points within the circle, each once, with its exact distance.
    private static func points(in area: SearchPlan.Area, _ db: Database) throws -> [(rowid: Int64, distance: Double)] {
        var seen = Set<Int64>()
        var inCircle: [(rowid: Int64, distance: Double)] = []
        for point in try NearIndex.points(in: area.box, db) where seen.insert(point.rowid).inserted {
            if let distance = area.distanceKm(latitude: point.latitude, longitude: point.longitude) {
                inCircle.append((point.rowid, distance))
            }
        }
        return inCircle
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
