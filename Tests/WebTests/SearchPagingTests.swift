import DaybookCore
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// `/api/entries` with a search and `before` pages through the store's own cursor: every
/// match exactly once, in timeline order, however many share a capture time.
final class SearchPagingTests: XCTestCase {
    /// 300 entries on one day, 160 of them at the same second and all added at the same
    /// instant (so only the id orders them), and 40 on the next day that the search leaves out.
    static func crowdedStore() throws -> JournalStore {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-search-paging")))
        let added = Date(timeIntervalSince1970: 1_700_000_000)
        var entries: [JournalEntry] = []
        for index in 0..<340 {
            let time: String
            switch index {
            case ..<160: time = "2021:07:01 10:00:00"
            case ..<300: time = String(format: "2021:07:01 %02d:%02d:00", 11 + (index - 160) / 60, (index - 160) % 60)
            default: time = "2021:07:02 09:00:00"
            }
            let id = String(format: "%08x-0000-4000-8000-%012x", index * 7919 % 1000, index)
            let created = JournalEntry.timestamp(added)
            entries.append(
                JournalEntry(
                    id: id, contentHash: String(repeating: "0", count: 52) + String(format: "%012x", index), sourcePath: "/p/\(index).jpg",
                    fileSize: 1, capturedLocal: LocalDateTime(exif: time), captureSubsec: nil, captureSource: .dateTimeOriginal,
                    offset: nil, location: nil, cameraMake: nil, cameraModel: nil, pixelWidth: nil, pixelHeight: nil, orientation: .up,
                    thumbnail: nil, thumbnailWidth: nil, thumbnailHeight: nil, problems: nil, text: "", weatherStatus: .unavailable,
                    weatherError: nil, createdAt: created, updatedAt: created))
        }
        XCTAssertEqual(try store.insert(batch: entries), 340)
        return store
    }

    func testSearchPagesWithBeforeVisitEveryMatchOnceInOrder() async throws {
        let store = try Self.crowdedStore()
        let day = try XCTUnwrap(CivilDate(iso: "2021-07-01"))
        let expected = try store.timeline(after: nil, limit: 1000).filter { $0.capturedLocal?.date == day }.map(\.id)
        XCTAssertEqual(expected.count, 300)
        var configuration = WebConfiguration()
        configuration.port = 0
        var logger = Logger(label: "search-paging-test")
        logger.logLevel = .warning
        let application = try WebJournal(store: store, configuration: configuration).application(logger: logger)
        try await application.test(.live) { client in
            for pageSize in [7, 50] {
                var seen: [String] = []
                var before: String?
                var pages = 0
                repeat {
                    let uri = "/api/entries?on=2021-07-01&limit=\(pageSize)" + (before.map { "&before=\($0)" } ?? "")
                    let page = try await client.execute(uri: uri, method: .get) { response in
                        XCTAssertEqual(response.status, .ok, response.text)
                        return try XCTUnwrap(try response.json() as? [String: Any])
                    }
                    let entries = try XCTUnwrap(page["entries"] as? [[String: Any]])
                    seen += entries.compactMap { $0["id"] as? String }
                    before = page["next_before"] as? String
                    pages += 1
                } while before != nil && pages < 100
                XCTAssertEqual(seen, expected, "page size \(pageSize)")
            }
        }
    }
}
