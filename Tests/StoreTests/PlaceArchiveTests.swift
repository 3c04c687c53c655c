import DaybookStore
import Foundation
import XCTest

/// The place fields of an export file are hostile input too: each bad one is refused by name.
final class PlaceArchiveTests: XCTestCase {
    let first = "item 0 (id \"aaaa0001-0000-0000-0000-000000000000\")"

    func refusal(_ change: (inout EntryOutput) -> Void) throws -> String {
        var archive = ArchiveFixture.archive()
        change(&archive.items[0].entry)
        do {
            _ = try JournalArchive.decodeAndValidate(try ArchiveFixture.json(archive))
            XCTFail("accepted")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func named(_ entry: inout EntryOutput) {
        entry.placeName = "Kyoto"
        entry.placeRegion = "Kyoto"
        entry.placeCountry = "Japan"
        entry.placeCountryCode = "JP"
        entry.placeDistanceKm = 1.7
        entry.placeTimeZone = "Asia/Tokyo"
        entry.placeVersion = "2026.1"
    }

    func testANamedPlaceRoundTrips() throws {
        var archive = ArchiveFixture.archive()
        named(&archive.items[0].entry)
        let decoded = try JournalArchive.decodeAndValidate(try ArchiveFixture.json(archive))
        XCTAssertEqual(decoded, archive)
    }

    func testBadPlaceFieldsAreRefusedByName() throws {
        XCTAssertEqual(
            try refusal {
                named(&$0); $0.placeCountryCode = "jpn"
            },
            "\(first): entry.place_country_code: must be two capital letters (ISO 3166)")
        XCTAssertEqual(
            try refusal {
                named(&$0); $0.placeCountry = nil
            },
            "\(first): entry.place_country: a place_name or place_region needs its place_country")
        XCTAssertEqual(
            try refusal {
                named(&$0); $0.placeVersion = nil
            }, "\(first): entry.place_version: a place needs the version that named it")
        XCTAssertEqual(
            try refusal {
                named(&$0); $0.placeDistanceKm = -1
            }, "\(first): entry.place_distance_km: -1.0 is outside 0.0...20040.0")
        XCTAssertEqual(
            try refusal {
                named(&$0); $0.placeName = String(repeating: "x", count: 300)
            },
            "\(first): entry.place_name: longer than 256 bytes")
        XCTAssertEqual(
            try refusal {
                named(&$0); $0.timeZoneNote = "a\u{0}b"
            }, "\(first): entry.time_zone_note: contains a NUL character")
    }
}
