import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// Edits need the token and this journal's origin; no path parameter reaches a file it should
/// not; beyond loopback the server needs its password.
final class SafetyTests: XCTestCase {
    func testDotDotInEveryPathParameterReachesNothing() async throws {
        let fixture = try WebFixture()
        let id = try fixture.hostileEntry.id
        let outside = fixture.root.appendingPathComponent("secret.jpg")
        try Data("secret".utf8).write(to: outside)
        let hostile = [
            "..", "../journal.sqlite", "..%2Fjournal.sqlite", "%2e%2e%2fjournal.sqlite", "..%2F..%2Fsecret.jpg",
            "%2E%2E%2F%2E%2E%2Fsecret.jpg", "....%2F%2Fsecret.jpg", "%00", String(repeating: "a", count: 64) + ".jpg%00",
        ]
        try await fixture.application().test(.router) { client in
            for value in hostile {
                for prefix in ["/entries/", "/originals/", "/thumbnails/", "/previews/", "/static/", "/api/entries/", "/vendor/leaflet/"] {
                    let uri = prefix + value
                    try await client.execute(uri: uri, method: .get) { response in
                        XCTAssertTrue([.notFound, .badRequest].contains(response.status), "\(uri): \(response.status)")
                        XCTAssertFalse(response.text.contains("secret") && !response.text.contains("<"), uri)
                        XCTAssertFalse(response.text.hasPrefix("SQLite format"), uri)
                    }
                }
                for suffix in ["/text", "/tags", "/delete"] {
                    let uri = "/entries/" + value + suffix
                    try await client.execute(uri: uri, method: .get) { XCTAssertEqual($0.status, .notFound, uri) }
                }
            }
            try await client.execute(uri: "/?before=..%2F..%2Fsecret.jpg", method: .get) { XCTAssertEqual($0.status, .notFound) }
            try await client.execute(uri: "/api/entries?before=../\(id)", method: .get) { XCTAssertEqual($0.status, .notFound) }
        }
    }

    func testEditsNeedTheTokenAndThisOrigin() async throws {
        let fixture = try WebFixture()
        let entry = try fixture.hostileEntry
        let journal = try fixture.journal()
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            let uri = "/entries/\(entry.id)/text"
            let attempts: [(HTTPFields, [(String, String)])] = [
                (formHeaders, [("text", "no token")]),
                (formHeaders, [("text", "wrong token"), ("csrf", String(token.reversed()))]),
                (formHeaders + [.origin: "http://evil.example"], [("text", "other site"), ("csrf", token)]),
                (formHeaders + [.origin: "null"], [("text", "opaque origin"), ("csrf", token)]),
            ]
            for (headers, fields) in attempts {
                try await client.execute(uri: uri, method: .post, headers: headers, body: formBody(fields)) { response in
                    XCTAssertEqual(response.status, .forbidden, "\(fields)")
                }
            }
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, WebFixture.hostileText, "nothing changed")
            // The test client's requests are for "localhost": the page's own origin.
            let headers = formHeaders + [.origin: "http://localhost"]
            try await client.execute(
                uri: uri, method: .post, headers: headers, body: formBody([("csrf", token), ("text", "Line one\r\nLine two")])
            ) { response in
                XCTAssertEqual(response.status, .seeOther)
                XCTAssertEqual(response.headers[.location], "/entries/\(entry.id)")
            }
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Line one\nLine two")
            // Tags: add two, remove one, a bad name refused with its reason.
            let tags = "/entries/\(entry.id)/tags"
            try await client.execute(
                uri: tags, method: .post, headers: formHeaders, body: formBody([("csrf", token), ("add", "Beach Trip")]))
            try await client.execute(uri: tags, method: .post, headers: formHeaders, body: formBody([("csrf", token), ("add", "sea")]))
            try await client.execute(uri: tags, method: .post, headers: formHeaders, body: formBody([("csrf", token), ("remove", "sea")]))
            try await client.execute(uri: tags, method: .post, headers: formHeaders, body: formBody([("csrf", token), ("add", "<b>")])) {
                XCTAssertEqual($0.status, .badRequest)
                XCTAssertTrue($0.text.contains("invalid tag &quot;&lt;b&gt;&quot;"))
            }
            let names = try fixture.store.tags(entryID: entry.id).filter { $0.source == .user }.map(\.name)
            XCTAssertEqual(names, ["beach-trip"])
        }
    }

    func testDeleteAsksFirstThenRemovesEntryAndFiles() async throws {
        let fixture = try WebFixture()
        let all = try fixture.store.entries()
        let entry = all[2]
        let journal = try fixture.journal()
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        let thumbnail = fixture.store.library.thumbnailURL(for: try XCTUnwrap(entry.thumbnailName))
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            try await client.execute(uri: "/entries/\(entry.id)/delete", method: .get) { response in
                XCTAssertTrue(response.text.contains("Delete this entry?"))
                XCTAssertTrue(response.text.contains("name=\"confirm\" value=\"yes\""))
                XCTAssertTrue(response.text.contains("<code>daybook trash restore \(entry.id.prefix(8))</code>"), response.text)
            }
            _ = try await client.execute(uri: "/previews/\(entry.contentHash).jpg", method: .get)
            let uri = "/entries/\(entry.id)/delete"
            try await client.execute(uri: uri, method: .post, headers: formHeaders, body: formBody([("confirm", "yes")])) {
                XCTAssertEqual($0.status, .forbidden)
            }
            try await client.execute(uri: uri, method: .post, headers: formHeaders, body: formBody([("csrf", token)])) {
                XCTAssertEqual($0.status, .seeOther, "no confirmation: back to the question")
            }
            XCTAssertNotNil(try fixture.store.entry(id: entry.id))
            try await client.execute(uri: uri, method: .post, headers: formHeaders, body: formBody([("csrf", token), ("confirm", "yes")])) {
                XCTAssertEqual($0.status, .seeOther)
                XCTAssertEqual($0.headers[.location], "/entries/\(all[3].id)", "on to the next older entry")
            }
        }
        XCTAssertNil(try fixture.store.entry(id: entry.id))
        XCTAssertFalse(FileManager.default.fileExists(atPath: thumbnail.path))
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: fixture.store.library.previewsURL.appendingPathComponent("\(entry.contentHash).jpg").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: entry.sourcePath), "the photo itself is kept")
        XCTAssertEqual(try fixture.store.trashedEntries().map(\.id), [entry.id], "the same store call as the CLI's: in the trash")
        XCTAssertEqual(try fixture.store.deletedEntryID(contentHash: entry.contentHash), entry.id)
    }

    func testBeyondLoopbackNeedsAPasswordAndChecksIt() async throws {
        let fixture = try WebFixture()
        XCTAssertThrowsError(try fixture.journal { $0.host = "0.0.0.0" }) { error in
            XCTAssertEqual(error as? WebError, .passwordRequired("0.0.0.0"))
        }
        for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] { XCTAssertTrue(WebConfiguration.isLoopback(host), host) }
        for host in ["0.0.0.0", "192.168.1.2", "127.0.0.1.example", "::"] { XCTAssertFalse(WebConfiguration.isLoopback(host), host) }
        let hashFile = fixture.root.appendingPathComponent("password")
        try Data((PasswordFile.hash("correct horse") + "\n").utf8).write(to: hashFile)
        let hash = try PasswordFile.readHash(hashFile.path)
        XCTAssertThrowsError(try PasswordFile.readHash(fixture.root.appendingPathComponent("missing").path))
        // A real server on 127.0.0.1, configured as if it were public.
        let app = try fixture.application {
            $0.host = "127.0.0.1"
            $0.port = 0
            $0.passwordHash = hash
        }
        try await app.test(.live) { client in
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertEqual(response.status, .unauthorized)
                XCTAssertNil(response.headers[.wwwAuthenticate], "no Basic challenge: browsers log in on /login")
            }
            for (password, status) in [("wrong", HTTPResponse.Status.unauthorized), ("correct horse", .ok), ("correct horse", .ok)] {
                let credentials = Data("me:\(password)".utf8).base64EncodedString()
                try await client.execute(uri: "/api/tags", method: .get, headers: [.authorization: "Basic \(credentials)"]) {
                    XCTAssertEqual($0.status, status, password)
                }
            }
        }
    }

    func testOnlineTilesAreAnOptionTheCSPAllows() async throws {
        let fixture = try WebFixture()
        XCTAssertThrowsError(try fixture.journal { $0.tiles = "javascript:alert(1)/{z}/{x}/{y}" })
        XCTAssertThrowsError(try fixture.journal { $0.tiles = "https://tiles.example.org/map.png" }, "no {z}/{x}/{y}")
        try await fixture.application { $0.tiles = "https://tiles.example.org/{z}/{x}/{y}.png" }.test(.router) { client in
            try await client.execute(uri: "/map", method: .get) { response in
                XCTAssertTrue(
                    try XCTUnwrap(response.headers[.contentSecurityPolicy]).contains("img-src 'self' data: https://tiles.example.org;"))
                XCTAssertTrue(response.text.contains("data-tiles=\"https://tiles.example.org/{z}/{x}/{y}.png\""))
            }
        }
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/map", method: .get) { response in
                XCTAssertTrue(
                    try XCTUnwrap(response.headers[.contentSecurityPolicy]).contains("img-src 'self' data:;"), "offline by default")
                XCTAssertFalse(response.text.contains("data-tiles"))
            }
        }
    }
}

extension WebJournal {
    /// The CSRF token the timeline page carries for its scripts, if it carries one.
    func pageToken() async throws -> String? {
        try await application(logger: Logger(label: "t")).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                response.text.firstMatch(of: /<meta name="daybook-csrf" content="([0-9a-f-]+)">/).map { String($0.output.1) }
            }
        }
    }
}
