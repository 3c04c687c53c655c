import DaybookCore
import XCTest

@testable import DaybookStore

/// The planner alone: what a query means and which of the index's rows it reads, with no
/// database (the SQL side and its answers are in `JournalQueryTests`).
final class SearchPlanTests: XCTestCase {
    func testWordsAndTagsMakeOneFullTextQueryAndTagsStayExactChecks() throws {
        let plan = try SearchPlan(JournalQuery(text: "Café, riv", tags: ["Summer Trip", "blue"]))
        XCTAssertEqual(plan.tags, ["summer-trip", "blue"])
        XCTAssertEqual(plan.fullText, #"café* riv* tags : "summer trip" tags : "blue""#)
        XCTAssertNil(try SearchPlan(JournalQuery(tags: ["blue"])).fullText, "tags alone need no full-text query")
        XCTAssertThrowsError(try SearchPlan(JournalQuery(tags: ["a/b"])), "a tag name is checked before any SQL")
    }

    func testTheLastDayIsIncludedUpToTheNextDay() throws {
        let leap = try SearchPlan(JournalQuery(fromDate: CivilDate(iso: "2024-02-01"), toDate: CivilDate(iso: "2024-02-28")))
        XCTAssertEqual(leap.capturedFrom, CivilDate(iso: "2024-02-01"))
        XCTAssertEqual(leap.capturedBefore, CivilDate(iso: "2024-02-29"))
        XCTAssertEqual(try SearchPlan(JournalQuery(toDate: CivilDate(iso: "2023-12-31"))).capturedBefore, CivilDate(iso: "2024-01-01"))
        XCTAssertNil(try SearchPlan(JournalQuery(text: "x")).capturedBefore)
    }

    func testWordsOrTagsAreLookedUpInTheIndexUnlessOrderedByDistance() throws {
        XCTAssertEqual(try SearchPlan(JournalQuery(text: "lake", tags: ["blue"], limit: 10)).indexQuery, #"lake* tags : "blue""#)
        XCTAssertEqual(try SearchPlan(JournalQuery(tags: ["blue", "sky"])).indexQuery, #"tags : "blue" tags : "sky""#)
        XCTAssertNil(try SearchPlan(JournalQuery(tags: ["--"])).indexQuery, "a tag without letters has no phrase")
        let near = JournalQuery.Near(latitude: 1, longitude: 2, radiusKm: 3)
        XCTAssertNil(try SearchPlan(JournalQuery(tags: ["blue"], near: near, limit: 10)).indexQuery, "nearest first")
        XCTAssertNil(try SearchPlan(JournalQuery(fromDate: CivilDate(iso: "2020-01-01"), limit: 10)).indexQuery)
    }

    /// The capture days become the keys of their seconds: from the first second of the first
    /// day to the last second of the last; no undated key with a date asked.
    func testDaysAndTheCursorBoundTheKeysToRead() throws {
        XCTAssertEqual(try SearchPlan(JournalQuery(text: "x")).keyRange, 1...Int64.max)
        let days = try SearchPlan(JournalQuery(text: "x", fromDate: CivilDate(iso: "2020-03-01"), toDate: CivilDate(iso: "2020-03-02")))
        let first = try XCTUnwrap(LocalDateTime(iso: "2020-03-01T00:00:00"))
        let last = try XCTUnwrap(LocalDateTime(iso: "2020-03-02T23:59:59"))
        XCTAssertEqual(days.keyRange, SearchOrder.keysOfSecond(first).lowerBound...SearchOrder.keysOfSecond(last).upperBound)
        XCTAssertEqual(
            try SearchPlan(JournalQuery(text: "x", toDate: CivilDate(iso: "2020-03-02"))).keyRange.lowerBound, SearchOrder.datedStart)
        XCTAssertLessThan(SearchOrder.keysOfSecond(nil).upperBound, SearchOrder.keysOfSecond(first).lowerBound, "undated last")
        let upsideDown = try SearchPlan(
            JournalQuery(text: "x", fromDate: CivilDate(iso: "2020-03-02"), toDate: CivilDate(iso: "2020-03-01")))
        XCTAssertEqual(upsideDown.keyRange, 0...0, "no key")
    }

    func testNearKeepsOnlyPointsInsideTheCircle() throws {
        let plan = try SearchPlan(JournalQuery(near: .init(latitude: -16.5, longitude: 179.99, radiusKm: 25)))
        let area = try XCTUnwrap(plan.area)
        XCTAssertEqual(area.box.longitudes.count, 2, "the circle crosses the antimeridian")
        XCTAssertEqual(try XCTUnwrap(area.distanceKm(latitude: -16.52, longitude: -179.92)), 9.85, accuracy: 0.01)
        XCTAssertNil(area.distanceKm(latitude: -16.5, longitude: 179.7), "in the box's band, 31 km away")
    }
}
