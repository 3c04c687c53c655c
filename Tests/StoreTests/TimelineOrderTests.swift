import DaybookCore
import DaybookStoreTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// The timeline's order as a person reads it: newest capture first, undated last; entries
/// captured in the same second, newest added first, then by id. Every walk of the timeline
/// (the whole list, pages after a cursor, an entry's neighbours, a search's pages) follows
/// that one order, the rule `timelinePrecedes` writes down.
final class TimelineOrderTests: XCTestCase {
    func testEveryWalkOfTheTimelineFollowsOneOrder() throws {
        let (store, expected) = try makeTiedStore()
        XCTAssertEqual(try store.entries().map(\.id), expected, "the whole list")
        for size in [1, 7] {
            var seen: [String] = []
            var cursor: JournalEntry?
            repeat {
                let page = try store.timeline(after: cursor, limit: size)
                seen += page.map(\.id)
                cursor = page.count == size ? page.last : nil
            } while cursor != nil && seen.count <= expected.count
            XCTAssertEqual(seen, expected, "timeline pages of \(size)")

            var found: [String] = []
            var before: String?
            repeat {
                let page = try store.search(JournalQuery(fromDate: nil, limit: size, before: before)).map(\.entry.id)
                found += page
                before = page.count == size ? page.last : nil
            } while before != nil && found.count <= expected.count
            XCTAssertEqual(found, expected, "search pages of \(size)")
        }
        let byID = Dictionary(uniqueKeysWithValues: try store.entries().map { ($0.id, $0) })
        for (index, id) in expected.enumerated() {
            let neighbours = try store.timelineNeighbours(of: try XCTUnwrap(byID[id]))
            XCTAssertEqual(neighbours.newer?.id, index > 0 ? expected[index - 1] : nil, "newer than entry \(index)")
            XCTAssertEqual(neighbours.older?.id, index + 1 < expected.count ? expected[index + 1] : nil, "older than entry \(index)")
        }
        let firstOfJuly = try XCTUnwrap(expected.firstIndex { byID[$0]?.capturedLocal?.day == 1 })
        let jump = try store.timeline(capturedBefore: try XCTUnwrap(CivilDate(iso: "2021-07-02")), limit: 100).map(\.id)
        XCTAssertEqual(jump, Array(expected[firstOfJuly...]), "a jump to a day: from there on, then the undated")
    }
}
