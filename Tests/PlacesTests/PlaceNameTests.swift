import DaybookCore
import XCTest

@testable import DaybookPlaces

/// Resolving typed names (`--near NAME`) and the folding the name index is sorted by.
final class PlaceNameTests: XCTestCase {
    let gazetteer = try! Gazetteer.shared()

    func testFoldingIgnoresCaseAndMarks() {
        XCTAssertEqual(PlaceNameKey.fold("Zürich"), "zurich")
        XCTAssertEqual(PlaceNameKey.fold("  ŁÓDŹ "), "lodz")
        XCTAssertEqual(PlaceNameKey.fold("Kyōto"), "kyoto")
        XCTAssertEqual(PlaceNameKey.fold("Tromsø"), "tromso")
        XCTAssertEqual(PlaceNameKey.fold("Straße"), "strasse")
    }

    /// The derive script sorted the index by Python's folding; bisecting it only works if
    /// Swift's folding orders every key the same way.
    func testEveryIndexKeyIsInOrderUnderSwiftFolding() {
        let table = gazetteer.table
        var previous = [UInt8]()
        for index in 0..<table.nameCount {
            let key = Array(PlaceNameKey.fold(table.string(table.nameKey(index).spelling)).utf8)
            XCTAssertFalse(key.lexicographicallyPrecedes(previous), "key \(index) out of order")
            if key.lexicographicallyPrecedes(previous) { return }
            previous = key
        }
    }

    /// An ambiguous name: the most populous first, every candidate listed.
    func testAmbiguousNameTakesTheMostPopulous() {
        let paris = gazetteer.places(named: "paris")
        XCTAssertEqual(paris.first?.place.label, "Paris, France")
        XCTAssertEqual(paris.first?.place.region, "Île-de-France")
        XCTAssertEqual(paris.first?.location.latitude ?? 0, 48.853, accuracy: 0.01)
        XCTAssertTrue(paris.contains { $0.place.region == "Texas" })
        XCTAssertEqual(paris.map(\.population), paris.map(\.population).sorted(by: >))
        let springfields = gazetteer.places(named: "Springfield", limit: 50)
        XCTAssertGreaterThan(springfields.count, 10)
        XCTAssertEqual(Set(springfields.map(\.place.name)), ["Springfield"])
    }

    func testQualifierPicksCountryOrRegion() {
        XCTAssertEqual(gazetteer.places(named: "Paris, FR").map(\.place.label), ["Paris, France"])
        XCTAssertEqual(gazetteer.places(named: "Paris, France").map(\.place.countryCode), ["FR"])
        XCTAssertEqual(gazetteer.places(named: "paris, texas").map(\.place.fullLabel), ["Paris, Texas, United States"])
        XCTAssertEqual(gazetteer.places(named: "Paris, Atlantis"), [])
    }

    func testAccentsAndAlternateNames() {
        XCTAssertEqual(gazetteer.places(named: "zurich").first?.place.name, "Zürich")
        XCTAssertEqual(gazetteer.places(named: "ZÜRICH").first?.place.name, "Zürich")
        XCTAssertEqual(gazetteer.places(named: "München").first?.place.name, "Munich")
        XCTAssertEqual(gazetteer.places(named: "lodz").first?.place.name, "Łódź")
        XCTAssertEqual(gazetteer.places(named: "Badajoz").first?.place.timeZone, "Europe/Madrid")
    }

    func testUnknownOrEmptyNamesFindNothing() {
        XCTAssertEqual(gazetteer.places(named: "Nowhere-at-all"), [])
        XCTAssertEqual(gazetteer.places(named: " , FR"), [])
        XCTAssertEqual(gazetteer.places(named: ""), [])
    }
}
