import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// Rules every answer keeps: HEAD mirrors GET, a failing route is a 500 with the security
/// headers, and a page parameter that does not read is a 400 that says what it must be.
final class ResponseRulesTests: XCTestCase {
    func testHeadAnswersEveryGetRouteWithItsHeadersAndNoBody() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("01-paris-2019-07.jpg") })
        let hash = entry.contentHash
        var routes = [
            "/", "/?month=2021-12", "/entries/\(entry.id)", "/entries/\(entry.id)/delete", "/search?tag=blue", "/on-this-day?date=07-14",
            "/latest", "/tags", "/map", "/api/entries?limit=2", "/api/entries/\(entry.id)", "/api/places", "/api/tags",
            "/thumbnails/\(hash).jpg", "/previews/\(hash).jpg", "/originals/\(entry.id)", "/static/daybook.css", "/static/timeline.js",
        ]
        if FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js") {
            routes.append("/vendor/leaflet/leaflet.js")
        }
        try await fixture.application().test(.router) { [routes] client in
            for uri in routes {
                let get = try await client.execute(uri: uri, method: .get)
                let head = try await client.execute(uri: uri, method: .head)
                XCTAssertEqual(get.status, .ok, uri)
                XCTAssertEqual(head.status, .ok, uri)
                XCTAssertEqual(head.body.readableBytes, 0, uri)
                XCTAssertEqual(head.headers[.contentLength], String(get.body.readableBytes), uri)
                XCTAssertEqual(head.headers[.contentType], get.headers[.contentType], uri)
                XCTAssertEqual(head.headers[.cacheControl], get.headers[.cacheControl], uri)
                XCTAssertEqual(head.headers[.eTag], get.headers[.eTag], uri)
                XCTAssertEqual(head.headers[.contentSecurityPolicy], get.headers[.contentSecurityPolicy], uri)
                XCTAssertEqual(head.headers[.xContentTypeOptions], "nosniff", uri)
            }
            try await client.execute(uri: "/no-such-page", method: .head) { XCTAssertEqual($0.status, .notFound) }
            try await client.execute(uri: "/thumbnails/\(hash).jpg", method: .head, headers: [.ifNoneMatch: "\"\(hash)\""]) {
                XCTAssertEqual($0.status, .notModified)
            }
        }
    }

    /// The journal's database loses a table under the running server (sqlite3, as another
    /// program could): the route throws, and the answer is still a 500 with every header.
    func testAnErrorThrownInARouteIsA500WithTheSecurityHeaders() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { throw XCTSkip("sqlite3 is not installed") }
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/tags", method: .get) { XCTAssertEqual($0.status, .ok) }
            let sqlite = Process()
            sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            sqlite.arguments = [
                fixture.store.library.root.appendingPathComponent("journal.sqlite").path, "ALTER TABLE tag_count RENAME TO tag_count_gone",
            ]
            try sqlite.run()
            sqlite.waitUntilExit()
            XCTAssertEqual(sqlite.terminationStatus, 0)
            for method in [HTTPRequest.Method.get, .head] {
                try await client.execute(uri: "/api/tags", method: method) { response in
                    XCTAssertEqual(response.status, .internalServerError)
                    XCTAssertEqual(
                        response.headers[.contentSecurityPolicy],
                        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; "
                            + "manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
                    XCTAssertEqual(response.headers[.xContentTypeOptions], "nosniff")
                    XCTAssertEqual(response.headers[.init("X-Frame-Options")!], "DENY")
                    XCTAssertEqual(response.headers[.init("Referrer-Policy")!], "same-origin")
                    XCTAssertFalse(response.text.contains("tag"), "the reason stays in the log: \(response.text)")
                }
            }
        }
    }

    func testAPageParameterThatDoesNotReadIsA400SayingWhatItMustBe() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            let cases = [
                ("/on-this-day?date=99-99", "date=99-99 does not read: date must be a day of the year as MM-DD, such as 07-14."),
                ("/on-this-day?date=7-14", "date=7-14 does not read: date must be a day of the year as MM-DD, such as 07-14."),
                ("/?month=-2021-01", "month=-2021-01 does not read: month must be a month as YYYY-MM, such as 2024-05."),
                ("/?month=2021-13", "month=2021-13 does not read: month must be a month as YYYY-MM, such as 2024-05."),
                ("/?month=%3Cb%3E", "month=&lt;b&gt; does not read: month must be a month as YYYY-MM, such as 2024-05."),
                ("/search?on=2024-02-30", "on must be a date like 2024-05-17"),
                ("/search?month=-2021-01", "month must look like 2024-05"),
                ("/search?near=91,0", "near: not a place on Earth"),
                ("/search?near=1,1&radius=far", "radius must be like 500m or 25km"),
            ]
            for (uri, message) in cases {
                try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .badRequest, uri)
                    XCTAssertTrue(response.text.contains(message), "\(uri): \(response.text)")
                }
            }
            for uri in ["/api/entries?month=-2021-01", "/api/entries?limit=0", "/api/entries?on=99"] {
                try await client.execute(uri: uri, method: .get) { XCTAssertEqual($0.status, .badRequest, uri) }
            }
            // Empty means "not given", as a form submits an empty field.
            for uri in ["/?month=", "/on-this-day?date=", "/?before="] {
                try await client.execute(uri: uri, method: .get) { XCTAssertEqual($0.status, .ok, uri) }
            }
        }
    }

    /// What the HTTP parser refuses before any route sees it (a request line or a header that
    /// does not parse, a head too large) is a 400 with the security headers too.
    func testTheParsersOwnRefusalsCarryTheSecurityHeaders() async throws {
        let fixture = try WebFixture()
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let requests = [
                "GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n", "GET /\u{1}x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Long: \(String(repeating: "a", count: 90 << 10))\r\n\r\n",
            ]
            for request in requests {
                let reply = try RawHTTP.exchange(request, address: "127.0.0.1", port: port)
                let name = String(request.prefix(30)).debugDescription
                XCTAssertEqual(RawHTTP.status(reply), 400, "\(name): \(reply)")
                let head = reply.lowercased()
                for header in [
                    "content-security-policy: default-src 'none'", "x-content-type-options: nosniff", "x-frame-options: deny",
                    "referrer-policy: same-origin",
                ] {
                    XCTAssertTrue(head.contains("\r\n\(header)"), "\(name) carries \(header): \(reply)")
                }
            }
        }
    }
}
