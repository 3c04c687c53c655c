import DaybookCore
import Foundation

/// Names places offline from the table linked into the binary: the nearest populated place
/// within `radiusKm` of a point, else the country whose border holds it; and the places a
/// typed name may mean.
///
/// The table is opened on first use (`shared`), so commands that name no place pay nothing.
public struct Gazetteer: Sendable {
    /// A place farther than this is not named: open country or sea gets its country only.
    /// 25 km, as Immich uses: a town's name still helps that far out, a far-away city misleads.
    public static let defaultRadiusKm = 25.0

    let table: PlaceTable
    public let radiusKm: Double

    /// The embedded table, opened once per process. Throws only for a build made with a
    /// damaged `places.bin`.
    public static func shared() throws(PlaceDataError) -> Gazetteer { try sharedTable.get() }

    /// Opens the embedded table anew (what `shared` does once): for the benchmark's opening cost.
    package static func openEmbedded() throws(PlaceDataError) -> Gazetteer { Gazetteer(table: try PlaceTable.embedded()) }

    private static let sharedTable = Result { () throws(PlaceDataError) -> Gazetteer in try openEmbedded() }

    init(table: PlaceTable, radiusKm: Double = Self.defaultRadiusKm) {
        self.table = table
        self.radiusKm = radiusKm
    }

    /// The data set's version, recorded with every place named from it.
    public var version: String { table.version }
    /// Where the data comes from and under which licences, for `daybook places --about`.
    public var sources: String { table.sources }
    public var placeCount: Int { table.placeCount }

    /// What to call `location`: the nearest place within the radius, else its country by its
    /// border, else nil (at sea, or beyond the borders' coarse 1:110m coastlines).
    public func place(at location: GeoLocation) -> NamedPlace? {
        let latitude = location.latitude, longitude = location.longitude
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        if let (index, distance) = nearest(latitude: latitude, longitude: longitude) {
            return describe(index, distanceKm: distance)
        }
        guard let country = CountryBorders(table: table).country(latitude: latitude, longitude: longitude) else { return nil }
        let (name, code, zone) = table.country(country)
        return NamedPlace(
            name: nil, region: nil, country: name, countryCode: code, distanceKm: nil, timeZone: table.zoneName(zone),
            dataVersion: version)
    }

    func describe(_ index: Int, distanceKm: Double?) -> NamedPlace {
        let record = table.place(index)
        let country = table.country(Int(record.country))
        return NamedPlace(
            name: table.string(record.name), region: table.regionName(record.region), country: country.name,
            countryCode: country.code, distanceKm: distanceKm, timeZone: table.zoneName(record.zone), dataVersion: version)
    }

    /// The place a point is in, within the radius, and its great-circle distance in km.
    ///
    /// Places are points, but a city is wide: each place counts as a disc holding its people at
    /// 20,000 per km² (central Paris; 5.8 km across Paris's 2.1 million, 120 m for a village of
    /// 1,000), and the point goes to the place whose disc edge is nearest. So a photo by the
    /// Eiffel Tower, 4 km from Paris's point and 3.5 km from Neuilly-sur-Seine's, is in Paris;
    /// a farm 500 m from a village 8 km out is in the village. Only places whose own point is
    /// within the radius take part.
    ///
    /// Scans the 0.5° grid cells that cover the radius (all longitudes near a pole, wrapping
    /// across the antimeridian) with a `PlaceScorer`, then measures the winner exactly.
    func nearest(latitude: Double, longitude: Double) -> (index: Int, distanceKm: Double)? {
        let angular = radiusKm / GreatCircleDistance.kmPerDegree
        let cellHeight = 180.0 / Double(table.rows), cellWidth = 360.0 / Double(table.columns)
        let firstRow = max(0, Int(((latitude - angular + 90) / cellHeight).rounded(.down)))
        let lastRow = min(table.rows - 1, Int(((latitude + angular + 90) / cellHeight).rounded(.down)))
        // The circle's widest longitude spread; the whole circle when it reaches a pole.
        let widest = min(89.999, abs(latitude) + angular) * .pi / 180
        let spread = angular / cos(widest)
        let columnSpan = spread >= 180 ? table.columns : min(table.columns, Int((2 * spread / cellWidth).rounded(.up)) + 1)
        let firstColumn = Int(((longitude - spread + 180) / cellWidth).rounded(.down))
        var scorer = PlaceScorer(table: table, latitude: latitude, longitude: longitude, angular: angular)
        for row in firstRow...lastRow {
            for step in 0..<columnSpan {
                let column = ((firstColumn + step) % table.columns + table.columns) % table.columns
                for index in table.places(inCell: row * table.columns + column) { scorer.consider(index) }
            }
        }
        return winner(of: scorer)
    }

    /// `nearest` by scoring every place in the table: what the grid must agree with (tested),
    /// and the benchmark's baseline.
    package func placeByScanningAll(at location: GeoLocation) -> NamedPlace? {
        var scorer = PlaceScorer(
            table: table, latitude: location.latitude, longitude: location.longitude,
            angular: radiusKm / GreatCircleDistance.kmPerDegree)
        for index in 0..<table.placeCount { scorer.consider(index) }
        return winner(of: scorer).map { describe($0.index, distanceKm: $0.distanceKm) }
    }

    private func winner(of scorer: PlaceScorer) -> (index: Int, distanceKm: Double)? {
        guard let index = scorer.bestIndex else { return nil }
        let position = table.position(index)
        let distance = GreatCircleDistance.km(
            scorer.latitude, scorer.longitude, Double(position.latitudeE5) / PlaceTable.scale,
            Double(position.longitudeE5) / PlaceTable.scale)
        return distance <= radiusKm ? (index, distance) : nil
    }
}

/// Keeps the best-scoring place seen (see `Gazetteer.nearest`), measuring on a flat map
/// scaled at the point's latitude in 1e-5 degrees: no trigonometry per candidate.
struct PlaceScorer {
    let table: PlaceTable
    let latitude: Double, longitude: Double
    private let lat: Double, lon: Double, xScale: Double, limit: Double
    /// Flat units (1e-5 degrees of latitude) per metre.
    private let unitsPerMetre = PlaceTable.scale / (GreatCircleDistance.kmPerDegree * 1000)
    private var bestScore = Double.infinity
    private(set) var bestIndex: Int?

    init(table: PlaceTable, latitude: Double, longitude: Double, angular: Double) {
        self.table = table
        self.latitude = latitude
        self.longitude = longitude
        lat = latitude * PlaceTable.scale
        lon = longitude * PlaceTable.scale
        xScale = cos(latitude * .pi / 180)
        // A little slack so the flat measure never drops a place the exact one keeps.
        limit = angular * PlaceTable.scale * 1.05
    }

    mutating func consider(_ index: Int) {
        let position = table.position(index)
        let dy = Double(position.latitudeE5) - lat
        guard abs(dy) < limit else { return }
        var dx = abs(Double(position.longitudeE5) - lon)
        if dx > 180 * PlaceTable.scale { dx = 360 * PlaceTable.scale - dx }
        dx *= xScale
        let flat = dx * dx + dy * dy
        guard flat < limit * limit else { return }
        let score = flat.squareRoot() - Double(table.reachMetres(index)) * unitsPerMetre
        if score < bestScore { (bestScore, bestIndex) = (score, index) }
    }
}

/// Distance on the sphere through the chord between two points (exact at any distance, no
/// loss of precision for nearby points).
enum GreatCircleDistance {
    static let earthRadiusKm = 6371.0088
    static let kmPerDegree = earthRadiusKm * .pi / 180

    static func km(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        func unit(_ lat: Double, _ lon: Double) -> (Double, Double, Double) {
            let phi = lat * .pi / 180, lambda = lon * .pi / 180
            return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
        }
        let a = unit(lat1, lon1), b = unit(lat2, lon2)
        let chord = ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
        return 2 * earthRadiusKm * asin(min(1, chord / 2))
    }
}
