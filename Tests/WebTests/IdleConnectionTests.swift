import DaybookTestSupport
import DaybookWeb
import Foundation
import Logging
import Synchronization
import XCTest

/// Sockets that connect and send nothing, more of them than the server serves at once: the
/// server closes each after the idle timeout, and a real request behind them is answered.
final class IdleConnectionTests: XCTestCase {
    /// Run as `daybook serve` runs it (HummingbirdTesting's live server drops the connection
    /// limit from the configuration).
    func testIdleSocketsDoNotLockARealRequestOut() async throws {
        let fixture = try WebFixture()
        let journal = try fixture.journal {
            $0.port = 0
            $0.idleTimeout = .seconds(1)
            $0.connectionLimit = 16
        }
        var logger = Logger(label: "idle-test")
        logger.logLevel = .warning
        let bound = Mutex<Int?>(nil)
        let app = journal.application(logger: logger) { port in bound.withLock { $0 = port } }
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var port = 0
        for _ in 0..<500 where port == 0 {
            port = bound.withLock { $0 } ?? 0
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertNotEqual(port, 0, "the server started")

        let idle = try (0..<48).map { _ in try Self.connect(port: port) }
        defer { for socket in idle { close(socket) } }
        let start = ContinuousClock.now
        let reply = try RawHTTP.exchange(
            "GET /api/tags HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", address: "127.0.0.1", port: port)
        let waited = ContinuousClock.now - start
        XCTAssertEqual(RawHTTP.status(reply), 200, reply)
        // 48 silent sockets ahead of it, about 16 served at a time for 1 s each: 2–3 s.
        XCTAssertGreaterThan(waited, .milliseconds(900), "it waited behind the first ones")
        XCTAssertLessThan(waited, .seconds(8))
        // The server closed the first silent socket: reading it finds the end, not a timeout.
        var byte: UInt8 = 0
        XCTAssertEqual(recv(idle[0], &byte, 1, 0), 0, "closed by the server")
    }

    /// A connected TCP socket to 127.0.0.1 that sends nothing; reads give up after 10 s.
    static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawHTTP.Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw RawHTTP.Failure(description: "connect: \(errno)")
        }
        return socket
    }
}
