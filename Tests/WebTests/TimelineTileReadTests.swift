import DaybookCore
import DaybookStore
import XCTest

@testable import DaybookWeb

/// The timeline reads only a tile's columns (`TimelineTile`): the same entries, in the same
/// order, with the same values as the tiles made from whole entries, from every cursor.
final class TimelineTileReadTests: XCTestCase {
    func testNarrowTilesEqualTilesOfWholeEntriesFromEveryCursor() throws {
        let fixture = try WebFixture()
        XCTAssertGreaterThan(try fixture.store.entries().count, 3)
        try fixture.store.readNow { reader in
            let whole = try reader.timeline(after: nil, limit: 1000)
            XCTAssertEqual(try reader.timelineTiles(after: nil, limit: 1000), whole.map(TimelineTile.init))
            XCTAssertTrue(whole.contains { $0.capturedLocal == nil }, "an undated entry, after the dated ones")
            XCTAssertTrue(whole.contains { $0.placeName != nil }, "a named place")
            for cursor in whole {
                for limit in [1, 2, 1000] {
                    XCTAssertEqual(
                        try reader.timelineTiles(after: cursor, limit: limit),
                        try reader.timeline(after: cursor, limit: limit).map(TimelineTile.init))
                }
            }
            for month in ["2019-08", "2021-01", "2030-01"] {
                let date = try XCTUnwrap(CalendarMonth(month)).lastDay.adding(days: 1)
                XCTAssertEqual(
                    try reader.timelineTiles(capturedBefore: date, limit: 3),
                    try reader.timeline(capturedBefore: date, limit: 3).map(TimelineTile.init))
            }
        }
    }

    /// A page's `before=` cursor read as its order columns alone (`timelineRows(afterID:)`)
    /// gives the page the whole entry gives, by id or unique prefix; no page for an id that is
    /// not there, a prefix of several entries, or text that is no id.
    func testTheCursorByIdGivesThePageOfItsEntry() throws {
        let fixture = try WebFixture()
        try fixture.store.readNow { reader in
            let whole = try reader.timeline(after: nil, limit: 1000)
            XCTAssertTrue(whole.contains { $0.capturedLocal == nil }, "an undated cursor too")
            for cursor in whole {
                for limit in [1, 2, 1000] {
                    let expected = try reader.timelineTiles(after: cursor, limit: limit)
                    XCTAssertEqual(try reader.timelineRows(afterID: cursor.id, limit: limit)?.tiles, expected)
                    XCTAssertEqual(try reader.timelineRows(afterID: String(cursor.id.prefix(12)), limit: limit)?.tiles, expected)
                    XCTAssertEqual(try reader.timelineRows(afterID: cursor.id.uppercased(), limit: limit)?.tiles, expected)
                }
            }
            XCTAssertNil(try reader.timelineRows(afterID: "00000000-0000-0000-0000-000000000000", limit: 5))
            XCTAssertNil(try reader.timelineRows(afterID: "", limit: 5), "a prefix of every entry")
            XCTAssertNil(try reader.timelineRows(afterID: "../x", limit: 5))
            XCTAssertNil(try reader.timelineRows(afterID: "abc", limit: 5), "shorter than four")
        }
    }
}
