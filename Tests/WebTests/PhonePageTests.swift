import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The pages as a phone uses them: another day picked on the on-this-day page without a
/// script.
final class PhonePageTests: XCTestCase {
    func testOnThisDayPicksAnotherDayWithADateField() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            let field = /<input type="date" name="date" value="(\d{4})-(\d{2}-\d{2})" required>/
            try await client.execute(uri: "/on-this-day?date=07-14", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("<form class=\"jump\" action=\"/on-this-day\" method=\"get\">"), response.text)
                XCTAssertEqual(response.text.firstMatch(of: field).map { String($0.output.2) }, "07-14", response.text)
            }
            // What the field sends: a whole date, whose year is not the point.
            try await client.execute(uri: "/on-this-day?date=2031-07-14", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("On this day: 14 July"), response.text)
                XCTAssertTrue(response.text.contains("2019, "), "Paris, by year")
            }
            // 29 February is offered in a year that has one, or the field would be empty.
            try await client.execute(uri: "/on-this-day?date=02-29", method: .get) { response in
                let match = try XCTUnwrap(response.text.firstMatch(of: field), response.text)
                let year = try XCTUnwrap(Int(match.output.1))
                XCTAssertTrue(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0), "\(year)")
                XCTAssertEqual(match.output.2, "02-29")
            }
            for bad in ["2031-13-01", "2031-7-14", "x2031-07-14"] {
                try await client.execute(uri: "/on-this-day?date=\(bad)", method: .get) { XCTAssertEqual($0.status, .badRequest, bad) }
            }
        }
    }
}
