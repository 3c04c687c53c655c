import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// A library the server can only read (another user's folder, a read-only mount) is served
/// read-only: its pages carry no forms and say why in one line, and every change is 403.
final class ReadOnlyServeTests: XCTestCase {
    func testAReadOnlyLibraryShowsNoFormsAndRefusesEveryChange() async throws {
        let fixture = try WebFixture()
        let entry = try fixture.hostileEntry
        let readOnly = try JournalStore.openReadOnly(library: fixture.store.library)
        let journal = try WebJournal(store: readOnly, configuration: WebConfiguration())
        // The token the forms would carry: a refusal must not be the token's.
        let token = journal.csrf.value
        let notice = "This library is read-only here (\(fixture.store.library.root.path)): it can be read, not changed, from the web."
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            try await client.execute(uri: "/entries/\(entry.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("<p class=\"notice\" role=\"status\">\(notice)</p>"), response.text)
                for form in ["method=\"post\"", "<textarea", "/delete", "href=\"/new\"", "daybook-csrf", token] {
                    XCTAssertFalse(response.text.contains(form), form)
                }
                XCTAssertTrue(response.text.contains(HTMLText.escape(WebFixture.hostileText)), "the text is shown, not edited")
            }
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertFalse(response.text.contains("href=\"/new\""))
                XCTAssertFalse(response.text.contains("class=\"notice\""), "a page without forms needs no notice")
            }
            try await client.execute(uri: "/entries/\(entry.id)/delete", method: .get) { response in
                XCTAssertEqual(response.status, .forbidden)
                XCTAssertTrue(response.text.contains(notice), response.text)
                XCTAssertFalse(response.text.contains("method=\"post\""))
            }
            let changes: [(String, [(String, String)])] = [
                ("/entries/\(entry.id)/text", [("text", "changed"), ("version", entry.textVersion.description)]),
                ("/entries/\(entry.id)/tags", [("add", "sofa")]),
                ("/entries/\(entry.id)/delete", [("confirm", "yes")]),
                ("/new", [("text", "written on the phone")]),
            ]
            for (uri, fields) in changes {
                let body = formBody(fields + [("csrf", token)])
                try await client.execute(uri: uri, method: .post, headers: formHeaders + [.origin: "http://localhost"], body: body) {
                    XCTAssertEqual($0.status, .forbidden, uri)
                    XCTAssertEqual($0.text, notice + "\n", uri)
                }
            }
        }
        let after = try XCTUnwrap(try fixture.store.entries().first { $0.id == entry.id })
        XCTAssertEqual(after.text, WebFixture.hostileText)
        XCTAssertEqual(try fixture.store.tags(entryID: entry.id).map(\.name).contains("sofa"), false)
    }

    /// The real server, run by a user who cannot write the library (root's folder served by
    /// nobody; any other user's own folder made read-only), finds out at start.
    func testServedByAUserWhoCannotWriteItTheLibraryIsReadOnly() throws {
        let folder = try TemporaryFolder.make("daybook-read-only-serve")
        let library = folder.appendingPathComponent("library")
        let photo = Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg").path
        XCTAssertEqual(try DaybookProcess.run(["ingest", photo], library: library, environment: ["DAYBOOK_WEATHER": "none"]).status, 0)
        let id = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(try DaybookProcess.run(["list", "--json"], library: library).stdout.utf8))
                as? [[String: Any]])?.first?["id"] as? String)
        var reachable = folder
        while reachable.path != "/" {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: reachable.path)
            reachable.deleteLastPathComponent()
            if reachable.path == "/tmp" { break }
        }
        try Self.run("/bin/chmod", ["-R", "a+rX,a-w", library.path])
        defer { try? Self.run("/bin/chmod", ["-R", "u+w", library.path]) }

        let log = folder.appendingPathComponent("serve.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let serve = Process()
        let command = [DaybookProcess.executable.path, "serve", "--library", library.path, "--port", "0"]
        if getuid() == 0 {
            guard try Self.run("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "test", "-x", command[0]]) == 0
            else { throw XCTSkip("nobody cannot run \(command[0])") }
            serve.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            serve.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "env", "HOME=/tmp"] + command
        } else {
            serve.executableURL = URL(fileURLWithPath: command[0])
            serve.arguments = Array(command.dropFirst())
        }
        serve.standardError = try FileHandle(forWritingTo: log)
        try serve.run()
        defer {
            serve.terminate()
            serve.waitUntilExit()
        }
        var port: Int?
        let deadline = Date().addingTimeInterval(60)
        while port == nil && serve.isRunning && Date() < deadline {
            usleep(50_000)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            port = text.firstMatch(of: /serving \S+ at http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.output.1) }
        }
        let served = try XCTUnwrap(port, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        let notice = "This library is read-only here (\(library.path)): it can be read, not changed, from the web."
        let page = try RawHTTP.exchange(
            "GET /entries/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(served)\r\nConnection: close\r\n\r\n", address: "127.0.0.1", port: served)
        XCTAssertEqual(RawHTTP.status(page), 200, page)
        XCTAssertTrue(page.contains(notice), page)
        XCTAssertFalse(page.contains("method=\"post\""), page)
        let body = "add=sofa"
        let post = try RawHTTP.exchange(
            "POST /entries/\(id)/tags HTTP/1.1\r\nHost: 127.0.0.1:\(served)\r\nOrigin: http://127.0.0.1:\(served)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
            address: "127.0.0.1", port: served)
        XCTAssertEqual(RawHTTP.status(post), 403, post)
        XCTAssertTrue(post.hasSuffix(notice + "\n"), post)
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = try Process.run(URL(fileURLWithPath: tool), arguments: arguments)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
