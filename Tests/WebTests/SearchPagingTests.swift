import DaybookCore
import DaybookStore
import DaybookStoreTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// `/api/entries` with a search and `before` pages through the store's own cursor: every
/// match exactly once, in timeline order, however many share a capture time.
final class SearchPagingTests: XCTestCase {
    func testSearchPagesWithBeforeVisitEveryMatchOnceInOrder() async throws {
        let store = try makeCrowdedStore()
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
