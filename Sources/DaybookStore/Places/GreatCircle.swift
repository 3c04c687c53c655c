import Foundation

/// Geometry for "near a place": a bounding box the (latitude, longitude) index can use,
/// then the exact great-circle distance.
package enum GreatCircle {
    package static let earthRadiusKm = 6371.0088

    package static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let lat1r = lat1 * .pi / 180, lat2r = lat2 * .pi / 180
        let dLat = (lat2 - lat1) * .pi / 180, dLon = (lon2 - lon1) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1r) * cos(lat2r) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(a)))
    }

    /// A latitude band and the longitude ranges within it: two ranges when a circle crosses
    /// the antimeridian, the whole circle of longitudes when it reaches a pole.
    package struct BoundingBox: Sendable, Hashable {
        package let latitude: ClosedRange<Double>
        package let longitudes: [ClosedRange<Double>]
    }

    /// The box covering every point within `radiusKm` of a point.
    package static func boundingBox(latitude: Double, longitude: Double, radiusKm: Double) -> BoundingBox {
        let angular = radiusKm / earthRadiusKm * 180 / .pi
        let south = latitude - angular, north = latitude + angular
        if south <= -90 || north >= 90 {
            return BoundingBox(latitude: max(south, -90)...min(north, 90), longitudes: [-180...180])
        }
        // The widest longitude spread of the circle (at the latitude of tangency).
        let spread = asin(min(1, sin(angular * .pi / 180) / cos(latitude * .pi / 180))) * 180 / .pi
        let west = longitude - spread, east = longitude + spread
        if west < -180 { return BoundingBox(latitude: south...north, longitudes: [(west + 360)...180, -180...east]) }
        if east > 180 { return BoundingBox(latitude: south...north, longitudes: [west...180, -180...(east - 360)]) }
        return BoundingBox(latitude: south...north, longitudes: [west...east])
    }
}
