import DaybookCore
import Foundation
import XCTest

@testable import DaybookStore

/// Coordinates, formatted without Foundation, read as `String(format: "%.4f")` gives them,
/// digit for digit, half-way values and the edges included.
final class EntryPlaceNameTests: XCTestCase {
    func testFourDecimalsAreTheFormattersDigits() {
        var values: [Double] = [0, 0.00005, 0.00015, 0.00004999, 1.23445, 1.23455, 12.34565, 89.99995, 90, 179.99995, 180, 180.5, 1e300]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Double.random(in: 0...180, using: &generator)) }
        // Half-way points in decimal, which are seldom exact in binary.
        for step in 0..<2_000 { values.append(Double(step) * 0.00905 + 0.00005) }
        for value in values + [.nan, .infinity] {
            XCTAssertEqual(EntryPlaceName.fourDecimals(value), String(format: "%.4f", value), "\(value)")
        }
    }

    func testCoordinatesNameTheirHemispheres() {
        let text = EntryPlaceName.coordinates(GeoLocation(latitude: -33.8679, longitude: -151.2073))
        XCTAssertEqual(text, "33.8679°S 151.2073°W")
        XCTAssertEqual(EntryPlaceName.coordinates(GeoLocation(latitude: 35.0116, longitude: 135.7681)), "35.0116°N 135.7681°E")
    }

    func testCoordinatesBytesAreTheStringsBytes() {
        var values: [Double] = [
            0, -0.0, 0.00005, -0.00005, 0.00004999, 1.23445, -1.23455, 12.34565, 89.99995, 90, -90, 179.99995, -179.99995,
            180, -180, 180.00004, 180.5, -180.5, 1e300, -1e300, .nan, .infinity, -.infinity, .ulpOfOne, -.leastNonzeroMagnitude,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Double.random(in: -180...180, using: &generator)) }
        // Half-way points in decimal, either sign.
        for step in 0..<2_000 { values.append((Double(step) * 0.00905 + 0.00005) * (step.isMultiple(of: 2) ? 1 : -1)) }
        for (index, latitude) in values.enumerated() {
            let location = GeoLocation(latitude: latitude, longitude: values[(index * 7919 + 1) % values.count])
            let bytes = EntryPlaceName.withCoordinatesUTF8(location) { Array($0) }
            XCTAssertEqual(bytes, Array(EntryPlaceName.coordinates(location).utf8), "\(location)")
        }
    }
}
