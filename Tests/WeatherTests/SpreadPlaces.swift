import DaybookTestSupport

/// 30 places spread over the globe (negative coordinates and the antimeridian included): six
/// chosen, the rest drawn from `generator`.
func spreadPlaces(using generator: inout SplitMix64) -> [(Double, Double)] {
    var places: [(Double, Double)] = [
        (48.8566, 2.3522), (-33.8688, 151.2093), (-17.7134, 179.999), (-17.7134, -179.999),
        (-0.05, -0.05), (64.1466, -21.9426),
    ]
    while places.count < 30 {
        places.append((Double.random(in: -60...70, using: &generator), Double.random(in: -180..<180, using: &generator)))
    }
    return places
}
