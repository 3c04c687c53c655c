import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookPlaces

/// Reverse geocoding against real coordinates whose answers are known.
final class PlaceLookupTests: XCTestCase {
    let gazetteer = try! Gazetteer.shared()

    func place(_ latitude: Double, _ longitude: Double) -> NamedPlace? {
        gazetteer.place(at: GeoLocation(latitude: latitude, longitude: longitude))
    }

    func assertPlace(
        _ latitude: Double, _ longitude: Double, _ name: String?, region: String? = nil, country: String, zone: String?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let found = place(latitude, longitude) else { return XCTFail("nothing at \(latitude), \(longitude)", file: file, line: line) }
        XCTAssertEqual(found.name, name, file: file, line: line)
        if let region { XCTAssertEqual(found.region, region, file: file, line: line) }
        XCTAssertEqual(found.country, country, file: file, line: line)
        XCTAssertEqual(found.timeZone, zone, file: file, line: line)
        XCTAssertEqual(found.dataVersion, gazetteer.version, file: file, line: line)
        if name != nil {
            XCTAssertLessThanOrEqual(found.distanceKm ?? .infinity, Gazetteer.defaultRadiusKm, file: file, line: line)
        } else {
            XCTAssertNil(found.distanceKm, file: file, line: line)
        }
    }

    /// The GPS positions of the shared corpus's real camera files (Tests/Fixtures/corpus):
    /// Nikon shots in Arezzo, an iPhone in Madrid, a Kodak near Nakuru, a test file near
    /// Gummersbach.
    func testCorpusGPSFilesAreNamed() throws {
        let truth =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Repository.fixtures.appendingPathComponent("corpus/truth.json"))) as! [String: Any]
        let expected: [String: (String, String, String, String)] = [
            "jpg/Kodak_CX7530.jpg": ("Nakuru", "Nakuru County", "Kenya", "Africa/Nairobi"),
            "jpg/hdr/iphone_hdr_NO.jpg": ("Madrid", "Madrid", "Spain", "Europe/Madrid"),
            "jpg/tests/67-0_length_string.jpg": ("Gummersbach", "North Rhine-Westphalia", "Germany", "Europe/Berlin"),
        ]
        var checked = 0
        for file in truth["files"] as! [[String: Any]] {
            guard let gps = file["gps"] as? [String: Any], let latitude = gps["latitude"] as? Double,
                let longitude = gps["longitude"] as? Double
            else { continue }
            let path = file["path"] as! String
            let answer = path.hasPrefix("jpg/gps/DSCN") ? ("Arezzo", "Tuscany", "Italy", "Europe/Rome") : expected[path]
            guard let answer else { return XCTFail("no known answer for \(path)") }
            assertPlace(latitude, longitude, answer.0, region: answer.1, country: answer.2, zone: answer.3)
            checked += 1
        }
        XCTAssertEqual(checked, 10)
    }

    func testFamousPlaces() {
        // The Eiffel Tower is 4 km from Paris's point and 3.5 km from Neuilly-sur-Seine's: Paris
        // is wide enough to hold it.
        assertPlace(48.858370, 2.294481, "Paris", region: "Île-de-France", country: "France", zone: "Europe/Paris")
        assertPlace(35.0394, 135.7292, "Kyoto", country: "Japan", zone: "Asia/Tokyo")  // Kinkaku-ji
        assertPlace(40.689247, -74.044502, "New York City", region: "New York", country: "United States", zone: "America/New_York")
        assertPlace(-33.856784, 151.215297, "Sydney", region: "New South Wales", country: "Australia", zone: "Australia/Sydney")
        assertPlace(47.3779, 8.5403, "Zürich", country: "Switzerland", zone: "Europe/Zurich")  // Zürich HB
        assertPlace(-22.951916, -43.210487, "Rio de Janeiro", country: "Brazil", zone: "America/Sao_Paulo")  // Corcovado
    }

    /// Badajoz (Spain) and Elvas (Portugal), 17 km apart across the border, an hour apart in
    /// winter; Strasbourg and Kehl across the Rhine.
    func testEachSideOfABorder() {
        assertPlace(38.8794, -6.9707, "Badajoz", region: "Extremadura", country: "Spain", zone: "Europe/Madrid")
        assertPlace(38.8810, -7.1628, "Elvas", region: "Portalegre", country: "Portugal", zone: "Europe/Lisbon")
        assertPlace(48.5818, 7.7509, "Strasbourg", region: "Grand Est", country: "France", zone: "Europe/Paris")
        assertPlace(48.5711, 7.8160, "Kehl", region: "Baden-Wurttemberg", country: "Germany", zone: "Europe/Berlin")
    }

    func testAtSeaNothingIsNamed() {
        XCTAssertNil(place(0, -30))  // mid-Atlantic
        XCTAssertNil(place(45.5, -4.0))  // Bay of Biscay, 100 km out
        XCTAssertNil(place(90, 0))  // the North Pole, on sea ice
    }

    /// Past the radius only the country's border names a point: never a far-away town.
    func testOpenCountryGetsItsCountryOnly() {
        assertPlace(-89.9, 0, nil, country: "Antarctica", zone: nil)
        let outback = place(-25.0, 130.0)
        XCTAssertNil(outback?.name)
        XCTAssertEqual(outback?.countryCode, "AU")
        // Australia spans several zones, so none is given.
        XCTAssertNil(outback?.timeZone)
        // A country of one zone gives it.
        let sahara = place(21.0, 30.0)
        XCTAssertNil(sahara?.name)
        XCTAssertEqual(sahara?.country, "Sudan")
        XCTAssertEqual(sahara?.timeZone, "Africa/Khartoum")
    }

    /// Egvekinot (66.32°N, 179.12°W) seen from the other side of the date line, 44 km away: the
    /// grid wraps round. (No place of the data lies within 25 km of the line, so a wider radius.)
    func testAcrossTheAntimeridian() {
        let wide = Gazetteer(table: gazetteer.table, radiusKm: 60)
        let found = wide.place(at: GeoLocation(latitude: 66.32, longitude: 179.9))
        XCTAssertEqual(found?.name, "Egvekinot")
        XCTAssertEqual(found?.timeZone, "Asia/Anadyr")
        XCTAssertEqual(found?.distanceKm ?? 0, 43.8, accuracy: 0.3)
        XCTAssertEqual(wide.place(at: GeoLocation(latitude: 66.32, longitude: -179.9))?.name, "Egvekinot")
        XCTAssertNil(gazetteer.place(at: GeoLocation(latitude: 66.32, longitude: 179.9))?.name)
    }

    /// The grid finds what scoring every place finds: in dense Europe, near the poles, and
    /// along the antimeridian with a radius that reaches across it.
    func testGridAgreesWithScanningEveryPlace() {
        var random = SplitMix64(seed: 12)
        let wide = Gazetteer(table: gazetteer.table, radiusKm: 80)
        var named = 0
        for round in 0..<45 {
            let point: GeoLocation
            switch round % 3 {
            case 0: point = GeoLocation(latitude: .random(in: 43...53, using: &random), longitude: .random(in: -2...15, using: &random))
            case 1:
                point = GeoLocation(
                    latitude: .random(in: -70...70, using: &random),
                    longitude: .random(in: 178.5...180, using: &random) * (round % 2 == 0 ? 1 : -1))
            default:
                point = GeoLocation(
                    latitude: .random(in: 65...90, using: &random) * (round % 2 == 0 ? 1 : -1),
                    longitude: .random(in: -180...180, using: &random))
            }
            for finder in [gazetteer, wide] {
                let byGrid = finder.place(at: point).flatMap { $0.name == nil ? nil : $0 }
                XCTAssertEqual(byGrid, finder.placeByScanningAll(at: point), "\(point)")
                if byGrid != nil { named += 1 }
            }
        }
        XCTAssertGreaterThan(named, 25)
    }

    func testImpossibleCoordinatesNameNothing() {
        XCTAssertNil(place(.nan, 0))
        XCTAssertNil(place(91, 0))
        XCTAssertNil(place(0, 180.5))
    }
}
