import DaybookCore
import DaybookWeather
import Foundation
import XCTest

/// Records the waits a fetcher asks for instead of sleeping, so retry tests are fast.
final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Double] = []
    var recorded: [Double] { lock.withLock { waits } }
    var sleep: @Sendable (Double) async -> Void { { [self] seconds in lock.withLock { waits.append(seconds) } } }
}

/// A thread-safe queue of canned replies: each request takes the next one; the last repeats.
final class ReplyScript: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [@Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply]
    init(_ replies: [@Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply]) { self.replies = replies }
    func next(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Reply {
        let reply = lock.withLock { replies.count > 1 ? replies.removeFirst() : replies[0] }
        return reply(request)
    }
}

extension CivilDate {
    /// Test shorthand: a date known to be valid.
    static func d(_ text: String) -> CivilDate { CivilDate(iso: text)! }
}

/// Base class that stops every server a test started, in tearDown.
class ServerTestCase: XCTestCase {
    private let serversLock = NSLock()
    private nonisolated(unsafe) var servers: [LocalHTTPServer] = []

    func startServer(_ handler: @escaping LocalHTTPServer.Handler) throws -> LocalHTTPServer {
        let server = try LocalHTTPServer(handler: handler)
        serversLock.withLock { servers.append(server) }
        return server
    }

    override func tearDown() {
        let all = serversLock.withLock { () -> [LocalHTTPServer] in
            defer { servers.removeAll() }
            return servers
        }
        for server in all { server.stop() }
        super.tearDown()
    }

    /// The request for Paris (48.85, 2.35 → cell 488,23) over the given dates.
    func parisRequest(_ start: String = "2021-07-01", _ end: String = "2021-07-02") -> WeatherRequest {
        WeatherRequest(cell: GeoCell(latitude: 48.8566, longitude: 2.3522), start: .d(start), end: .d(end))
    }
}
