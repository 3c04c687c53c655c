import DaybookCore
import XCTest

@testable import DaybookStore

/// The planner alone: what a query means and which rows a search starts from, with no
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

    func testOnlyALimitedSearchInDateOrderCountsItsLists() throws {
        XCTAssertEqual(
            try SearchPlan(JournalQuery(text: "lake", tags: ["blue"], limit: 10)).listsToCount, [.fullText(#"lake* tags : "blue""#)])
        XCTAssertEqual(try SearchPlan(JournalQuery(tags: ["blue", "sky"], limit: 10)).listsToCount, [.tag("blue"), .tag("sky")])
        XCTAssertEqual(try SearchPlan(JournalQuery(tags: ["blue"])).listsToCount, [], "without a limit every match is read anyway")
        let near = JournalQuery.Near(latitude: 1, longitude: 2, radiusKm: 3)
        XCTAssertEqual(try SearchPlan(JournalQuery(tags: ["blue"], near: near, limit: 10)).listsToCount, [], "nearest first")
        XCTAssertEqual(try SearchPlan(JournalQuery(fromDate: CivilDate(iso: "2020-01-01"), limit: 10)).listsToCount, [])
    }

    /// Walk newest first exactly when the expected matches² exceed limit × entries.
    func testTheWalkIsChosenWhenMatchesAreMany() throws {
        var plan = try SearchPlan(JournalQuery(tags: ["blue", "sky"], limit: 100))
        XCTAssertEqual(plan.start, .lists)
        plan.chooseStart(entries: 100_000, listSizes: [3_163])  // 3,163² > 100 × 100,000
        XCTAssertEqual(plan.start, .newestFirst)
        plan.chooseStart(entries: 100_000, listSizes: [3_162])
        XCTAssertEqual(plan.start, .lists)
        // Two lists of a fifth each: 4,000 expected matches.
        plan.chooseStart(entries: 100_000, listSizes: [20_000, 20_000])
        XCTAssertEqual(plan.start, .newestFirst)
        plan.chooseStart(entries: 100_000, listSizes: [20_000, 2_000])
        XCTAssertEqual(plan.start, .lists)
        plan.chooseStart(entries: 0, listSizes: [0])
        XCTAssertEqual(plan.start, .lists, "an empty journal")
    }

    func testNearKeepsOnlyPointsInsideTheCircle() throws {
        let plan = try SearchPlan(JournalQuery(near: .init(latitude: -16.5, longitude: 179.99, radiusKm: 25)))
        let area = try XCTUnwrap(plan.area)
        XCTAssertEqual(area.box.longitudes.count, 2, "the circle crosses the antimeridian")
        XCTAssertEqual(try XCTUnwrap(area.distanceKm(latitude: -16.52, longitude: -179.92)), 9.85, accuracy: 0.01)
        XCTAssertNil(area.distanceKm(latitude: -16.5, longitude: 179.7), "in the box's band, 31 km away")
    }
}
