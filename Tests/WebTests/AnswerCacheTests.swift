import DaybookStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import XCTest

@testable import DaybookWeb

/// `AnswerCache.answer(_:counting:)`, the timeline's: a page made with the change count asked
/// inside its own read is kept and given again, and is not kept when the journal changed
/// while it was made (another process's commit, or this server's edit), so a page older
/// than the journal is never given as kept.
final class AnswerCacheTests: XCTestCase {
    func testAPageCountedInItsReadIsKeptUnlessTheJournalChangedMeanwhile() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        let cache = try AnswerCache(store: fixture.store)
        let other = try JournalStore(library: fixture.store.library)
        let made = Mutex(0)
        // A page: its number says how many pages were made; `during` runs inside its read.
        func ask(_ path: String, during: @escaping @Sendable () throws -> Void = {}) async throws -> String {
            let response = try await cache.answer(request(path)) { changes in
                let number = made.withLock { made in
                    made += 1
                    return made
                }
                let count = try await fixture.store.read { _ in
                    try during()
                    return try changes.countNow()
                }
                var page = Answer.html("a page")
                page.headers[Self.pageNumber] = "page \(number)"
                return (page, count)
            }
            return response.headers[Self.pageNumber] ?? "none"
        }
        var pages: [String] = []
        for path in ["/?a", "/?a", "/?b"] { pages.append(try await ask(path)) }
        try other.edit(entryID: entry.id, text: "changed by another process")
        for path in ["/?a", "/?a"] { pages.append(try await ask(path)) }
        // A commit between the read's start and its count: the page may be older than the count.
        pages.append(try await ask("/?c") { try other.edit(entryID: entry.id, text: "changed while the page was read") })
        for path in ["/?c", "/?c"] { pages.append(try await ask(path)) }
        // This server's own edit while a page is made.
        pages.append(try await ask("/?d") { cache.invalidate() })
        for path in ["/?d", "/?d"] { pages.append(try await ask(path)) }
        XCTAssertEqual(
            pages,
            [
                "page 1", "page 1", "page 2",  // made once, then kept; another URL, another page
                "page 3", "page 3",  // let go after another process's commit, then kept again
                "page 4", "page 5", "page 5",  // not kept: made while the journal changed
                "page 6", "page 7", "page 7",  // not kept: made while this server edited
            ])
    }

    /// The kept answers are bounded by their bytes, not by their number: past the budget the
    /// oldest are let go first, and an answer too large for its share of the budget (a page of
    /// an entry with a long text) is never kept, so junk query strings cannot grow the memory.
    func testKeptAnswersStayWithinTheByteBudgetLettingTheOldestGoFirst() async throws {
        let fixture = try WebFixture()
        let cache = try AnswerCache(store: fixture.store)
        let made = Mutex(0)
        // A page of `bytes` bytes; the answer says which page made it.
        func ask(_ path: String, bytes: Int) async throws -> Int {
            let response = try await cache.answer(request(path)) {
                let number = made.withLock { made in
                    made += 1
                    return made
                }
                var page = Answer.html(ByteBuffer(repeating: UInt8(ascii: "a"), count: bytes))
                page.headers[Self.pageNumber] = String(number)
                return page
            }
            return Int(response.headers[Self.pageNumber] ?? "") ?? 0
        }
        let budget = KeptAnswers.budget
        let share = budget / 16
        let count = budget / share + 8
        for page in 1...count { _ = try await ask("/?p=\(page)", bytes: share) }
        // The newest pages are given as kept, newest first (so none is made again meanwhile).
        for page in stride(from: count, to: count - budget / share + 1, by: -1) {
            let number = try await ask("/?p=\(page)", bytes: share)
            XCTAssertEqual(number, page, "page \(page) is kept")
        }
        let oldest = try await ask("/?p=1", bytes: share)
        XCTAssertEqual(oldest, count + 1, "the oldest was let go")
        // One answer over an eighth of the budget is made every time.
        let big = [try await ask("/?big", bytes: budget / 8 + 1), try await ask("/?big", bytes: budget / 8 + 1)]
        XCTAssertEqual(big, [count + 2, count + 3], "too large to keep")
    }

    private static let pageNumber = HTTPField.Name("x-page")!

    private func request(_ path: String) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: path),
            body: RequestBody(buffer: ByteBuffer()))
    }
}
