import DaybookCore
import GRDB

/// What a map shows of a view: the grid's clusters, or, when the view holds few entries,
/// the entries themselves.
package struct MapView: Sendable {
    /// The grid level the clusters (and `count`) come from.
    package let level: Int
    /// Entries in the view's cells (a cell partly in view counts whole).
    package let count: Int
    package let clusters: [MapCluster]
    package let points: [PlacedEntry]
}

/// A cell with entries: how many, and where they are on average (the marker's place).
package struct MapCluster: Sendable, Hashable {
    package let cell: MapCell
    package let count: Int
    package let latitude: Double
    package let longitude: Double
}

extension JournalReader {
    /// At most this many cells are read for a view: a window wider than ~2000 pixels steps
    /// down a level rather than send a thousand clusters.
    static let mapCellLimit = 600

    /// The map's answer for `box` at map zoom `zoom`: every entry itself when the view's
    /// cells hold at most `pointLimit`, else the cells as clusters. Both are index range
    /// reads (map_cell's key; entry's latitude, longitude), never a scan of the journal.
    package func mapView(_ box: MapBox, zoom: Int, pointLimit: Int) throws -> MapView {
        var level = MapGrid.level(forZoom: zoom)
        var ranges = Self.cellRanges(box, level: level)
        while level > MapGrid.levels.lowerBound, ranges.cells > Self.mapCellLimit {
            level -= 1
            ranges = Self.cellRanges(box, level: level)
        }
        let columns = ranges.columns.map { _ in "x BETWEEN ? AND ?" }.joined(separator: " OR ")
        var arguments: StatementArguments = [level, ranges.rows.lowerBound, ranges.rows.upperBound]
        for range in ranges.columns { arguments += [range.lowerBound, range.upperBound] }
        let clusters = try Row.fetchAll(
            db,
            sql: """
                SELECT x, y, count, latitude_sum, longitude_sum FROM map_cell
                WHERE level = ? AND y BETWEEN ? AND ? AND (\(columns))
                """, arguments: arguments
        ).compactMap { row -> MapCluster? in
            let count: Int = row["count"]
            guard count > 0, let cell = MapCell(level: level, x: row["x"], y: row["y"]) else { return nil }
            return MapCluster(
                cell: cell, count: count, latitude: row["latitude_sum"] / Double(count), longitude: row["longitude_sum"] / Double(count))
        }
        let count = clusters.reduce(0) { $0 + $1.count }
        guard count > pointLimit else {
            return MapView(level: level, count: count, clusters: [], points: try placedEntries(in: box, limit: pointLimit))
        }
        return MapView(level: level, count: count, clusters: clusters, points: [])
    }

    /// The entries with a place inside `box`, through the (latitude, longitude) index.
    package func placedEntries(in box: MapBox, limit: Int) throws -> [PlacedEntry] {
        let longitudes = box.longitudeRanges.map { _ in "longitude BETWEEN ? AND ?" }.joined(separator: " OR ")
        var arguments: StatementArguments = [box.south, box.north]
        for range in box.longitudeRanges { arguments += [range.lowerBound, range.upperBound] }
        arguments += [limit]
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(PlacedEntry.columns) FROM entry
                WHERE latitude BETWEEN ? AND ? AND (\(longitudes)) LIMIT ?
                """, arguments: arguments
        ).map(PlacedEntry.init(row:))
    }

    /// A page of the entries in `cell`, in `TimelineOrder` after `entry` (newest first):
    /// what a cluster opens. Two ways to read it: walk the captured_local index until the page
    /// is full (about limit × placed / held rows), or read the cell's entries by position and
    /// sort them (held rows); the cheaper one by the cell's count.
    package func mapEntries(in cell: MapCell, after entry: JournalEntry?, limit: Int) throws -> [PlacedEntry] {
        guard limit > 0 else { return [] }
        let counts = try Row.fetchOne(
            db,
            sql: """
                SELECT coalesce((SELECT count FROM map_cell WHERE level = ? AND y = ? AND x = ?), 0) AS held,
                    coalesce((SELECT sum(count) FROM map_cell WHERE level = ?), 0) AS placed
                """, arguments: [cell.level, cell.y, cell.x, MapGrid.levels.lowerBound])
        let held: Int = counts?["held"] ?? 0
        let placed: Int = counts?["placed"] ?? 0
        guard held > 0 else { return [] }
        let byPosition = held * held <= limit * placed
        let key = entry.map(TimelineOrder.Key.init)
        let dated = try mapPage(cell, TimelineOrder.datedAfter(key), byPosition: byPosition, limit: limit)
        guard dated.count < limit else { return dated }
        return dated + (try mapPage(cell, TimelineOrder.undatedAfter(key), byPosition: byPosition, limit: limit - dated.count))
    }

    private func mapPage(_ cell: MapCell, _ condition: SQLExpression, byPosition: Bool, limit: Int) throws -> [PlacedEntry] {
        let order = TimelineOrder.newestFirst.map { SQL("\($0)") }.joined(separator: ", ")
        // A unary + keeps SQLite off the position index where the date index is the better walk.
        let plus: SQL = byPosition ? "" : "+"
        // A margin around the edges for the range, then exactly the cell's entries.
        let margin = 1e-9
        let inCell: SQL = """
            \(plus)latitude BETWEEN \(cell.south - margin) AND \(cell.north + margin) \
            AND longitude BETWEEN \(cell.west - margin) AND \(cell.east + margin) \
            AND \(sql: MapGrid.rowSQL("latitude", level: cell.level)) = \(cell.y) \
            AND \(sql: MapGrid.columnSQL("longitude", level: cell.level)) = \(cell.x)
            """
        let sql: SQL = """
            SELECT \(sql: PlacedEntry.columns) FROM \(JournalEntry.self) WHERE \(inCell) AND \(condition) \
            ORDER BY \(order) LIMIT \(limit)
            """
        return try SQLRequest<Row>(literal: sql).fetchAll(db).map(PlacedEntry.init(row:))
    }

    /// A page of every entry with a place, newest first after `entry` (`/api/places`).
    package func placedEntries(after entry: JournalEntry?, limit: Int) throws -> [PlacedEntry] {
        guard limit > 0 else { return [] }
        let key = entry.map(TimelineOrder.Key.init)
        let dated = try placedPage(TimelineOrder.datedAfter(key), limit: limit)
        guard dated.count < limit else { return dated }
        return dated + (try placedPage(TimelineOrder.undatedAfter(key), limit: limit - dated.count))
    }

    private func placedPage(_ condition: SQLExpression, limit: Int) throws -> [PlacedEntry] {
        let order = TimelineOrder.newestFirst.map { SQL("\($0)") }.joined(separator: ", ")
        let sql: SQL = """
            SELECT \(sql: PlacedEntry.columns) FROM \(JournalEntry.self) \
            WHERE +latitude IS NOT NULL AND longitude IS NOT NULL AND \(condition) ORDER BY \(order) LIMIT \(limit)
            """
        return try SQLRequest<Row>(literal: sql).fetchAll(db).map(PlacedEntry.init(row:))
    }

    /// The cells of `box` at `level`: one row range, one or two column ranges.
    private static func cellRanges(_ box: MapBox, level: Int) -> (rows: ClosedRange<Int>, columns: [ClosedRange<Int>], cells: Int) {
        let rows = MapGrid.row(latitude: box.south, level: level)...MapGrid.row(latitude: box.north, level: level)
        let columns = box.longitudeRanges.map {
            MapGrid.column(longitude: $0.lowerBound, level: level)...MapGrid.column(longitude: $0.upperBound, level: level)
        }
        return (rows, columns, rows.count * columns.reduce(0) { $0 + $1.count })
    }
}

extension JournalStore {
    /// `JournalReader.mapView` in a read of its own.
    package func mapView(_ box: MapBox, zoom: Int, pointLimit: Int) throws -> MapView {
        try readNow { try $0.mapView(box, zoom: zoom, pointLimit: pointLimit) }
    }

    /// A page of the entries with a place, newest first (`JournalReader.placedEntries(after:limit:)`).
    public func placedEntries(after entry: JournalEntry? = nil, limit: Int) throws -> [PlacedEntry] {
        try readNow { try $0.placedEntries(after: entry, limit: limit) }
    }
}
