import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// The timeline's order as a person reads it: newest capture first, undated last; entries
/// captured in the same second, newest added first, then by id. Every walk of the timeline
/// (the whole list, pages after a cursor, an entry's neighbours, a search's pages) follows
/// that one order, written here as the rule it must match.
final class TimelineOrderTests: XCTestCase {
    static func precedes(_ a: JournalEntry, _ b: JournalEntry) -> Bool {
        switch (a.capturedLocal, b.capturedLocal) {
        case (let x?, let y?) where x != y: return x > y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id < b.id
        }
    }

    /// 60 entries: every fourth undated, the rest at three capture times, added at three
    /// instants, with ids in no order of their own.
    static func tiedStore() throws -> (JournalStore, [String]) {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-timeline-order")))
        var entries: [JournalEntry] = []
        for index in 0..<60 {
            let id = String(format: "%08x-0000-4000-8000-%012x", index * 7919 % 4096, index)
            let captured = index % 4 == 0 ? nil : LocalDateTime(exif: "2021:07:0\(1 + index % 3) 10:00:00")
            let created = JournalEntry.timestamp(Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 3)))
            entries.append(
                JournalEntry(
                    id: id, contentHash: String(repeating: "0", count: 52) + String(format: "%012x", index), sourcePath: "/p/\(index).jpg",
                    fileSize: 1, capturedLocal: captured, captureSubsec: nil, captureSource: captured == nil ? nil : .dateTimeOriginal,
                    offset: nil, location: nil, cameraMake: nil, cameraModel: nil, pixelWidth: nil, pixelHeight: nil, orientation: .up,
                    thumbnail: nil, thumbnailWidth: nil, thumbnailHeight: nil, problems: nil, text: "", weatherStatus: .unavailable,
                    weatherError: nil, createdAt: created, updatedAt: created))
        }
        XCTAssertEqual(try store.insert(batch: entries), 60)
        return (store, entries.sorted(by: precedes).map(\.id))
    }

    func testEveryWalkOfTheTimelineFollowsOneOrder() throws {
        let (store, expected) = try Self.tiedStore()
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
