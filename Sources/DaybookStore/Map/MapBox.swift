/// The part of the world a map shows, as the API takes it: west, south, east, north in
/// degrees. A view across the antimeridian has west > east (170,-20,-170,20 is 20 degrees
/// wide); a view of the whole world around is -180...180.
package struct MapBox: Sendable, Hashable {
    package let west: Double
    package let south: Double
    package let east: Double
    package let north: Double

    /// Why four numbers are no view, in a sentence for the 400 answer.
    package struct Problem: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    package init(west: Double, south: Double, east: Double, north: Double) throws(Problem) {
        guard [west, south, east, north].allSatisfy(\.isFinite) else { throw Problem(description: "bbox: numbers only") }
        guard (-180...180).contains(west), (-180...180).contains(east) else {
            throw Problem(description: "bbox: west and east must be within -180…180")
        }
        guard (-90...90).contains(south), (-90...90).contains(north) else {
            throw Problem(description: "bbox: south and north must be within -90…90")
        }
        guard south <= north else { throw Problem(description: "bbox: south must not be north of north") }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// "west,south,east,north", as the API's `bbox` parameter writes it.
    package init(_ text: String) throws(Problem) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4, text.utf8.count <= 120 else { throw Problem(description: "bbox: four numbers: west,south,east,north") }
        let numbers = parts.compactMap { Double($0.trimmingPrefix(" ")) }
        guard numbers.count == 4 else { throw Problem(description: "bbox: four numbers: west,south,east,north") }
        try self.init(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
    }

    /// West of east: the view runs east from `west` to 180, and on from -180 to `east`.
    package var crossesAntimeridian: Bool { west > east }

    /// The longitude ranges the view covers: one, or two across the antimeridian.
    package var longitudeRanges: [ClosedRange<Double>] {
        crossesAntimeridian ? [west...180, -180...east] : [west...east]
    }
}
