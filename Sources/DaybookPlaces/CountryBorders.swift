/// Which country's border holds a point, from Natural Earth's 1:110m admin-0 polygons (public
/// domain): coarse (coastlines and borders are off by up to a few km, and the smallest
/// countries are missing), so it is only asked when no town is within the radius.
struct CountryBorders {
    let table: PlaceTable

    /// The index of the country holding the point, by the even-odd rule over all of that
    /// country's rings (so lakes and enclaves cut out of it count as outside). Natural Earth
    /// splits polygons at ±180°, so no ring crosses the antimeridian.
    func country(latitude: Double, longitude: Double) -> Int? {
        let lat = Int32((latitude * PlaceTable.scale).rounded()), lon = Int32((longitude * PlaceTable.scale).rounded())
        var crossings: [Int: Int] = [:]
        for index in 0..<table.ringCount {
            let ring = table.ring(index)
            guard ring.latitudes.contains(lat), ring.longitudes.contains(lon) else { continue }
            crossings[ring.country, default: 0] += crossingCount(ring, latitude: Double(lat), longitude: Double(lon))
        }
        return crossings.filter { $0.value % 2 == 1 }.keys.min()
    }

    /// How many edges of the ring a ray from the point towards the east crosses.
    private func crossingCount(_ ring: PlaceTable.Ring, latitude: Double, longitude: Double) -> Int {
        var count = 0
        var previous = table.point(ring.firstPoint + ring.pointCount - 1)
        for offset in 0..<ring.pointCount {
            let point = table.point(ring.firstPoint + offset)
            let y1 = Double(previous.latitudeE5), y2 = Double(point.latitudeE5)
            if (y1 > latitude) != (y2 > latitude) {
                let x1 = Double(previous.longitudeE5), x2 = Double(point.longitudeE5)
                let x = x1 + (latitude - y1) / (y2 - y1) * (x2 - x1)
                if x > longitude { count += 1 }
            }
            previous = point
        }
        return count
    }
}
