/// The map's grid: at level g the world is 2^g cells around and 2^(g-1) from pole to pole,
/// each 360/2^g degrees square (in degrees, not on screen: towards the poles a cell draws
/// taller than wide, which only makes the clusters there fewer). A cell at level g holds
/// exactly its four cells at g+1: both levels divide the same scaled value, and scaling by
/// two is exact in floating point, so an entry's cells agree at every level.
package enum MapGrid {
    /// The coarsest and finest stored levels. Past the finest, a cell is about 2.4 km: a
    /// view that close holds few entries (points), or a town's worth, shown in those cells.
    package static let levels = 2...14
    /// A map at zoom z draws 256-pixel tiles, 2^z around the world: level z + 2 makes a cell
    /// 64 pixels, so a 1280x900 window holds at most about 20x15 of them.
    package static let zoomToLevel = 2

    package static func level(forZoom zoom: Int) -> Int {
        min(levels.upperBound, max(levels.lowerBound, zoom + zoomToLevel))
    }

    package static func columns(_ level: Int) -> Int { 1 << level }
    package static func rows(_ level: Int) -> Int { 1 << (level - 1) }
    package static func cellDegrees(_ level: Int) -> Double { 360 / Double(columns(level)) }

    /// The column of a longitude (-180...180), as the SQL below computes it.
    package static func column(longitude: Double, level: Int) -> Int {
        let n = columns(level)
        return max(0, min(n - 1, Int((longitude + 180) * Double(n) / 360)))
    }

    /// The row of a latitude (-90...90), south to north.
    package static func row(latitude: Double, level: Int) -> Int {
        max(0, min(rows(level) - 1, Int((latitude + 90) * Double(columns(level)) / 360)))
    }

    /// `column` in SQL, of the columns (or trigger rows' values) named. CAST truncates, which
    /// is floor for the non-negative values here, and computes exactly as Swift's Int() does.
    static func columnSQL(_ longitude: String, level: Int) -> String {
        let n = columns(level)
        return "max(0, min(\(n - 1), CAST((\(longitude) + 180.0) * \(n).0 / 360.0 AS INTEGER)))"
    }

    static func rowSQL(_ latitude: String, level: Int) -> String {
        "max(0, min(\(rows(level) - 1), CAST((\(latitude) + 90.0) * \(columns(level)).0 / 360.0 AS INTEGER)))"
    }
}

/// One cell of the grid: "level/x/y" in the API.
package struct MapCell: Sendable, Hashable {
    package let level: Int
    package let x: Int
    package let y: Int

    /// Nil unless the level is stored and x and y lie inside it.
    package init?(level: Int, x: Int, y: Int) {
        guard MapGrid.levels.contains(level), (0..<MapGrid.columns(level)).contains(x), (0..<MapGrid.rows(level)).contains(y)
        else { return nil }
        self.level = level
        self.x = x
        self.y = y
    }

    /// "level/x/y", as the API writes it.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count <= 6 && $0.allSatisfy(\.isASCIIDigit) }),
            let level = Int(parts[0]), let x = Int(parts[1]), let y = Int(parts[2])
        else { return nil }
        self.init(level: level, x: x, y: y)
    }

    package var text: String { "\(level)/\(x)/\(y)" }

    /// The cell's edges in degrees (the entries inside are the ones whose column and row are
    /// the cell's: an edge belongs to one side only).
    package var west: Double { Double(x) * MapGrid.cellDegrees(level) - 180 }
    package var east: Double { Double(x + 1) * MapGrid.cellDegrees(level) - 180 }
    package var south: Double { Double(y) * MapGrid.cellDegrees(level) - 90 }
    package var north: Double { Double(y + 1) * MapGrid.cellDegrees(level) - 90 }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
