import DaybookCore
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// `/on-this-day` on a live server: the first page and its "More" link, followed to the end,
/// show every entry of the day exactly once, in the timeline's order.
final class OnThisDayPageTests: XCTestCase {
    /// 14 July of each earlier year, five a year, 12 of them at one second and one instant.
    static func store() throws -> JournalStore {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-on-this-day-page")))
        let added = JournalEntry.timestamp(Date(timeIntervalSince1970: 1_700_000_000))
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        var times = (thisYear - 20..<thisYear).flatMap { year in (9..<14).map { String(format: "%04d:07:14 %02d:00:00", year, $0) } }
        times += Array(repeating: String(format: "%04d:07:14 16:30:00", thisYear - 3), count: 12)
        times += ["2001:07:15 10:00:00", String(format: "%04d:07:14 10:00:00", thisYear)]
        let entries = times.enumerated().map { index, time in
            JournalEntry(
                id: String(format: "%08x-0000-4000-8000-%012x", index &* 7919 % 4096, index), contentHash: String(format: "%064x", index),
                sourcePath: "/p/\(index).jpg", fileSize: 1, capturedLocal: LocalDateTime(exif: time), captureSubsec: nil,
                captureSource: .dateTimeOriginal, offset: nil, location: nil, cameraMake: nil, cameraModel: nil, pixelWidth: nil,
                pixelHeight: nil, orientation: .up, thumbnail: nil, thumbnailWidth: nil, thumbnailHeight: nil, problems: nil,
                text: "", weatherStatus: .unavailable, weatherError: nil, createdAt: added, updatedAt: added)
        }
        XCTAssertEqual(try store.insert(batch: entries), entries.count)
        return store
    }

    static func matches(_ pattern: String, in html: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    func testMoreLinksPageThroughTheDayOnce() async throws {
        let store = try Self.store()
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        let ask = OnThisDayAsk(monthDay: MonthDay("07-14")!, beforeYear: thisYear, includeLeapDay: false)
        let expected = try store.onThisDay(ask).map(\.id)
        XCTAssertEqual(expected.count, 20 * 5 + 12)
        var configuration = WebConfiguration()
        configuration.port = 0
        configuration.pageSize = 25
        var logger = Logger(label: "on-this-day-page-test")
        logger.logLevel = .warning
        let application = try WebJournal(store: store, configuration: configuration).application(logger: logger)
        try await application.test(.live) { client in
            var seen: [String] = []
            var next: String? = "/on-this-day?date=07-14"
            var pages = 0
            while let uri = next, pages < 20 {
                let html = try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    return String(buffer: response.body)
                }
                XCTAssertTrue(html.contains("112 entries"), "the day's count on every page")
                let ids = Self.matches(#"data-id="([0-9a-f-]+)""#, in: html)
                XCTAssertLessThanOrEqual(ids.count, 25)
                seen += ids
                XCTAssertEqual(html.contains(#"rel="prev" href="/on-this-day?date=07-14""#), pages > 0, "Newest from later pages")
                next = Self.matches(#"id="more" href="([^"]+)""#, in: html).first.map { $0.replacingOccurrences(of: "&amp;", with: "&") }
                pages += 1
            }
            XCTAssertEqual(pages, 5)
            XCTAssertEqual(seen, expected)

            let gone = try await client.execute(uri: "/on-this-day?date=07-14&before=ffffffff-0000-4000-8000-000000000000", method: .get) {
                $0.status
            }
            XCTAssertEqual(gone, .notFound)
            let bad = try await client.execute(uri: "/on-this-day?date=13-40", method: .get) { $0.status }
            XCTAssertEqual(bad, .badRequest)
        }
    }
}
