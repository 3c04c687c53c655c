import DaybookCore
import DaybookWeather
import Foundation
import Synchronization
import XCTest

/// Records the waits a fetcher asks for instead of sleeping, so retry tests are fast.
final class SleepRecorder: Sendable {
    private let waits = Mutex<[Double]>([])
    var recorded: [Double] { waits.withLock { $0 } }
    var sleep: @Sendable (Double) async -> Void { { [self] seconds in waits.withLock { $0.append(seconds) } } }
}

/// A thread-safe queue of canned replies: each request takes the next one; the last repeats.
final class ReplyScript: Sendable {
    private let replies: Mutex<[@Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply]>
    init(_ replies: [@Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply]) { self.replies = Mutex(replies) }
    func next(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Reply {
        let reply = replies.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
        return reply(request)
    }
}

extension CivilDate {
    /// Test shorthand: a date known to be valid.
    static func d(_ text: String) -> CivilDate { CivilDate(iso: text)! }
}

/// Base class that stops every server a test started, in tearDown.
class ServerTestCase: XCTestCase {
    private let servers = Mutex<[LocalHTTPServer]>([])

    func startServer(_ handler: @escaping LocalHTTPServer.Handler) throws -> LocalHTTPServer {
        let server = try LocalHTTPServer(handler: handler)
        servers.withLock { $0.append(server) }
        return server
    }

    override func tearDown() {
        let all = servers.withLock { servers -> [LocalHTTPServer] in
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
