import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A search pages with `JournalQuery.before` as the timeline does: dated matches newest
/// first, then the undated ones, each exactly once, whatever the page size.
final class SearchCursorTests: XCTestCase {
    func testPagingASearchWithBeforeVisitsEveryMatchOnceInTimelineOrder() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-search-cursor")))
        let added = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 0..<24 {
            var capture: CaptureTime?
            // Every third undated; the rest on three days, several at the same second.
            if index % 3 != 0 {
                capture = CaptureTime(
                    local: try XCTUnwrap(LocalDateTime(exif: "2021:07:0\(1 + index % 4) 10:00:0\(index % 2)")), source: .dateTimeOriginal)
            }
            let id = String(format: "%02x%06x", (index * 37) % 256, index)
            let entry = JournalEntry(
                id: id, contentHash: id, sourcePath: "/p/\(id).jpg", fileSize: 1, capture: capture, pixelSize: nil, thumbnail: nil,
                thumbnailSize: nil, problems: [], now: added.addingTimeInterval(Double(index % 2)))
            try store.insert(entry)
            try store.edit(entryID: id, text: index % 4 == 3 ? "kitchen" : "harbour at dawn")
        }
        let matching = Set(try store.search(JournalQuery(text: "harbour")).map(\.entry.id))
        let expected = try store.timeline(after: nil, limit: 100).map(\.id).filter(matching.contains)
        XCTAssertEqual(expected.count, 18)
        for pageSize in [1, 4, 7] {
            var seen: [String] = []
            var before: String?
            repeat {
                let page = try store.search(JournalQuery(text: "harbour", limit: pageSize, before: before)).map(\.entry.id)
                seen += page
                before = page.count == pageSize ? page.last : nil
            } while before != nil && seen.count <= expected.count
            XCTAssertEqual(seen, expected, "page size \(pageSize)")
        }
        XCTAssertThrowsError(try store.search(JournalQuery(text: "harbour", before: "nosuchid")))
    }
}
