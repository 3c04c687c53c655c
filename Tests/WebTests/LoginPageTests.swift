import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The login page in front of a journal with a password: pages a person opens go to it and
/// come back after a right password; scripts get 401 with no Basic challenge (no browser
/// dialog) and may still send Basic authentication; `next` never leaves the journal; a login
/// must come from the journal's own page; the trust page and the style sheet need nothing.
final class LoginPageTests: XCTestCase {
    static let password = "correct horse"
    static let browser: HTTPFields = [.accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]

    func testPagesGoToTheLoginPageAndScriptsGet401WithoutAChallenge() async throws {
        let fixture = try WebFixture()
        let hash = try PasswordFile.hash(Self.password)
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hash
        }.test(.live) { client in
            for (path, location) in [
                ("/", "/login"), ("/search?q=red%20car&tag=x", "/login?next=/search%3Fq%3Dred%2520car%26tag%3Dx"),
                ("/entries/abc", "/login?next=/entries/abc"),
            ] {
                try await client.execute(uri: path, method: .get, headers: Self.browser) { response in
                    XCTAssertEqual(response.status, .seeOther, path)
                    XCTAssertEqual(response.headers[.location], location, path)
                    XCTAssertNil(response.headers[.wwwAuthenticate], path)
                }
            }
            // A browser's form sent without the cookie returns to the page it came from.
            try await client.execute(
                uri: "/new", method: .post,
                headers: Self.browser + [.origin: "http://127.0.0.1:\(client.port!)", .referer: "http://127.0.0.1:\(client.port!)/new?x=1"]
                    + formHeaders, body: formBody([("text", "hello")])
            ) { response in
                XCTAssertEqual(response.status, .seeOther)
                XCTAssertEqual(response.headers[.location], "/login?next=/new%3Fx%3D1")
            }
            let scripts: [(String, HTTPRequest.Method, HTTPFields, String)] = [
                ("/api/tags", .get, Self.browser, "application/json; charset=utf-8"),
                ("/api/entries", .get, [:], "application/json; charset=utf-8"),
                ("/", .get, [.accept: "*/*"], "text/plain; charset=utf-8"),
                ("/uploads", .post, Self.browser, "text/plain; charset=utf-8"),
                ("/new", .post, [.accept: "*/*"], "text/plain; charset=utf-8"),
            ]
            for (path, method, headers, type) in scripts {
                try await client.execute(uri: path, method: method, headers: headers) { response in
                    XCTAssertEqual(response.status, .unauthorized, path)
                    XCTAssertNil(response.headers[.wwwAuthenticate], "no browser dialog: \(path)")
                    XCTAssertEqual(response.headers[.contentType], type, path)
                    XCTAssertTrue(response.text.contains("log in at /login, or send it with HTTP Basic authentication"), response.text)
                }
            }
            // Public: the style sheet the login page uses; the trust page (none here: 404, not a login).
            try await client.execute(uri: "/static/daybook.css", method: .get) { XCTAssertEqual($0.status, .ok) }
            try await client.execute(uri: "/trust", method: .get, headers: Self.browser) { XCTAssertEqual($0.status, .notFound) }
            // curl -u keeps working.
            let basic = "Basic " + Data(":\(Self.password)".utf8).base64EncodedString()
            try await client.execute(uri: "/api/tags", method: .get, headers: [.authorization: basic]) { XCTAssertEqual($0.status, .ok) }
        }
    }

    func testTheLoginFormSetsTheCookieAndGoesOnlyToThisJournal() async throws {
        let fixture = try WebFixture()
        let hash = try PasswordFile.hash(Self.password)
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hash
        }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let origin: HTTPFields = [.origin: "http://127.0.0.1:\(port)"]
            try await client.execute(uri: "/login?next=/search%3Fq%3Dx", method: .get, headers: Self.browser) { response in
                XCTAssertEqual(response.status, .ok)
                let page = response.text
                XCTAssertTrue(page.contains(#"<input type="hidden" name="next" value="/search?q=x">"#), page)
                XCTAssertTrue(page.contains(#"<input type="password" name="password" autocomplete="current-password" required autofocus>"#))
                XCTAssertFalse(page.contains("daybook-csrf"), "the edit token is not on a public page")
                XCTAssertFalse(page.contains("New entry"), "no navigation before the login")
                XCTAssertFalse(page.contains("/trust"), "no authority without --https")
            }
            func logIn(_ password: String, next: String, headers: HTTPFields = origin) async throws -> (
                HTTPResponse.Status, String?, String?, String
            ) {
                try await client.execute(
                    uri: "/login", method: .post, headers: headers + formHeaders, body: formBody([("next", next), ("password", password)])
                ) { ($0.status, $0.headers[.location], $0.headers[.setCookie], $0.text) }
            }
            let (wrong, _, noCookie, page) = try await logIn("guess", next: "/tags")
            XCTAssertEqual(wrong, .unauthorized)
            XCTAssertNil(noCookie)
            XCTAssertTrue(page.contains("That is not the password."), page)
            XCTAssertTrue(page.contains(#"value="/tags""#), "the form keeps where to go")

            let (right, location, cookie, _) = try await logIn(Self.password, next: "/search?q=x")
            XCTAssertEqual(right, .seeOther)
            XCTAssertEqual(location, "/search?q=x")
            let setCookie = try XCTUnwrap(cookie)
            XCTAssertNotNil(
                setCookie.wholeMatch(of: /daybook-session-\d+=\d+\.[0-9a-f]{64}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax/), setCookie
            )
            let pair = String(setCookie.split(separator: ";")[0])
            try await client.execute(uri: "/tags", method: .get, headers: Self.browser + [.cookie: pair]) { XCTAssertEqual($0.status, .ok) }
            try await client.execute(uri: "/login?next=/tags", method: .get, headers: Self.browser + [.cookie: pair]) { response in
                XCTAssertEqual(response.status, .seeOther, "already logged in")
                XCTAssertEqual(response.headers[.location], "/tags")
            }

            // Every `next` that a browser could read as another site goes to the timeline.
            for hostile in [
                "//evil.example/", "https://evil.example/", "/\\evil.example", "\\\\evil.example", "/\\/evil.example", "http:evil.example",
                "/\r\nSet-Cookie:x", "/entrées", "/\tevil", " //evil.example", "javascript:alert(1)", "/login?next=//evil.example",
            ] {
                let (status, location, _, _) = try await logIn(Self.password, next: hostile)
                XCTAssertEqual(status, .seeOther, hostile)
                XCTAssertEqual(location, "/", hostile)
            }

            // From another site, or with no page named at all: refused before the password is looked at.
            for headers: HTTPFields in [[.origin: "http://evil.example"], [:], [.origin: "null"]] {
                let (status, _, cookie, _) = try await logIn(Self.password, next: "/", headers: headers)
                XCTAssertEqual(status, .forbidden, "\(headers)")
                XCTAssertNil(cookie)
            }

            // Logging out empties the cookie.
            try await client.execute(uri: "/logout", method: .post, headers: origin + [.cookie: pair]) { response in
                XCTAssertEqual(response.status, .seeOther)
                XCTAssertEqual(response.headers[.location], "/login")
                XCTAssertEqual(response.headers[.setCookie], "daybook-session-\(port)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
            }
        }
    }

    func testWrongPasswordsOnTheFormWaitAsBasicOnesDo() async throws {
        let fixture = try WebFixture()
        let hash = try PasswordFile.hash(Self.password)
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hash
            $0.loginLimits.freeFailures = 2
        }.test(.live) { client in
            let headers: HTTPFields = [.origin: "http://127.0.0.1:\(client.port!)"] + formHeaders
            for expected in [HTTPResponse.Status.unauthorized, .unauthorized, .tooManyRequests] {
                try await client.execute(uri: "/login", method: .post, headers: headers, body: formBody([("password", "guess")])) {
                    XCTAssertEqual($0.status, expected)
                    if expected == .tooManyRequests {
                        XCTAssertEqual($0.headers[.retryAfter], "1")
                        XCTAssertTrue($0.text.contains("Too many wrong passwords from this address: try again in 1 s."), $0.text)
                    }
                }
            }
        }
    }
}
