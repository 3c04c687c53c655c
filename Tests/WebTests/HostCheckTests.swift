import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// DNS rebinding: a page on evil.example whose name the attacker re-points at 127.0.0.1
/// reaches the server with `Host: evil.example:PORT` (and `Origin: http://evil.example:PORT`).
/// Every such request is refused with 421 before it reaches a route, token or password.
final class HostCheckTests: XCTestCase {
    func testAForeignHostIsRefusedOnEveryRouteAndTheOwnNamesAreNot() async throws {
        let fixture = try WebFixture()
        let entry = try fixture.hostileEntry
        let thumbnail = try XCTUnwrap(entry.thumbnailName)
        let routes = [
            "/", "/entries/\(entry.id)", "/search?q=a", "/on-this-day", "/latest", "/tags", "/map", "/api/entries",
            "/api/entries/\(entry.id)", "/api/places", "/api/tags", "/thumbnails/\(thumbnail)", "/static/daybook.css",
            "/no-such-page",
        ]
        // Bound to 127.0.0.1:8080 (not started: the router alone). The test client's own
        // authority is "localhost"; a further Host field must be allowed as well.
        try await fixture.application().test(.router) { client in
            for uri in routes {
                for host in ["evil.example:8080", "evil.example", "127.0.0.1.evil.example:8080", "localhost:9999", "[::1]:8080", "", "a b"]
                {
                    for method in [HTTPRequest.Method.get, .head] {
                        try await client.execute(uri: uri, method: method, headers: [.init("Host")!: host]) { response in
                            XCTAssertEqual(response.status, .misdirectedRequest, "\(method) \(uri) for \(host)")
                            XCTAssertFalse(response.text.contains(entry.id), uri)
                            XCTAssertNotNil(response.headers[.contentSecurityPolicy], "refusals carry the headers too")
                        }
                    }
                }
            }
            for host in ["localhost:8080", "127.0.0.1:8080", "127.0.0.1", "LOCALHOST:8080"] {
                try await client.execute(uri: "/api/entries/\(entry.id)", method: .get, headers: [.init("Host")!: host]) {
                    XCTAssertEqual($0.status, .ok, host)
                }
            }
        }
        // Bound to ::1: [::1] with the port is its own name; 127.0.0.1 is not.
        try await fixture.application { $0.host = "::1" }.test(.router) { client in
            for (host, status) in [("[::1]:8080", HTTPResponse.Status.ok), ("[::1]", .ok), ("127.0.0.1:8080", .misdirectedRequest)] {
                try await client.execute(uri: "/api/tags", method: .get, headers: [.init("Host")!: host]) {
                    XCTAssertEqual($0.status, status, host)
                }
            }
        }
        // --allowed-host: a name with any port, or a name with one port.
        try await fixture.application { $0.allowedHosts = ["journal.example.org", "tunnel.example:9000"] }.test(.router) { client in
            let cases: [(String, HTTPResponse.Status)] = [
                ("journal.example.org", .ok), ("journal.example.org:443", .ok), ("tunnel.example:9000", .ok),
                ("tunnel.example:9001", .misdirectedRequest), ("evil.journal.example.org", .misdirectedRequest),
            ]
            for (host, status) in cases {
                try await client.execute(uri: "/api/tags", method: .get, headers: [.init("Host")!: host]) {
                    XCTAssertEqual($0.status, status, host)
                }
            }
        }
        XCTAssertThrowsError(try fixture.journal { $0.allowedHosts = ["evil.example/x"] }) { error in
            XCTAssertEqual(error as? WebError, .badAllowedHost("evil.example/x"))
        }
    }

    /// On a real server: the rebinding request as curl or the attacker's page sends it, HTTP/1.0
    /// with no Host at all, and a second Host. The rebinding POST carries the right token and
    /// an Origin equal to its Host, which a check of Origin against Host alone would accept.
    func testRebindingCannotReadOrEditAndAHostIsRequired() async throws {
        let fixture = try WebFixture()
        let entry = try fixture.hostileEntry
        let journal = try fixture.journal { $0.port = 0 }
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        try await journal.application(logger: logger).test(.live) { client in
            let port = try XCTUnwrap(client.port)
            func exchange(_ request: String) throws -> String { try RawHTTP.exchange(request, address: "127.0.0.1", port: port) }
            let read = try exchange("GET /api/entries HTTP/1.1\r\nHost: evil.example:\(port)\r\nConnection: close\r\n\r\n")
            XCTAssertEqual(RawHTTP.status(read), 421, read)
            XCTAssertFalse(read.contains(entry.id))
            XCTAssertTrue(read.contains("--allowed-host"), "the refusal says what to do")

            func edit(host: String, origin: String, text: String) throws -> String {
                let body = "csrf=\(token)&text=\(text)"
                return try exchange(
                    "POST /entries/\(entry.id)/text HTTP/1.1\r\nHost: \(host)\r\nOrigin: \(origin)\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
                        + "Connection: close\r\n\r\n\(body)")
            }
            let rebound = try edit(host: "evil.example:\(port)", origin: "http://evil.example:\(port)", text: "pwned")
            XCTAssertEqual(RawHTTP.status(rebound), 421, rebound)
            let foreignOrigin = try edit(host: "127.0.0.1:\(port)", origin: "http://evil.example:\(port)", text: "pwned")
            XCTAssertEqual(RawHTTP.status(foreignOrigin), 403, foreignOrigin)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, WebFixture.hostileText, "nothing changed")
            let own = try edit(host: "127.0.0.1:\(port)", origin: "http://127.0.0.1:\(port)", text: "mine")
            XCTAssertEqual(RawHTTP.status(own), 303, own)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "mine")

            let noHost = try exchange("GET /api/entries HTTP/1.0\r\n\r\n")
            XCTAssertEqual(RawHTTP.status(noHost), 421, noHost)
            XCTAssertFalse(noHost.contains(entry.id))
            let twoHosts = try exchange(
                "GET /api/entries HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
            XCTAssertEqual(RawHTTP.status(twoHosts), 421, twoHosts)
            let fine = try exchange("GET /api/tags HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            XCTAssertEqual(RawHTTP.status(fine), 200, fine)
        }
    }

    /// An absolute-form target (`GET http://evil.example/ HTTP/1.1`, as sent to a proxy)
    /// names the host the request is for ahead of `Host` (RFC 9112 §3.2.2), so its authority
    /// is checked as a Host is; the Host field stays checked too.
    func testAnAbsoluteFormTargetIsCheckedAsTheHostIs() async throws {
        let fixture = try WebFixture()
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            func exchange(_ target: String, host: String) throws -> String {
                // CONNECT's target is an authority alone; the parser refuses one for any other method.
                let method = target.contains("/") ? "GET" : "CONNECT"
                return try RawHTTP.exchange(
                    "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", address: "127.0.0.1", port: port)
            }
            let local = "127.0.0.1:\(port)"
            let cases: [(String, String, Int)] = [
                ("http://evil.example/api/tags", local, 421), ("http://evil.example:\(port)/api/tags", local, 421),
                ("https://evil.example/api/tags", local, 421), ("http://127.0.0.1.evil.example:\(port)/api/tags", local, 421),
                ("http://127.0.0.1:\(port + 1)/api/tags", local, 421), ("http://me@127.0.0.1:\(port)/api/tags", local, 421),
                ("http://127.0.0.1:\(port)/api/tags", "evil.example", 421), ("evil.example:443", local, 421),
                ("http://127.0.0.1:\(port)/api/tags", local, 200), ("HTTP://LOCALHOST:\(port)/api/tags?x=1", local, 200),
                ("/api/tags", local, 200),
            ]
            for (target, host, status) in cases {
                let reply = try exchange(target, host: host)
                XCTAssertEqual(RawHTTP.status(reply), status, "\(target) with Host \(host): \(reply)")
            }
        }
    }

    /// The real `daybook serve` bound to ::1 with --allowed-host.
    func testServeOnIPv6LoopbackAnswersItsNamesAndAllowedHosts() throws {
        let root = try TemporaryFolder.make("daybook-serve-hosts")
        let library = root.appendingPathComponent("library").path
        let refused = try DaybookChild(
            ["serve", "--library", library, "--port", "0", "--allowed-host", "evil.example/x"], log: root.appendingPathComponent("bad.log"))
        refused.process.waitUntilExit()
        XCTAssertEqual(refused.process.terminationStatus, 1)
        XCTAssertEqual(
            refused.log, "daybook: error: --allowed-host must be a host name or address, optionally with :PORT (got \"evil.example/x\")\n")

        // `serve` opens an existing journal only.
        let photo = Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg").path
        let ingest = try DaybookChild(
            ["ingest", "--library", library, "--weather", "none", photo], log: root.appendingPathComponent("ingest.log"))
        ingest.process.waitUntilExit()
        XCTAssertEqual(ingest.process.terminationStatus, 0, ingest.log)

        let serve = try DaybookChild(
            ["serve", "--library", library, "--host", "::1", "--port", "0", "--allowed-host", "journal.example.org"],
            log: root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let served = try XCTUnwrap(serve.waitForLog(#/serving .* at http://\[::1\]:(\d+)/#, timeout: 30), serve.log)
        let port = try XCTUnwrap(Int(served))
        let cases: [(String, Int)] = [
            ("[::1]:\(port)", 200), ("localhost:\(port)", 200), ("journal.example.org", 200), ("journal.example.org:443", 200),
            ("127.0.0.1:\(port)", 421), ("evil.example:\(port)", 421), ("[::1]:\(port + 1)", 421),
        ]
        for (host, status) in cases {
            let reply = try RawHTTP.exchange(
                "GET /api/tags HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", address: "::1", port: port)
            XCTAssertEqual(RawHTTP.status(reply), status, "\(host): \(reply)")
        }
        XCTAssertEqual(serve.stop(), 0)
    }
}
