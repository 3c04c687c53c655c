import DaybookWeb
import Dispatch
import Foundation
import HummingbirdTesting
import Synchronization
import XCTest

@testable import DaybookStore

/// Pages wait for SQLite without holding a thread of the cooperative pool: while every reading
/// connection is busy (long reads, held open here on purpose), more pages than the pool has
/// threads are asked, and the server still answers a request that needs no store at once.
/// Before the pages' reads were awaited, each blocked a thread, and the server stood still.
final class PageReadTests: XCTestCase {
    /// Status codes by request, written from the threads that asked.
    final class Replies: Sendable {
        let statuses: Mutex<[Int?]>
        init(_ count: Int) { statuses = Mutex([Int?](repeating: nil, count: count)) }
    }

    func testPagesWaitingForTheStoreLeaveTheServerAnswering() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        let pool = fixture.store.pool
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let gate = DispatchSemaphore(value: 0)
            let holding = DispatchSemaphore(value: 0)
            let readers = pool.configuration.maximumReaderCount
            for _ in 0..<readers {
                Thread.detachNewThread {
                    try? pool.read { _ in
                        holding.signal()
                        gate.wait()
                    }
                }
            }
            for _ in 0..<readers { holding.wait() }

            @Sendable func get(_ path: String) -> Int? {
                let reply = try? RawHTTP.exchange(
                    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", address: "127.0.0.1", port: port)
                return reply.flatMap(RawHTTP.status)
            }
            let kinds = ["/?n=", "/entries/\(entry.id)?n=", "/api/entries?limit=5&n=", "/search?q=paris&n=", "/tags?n="]
            let waiting = 2 * ProcessInfo.processInfo.activeProcessorCount + kinds.count
            let replies = Replies(waiting)
            let answered = DispatchGroup()
            for index in 0..<waiting {
                answered.enter()
                Thread.detachNewThread {
                    let status = get(kinds[index % kinds.count] + "\(index)")
                    replies.statuses.withLock { $0[index] = status }
                    answered.leave()
                }
            }
            // Asked from a thread of its own, once the pages are in and waiting for a reader: the
            // test's task, too, needs a thread of the pool to go on, so it waits until the end.
            let (free, seconds) = await withCheckedContinuation { (done: CheckedContinuation<(Int?, TimeInterval), Never>) in
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: 0.5)
                    let started = Date()
                    let free = get("/static/daybook.css")
                    let seconds = Date().timeIntervalSince(started)
                    for _ in 0..<readers { gate.signal() }
                    done.resume(returning: (free, seconds))
                }
            }
            XCTAssertEqual(free, 200, "a request that needs no store answered while \(waiting) pages waited for SQLite")
            XCTAssertLessThan(seconds, 5, "and at once")
            XCTAssertEqual(answered.wait(timeout: .now() + 30), .success)
            XCTAssertEqual(replies.statuses.withLock { $0 }, [Int?](repeating: 200, count: waiting), "every page, once SQLite had a reader")
        }
    }
}
