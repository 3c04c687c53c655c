import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import XCTest

/// Password mode on a real server on 127.0.0.1: a login kept in a signed cookie, wrong
/// passwords that must wait, bcrypt off the request executor, and bcrypt's 72-byte limit.
final class PasswordTests: XCTestCase {
    static let password = "correct horse"

    func testALoginIsKeptInASignedCookieThatCannotBeForged() async throws {
        let fixture = try WebFixture()
        let hash = try PasswordFile.hash(Self.password)
        let other = try fixture.journal {
            $0.port = 0
            $0.passwordHash = hash
        }
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hash
        }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let login = ContinuousClock.now
            let cookie = try await client.execute(uri: "/api/tags", method: .get, headers: Self.basic(Self.password)) { response in
                XCTAssertEqual(response.status, .ok)
                return try XCTUnwrap(response.headers[.setCookie])
            }
            let loginTime = ContinuousClock.now - login
            let match = try XCTUnwrap(
                cookie.wholeMatch(of: /(daybook-session-(\d+)=(\d+)\.([0-9a-f]{64})); Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax/),
                cookie)
            XCTAssertEqual(Int(match.output.2), port)
            let (pair, expiry, mac) = (String(match.output.1), String(match.output.3), String(match.output.4))
            // The cookie alone: no password, no bcrypt, no new cookie.
            let start = ContinuousClock.now
            try await client.execute(uri: "/api/tags", method: .get, headers: [.cookie: "theme=dark; \(pair)"]) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertNil(response.headers[.setCookie])
            }
            XCTAssertLessThan(ContinuousClock.now - start, loginTime / 4, "bcrypt did not run")
            // Forged, tampered, extended, another server's: all need the password again.
            let flipped = String(mac.prefix(63)) + (mac.hasSuffix("0") ? "1" : "0")
            let otherCookie = try await other.application(logger: Logger(label: "t")).test(.router) { otherClient in
                try await otherClient.execute(uri: "/", method: .get, headers: Self.basic(Self.password)) {
                    try XCTUnwrap($0.headers[.setCookie]).split(separator: ";")[0]
                }
            }
            let name = "daybook-session-\(port)"
            let forged = [
                "\(name)=\(expiry).\(flipped)", "\(name)=\(Int(expiry)! + 3600).\(mac)", "\(name)=\(expiry)", "\(name)=",
                "\(name)=\(expiry).\(mac.uppercased())", "\(name)=9999999999.\(mac)",
                "\(name)=" + otherCookie.split(separator: "=", maxSplits: 1)[1], "daybook-session-1=\(expiry).\(mac)",
            ]
            for value in forged {
                try await client.execute(uri: "/api/tags", method: .get, headers: [.cookie: value]) { response in
                    XCTAssertEqual(response.status, .unauthorized, value)
                    XCTAssertNil(response.headers[.setCookie])
                }
            }
        }
    }

    func testWrongPasswordsFromOneAddressMustWaitLongerEachTime() async throws {
        let fixture = try WebFixture()
        let hash = try PasswordFile.hash(Self.password)
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hash
        }.test(.live) { client in
            func status(_ password: String) async throws -> (HTTPResponse.Status, String?) {
                try await client.execute(uri: "/api/tags", method: .get, headers: Self.basic(password)) {
                    ($0.status, $0.headers[.retryAfter])
                }
            }
            for attempt in 1...5 {
                let (answer, _) = try await status("guess \(attempt)")
                XCTAssertEqual(answer, .unauthorized, "attempt \(attempt) is free")
            }
            var (answer, retry) = try await status("guess 6")
            XCTAssertEqual(answer, .tooManyRequests)
            XCTAssertEqual(retry, "1")
            (answer, retry) = try await status(Self.password)
            XCTAssertEqual(answer, .tooManyRequests, "while it waits, not even the right password is checked")
            try await Task.sleep(for: .milliseconds(1100))
            (answer, _) = try await status("guess 7")
            XCTAssertEqual(answer, .unauthorized)
            (answer, retry) = try await status("guess 8")
            XCTAssertEqual(answer, .tooManyRequests)
            XCTAssertEqual(retry, "2", "the wait doubles")
            try await Task.sleep(for: .milliseconds(2100))
            (answer, _) = try await status(Self.password)
            XCTAssertEqual(answer, .ok)
            (answer, _) = try await status("guess 9")
            XCTAssertEqual(answer, .unauthorized, "the right password forgets the failures")
        }
    }

    /// Sixteen clients send wrong passwords as fast as they can; a browser with the cookie
    /// must still be answered in far less than one bcrypt, which it would not be if bcrypt ran
    /// on the request executor. The limit per address is lifted here so that every guess
    /// really runs bcrypt.
    func testAWrongPasswordFloodDoesNotDelayARequestWithTheCookie() async throws {
        let fixture = try WebFixture()
        let hash = try PasswordFile.hash(Self.password)
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hash
            $0.loginLimits.freeFailures = 1_000_000
            $0.loginLimits.concurrentPerClient = 1_000_000
        }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            @Sendable func get(_ header: String) throws -> (Int?, String) {
                let reply = try RawHTTP.exchange(
                    "GET /api/tags HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(header)\r\nConnection: close\r\n\r\n", address: "127.0.0.1",
                    port: port)
                return (RawHTTP.status(reply), reply)
            }
            // One bcrypt, as a wrong guess costs it on this machine now.
            let bcryptStart = ContinuousClock.now
            XCTAssertEqual(try get("Authorization: Basic \(Self.base64("me:wrong"))").0, 401)
            let bcrypt = ContinuousClock.now - bcryptStart
            let (status, login) = try get("Authorization: Basic \(Self.base64("me:\(Self.password)"))")
            XCTAssertEqual(status, 200)
            let cookie = try XCTUnwrap(login.firstMatch(of: /Set-Cookie: (daybook-session-\d+=[0-9a-f.]+);/)).output.1

            // Four clients keep every bcrypt thread busy; sixteen would queue so deep that on a
            // busy machine a guess could wait past the client's 10 s timeout (0, not 401).
            let flood = Flood(clients: 4) { try get("Authorization: Basic \(Self.base64("me:wrong \($0)"))").0 }
            try await Task.sleep(for: .milliseconds(500))
            var times: [Duration] = []
            for _ in 0..<15 {
                let start = ContinuousClock.now
                XCTAssertEqual(try get("Cookie: \(cookie)").0, 200)
                times.append(ContinuousClock.now - start)
                try await Task.sleep(for: .milliseconds(50))
            }
            let answered = flood.stop()
            let median = times.sorted()[times.count / 2]
            print("bcrypt \(bcrypt); with the cookie under the flood: median \(median), slowest \(times.max()!); flood answers \(answered)")
            XCTAssertEqual(Set(answered.keys), [401], "every guess was checked")
            XCTAssertGreaterThan(answered[401] ?? 0, 4, "bcrypt kept running during the measurement")
            XCTAssertLessThan(median, bcrypt / 4, "the cookie's requests do not queue behind bcrypt")
        }
    }

    func testPasswordsOver72BytesAreRefused() async throws {
        let fixture = try WebFixture()
        let longest = String(repeating: "A", count: 72)
        XCTAssertThrowsError(try PasswordFile.hash(longest + "B")) { XCTAssertEqual($0 as? WebError, .passwordTooLong(73)) }
        let (status, output, errors) = try Self.hashPassword(longest + "B")
        XCTAssertEqual(status, 1)
        XCTAssertEqual(output, "")
        XCTAssertEqual(
            errors,
            "daybook: error: the password is 73 bytes long; bcrypt reads only the first 72, so daybook refuses longer ones: "
                + "choose a password of at most 72 bytes\n")
        // 72 bytes are fine (é is two bytes: 36 of them are 72).
        let (fine, hash, _) = try Self.hashPassword(String(repeating: "é", count: 36))
        XCTAssertEqual(fine, 0)
        XCTAssertNotNil(hash.wholeMatch(of: /\$2b\$12\$[.\/A-Za-z0-9]{53}\n/), hash)
        // A hash made of 72 bytes is not opened by those 72 bytes and more (bcrypt would).
        let hashOf72 = try PasswordFile.hash(longest)
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hashOf72
        }.test(.live) { client in
            for (password, status) in [(longest + "anything", HTTPResponse.Status.unauthorized), (longest, .ok)] {
                try await client.execute(uri: "/api/tags", method: .get, headers: Self.basic(password)) {
                    XCTAssertEqual($0.status, status, "\(password.utf8.count) bytes")
                }
            }
        }
    }

    /// bcrypt reads a password up to its first NUL byte, so the right password, a NUL and
    /// anything would be accepted: such a password is never hashed, and never accepted at
    /// login, where it counts as a wrong one.
    func testAPasswordWithANULByteIsRefused() async throws {
        let fixture = try WebFixture()
        let (status, output, errors) = try Self.hashPassword("correct\0horse")
        XCTAssertEqual(status, 1)
        XCTAssertEqual(output, "")
        XCTAssertEqual(errors, "daybook: error: the password holds a NUL byte, where bcrypt would stop reading: choose one without\n")
        let hash = try PasswordFile.hash(Self.password)
        try await fixture.application {
            $0.port = 0
            $0.passwordHash = hash
        }.test(.live) { client in
            let origin: HTTPFields = [.origin: "http://127.0.0.1:\(client.port!)"]
            for attempt in 1...3 {
                try await client.execute(uri: "/api/tags", method: .get, headers: Self.basic(Self.password + "\0\(attempt)")) {
                    XCTAssertEqual($0.status, .unauthorized, "Basic \(attempt)")
                }
            }
            for attempt in 4...5 {
                try await client.execute(
                    uri: "/login", method: .post, headers: origin + formHeaders,
                    body: formBody([("password", Self.password + "\0\(attempt)")])
                ) { XCTAssertEqual($0.status, .unauthorized, "form \(attempt)") }
            }
            try await client.execute(uri: "/api/tags", method: .get, headers: Self.basic(Self.password)) {
                XCTAssertEqual($0.status, .tooManyRequests, "the five refused passwords counted as wrong ones")
            }
        }
    }

    static func basic(_ password: String) -> HTTPFields { [.authorization: "Basic \(base64("me:\(password)"))"] }
    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    /// `daybook serve --hash-password` with `password` on standard input.
    static func hashPassword(_ password: String) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = BuildProducts.daybook
        process.arguments = ["serve", "--hash-password"]
        let run = try DaybookProcess.start(process, input: Data((password + "\n").utf8)).finish()
        return (run.status, run.stdout, run.stderr)
    }
}

/// Clients on threads of their own (not the test's executor) sending requests until stopped.
final class Flood: Sendable {
    private let running = Mutex(true)
    private let answers = Mutex<[Int: Int]>([:])
    private let done = DispatchGroup()

    init(clients: Int, request: @escaping @Sendable (Int) throws -> Int?) {
        for client in 0..<clients {
            done.enter()
            Thread.detachNewThread { [self] in
                while running.withLock({ $0 }) {
                    let status = (try? request(client)) ?? nil
                    answers.withLock { $0[status ?? 0, default: 0] += 1 }
                }
                done.leave()
            }
        }
    }

    /// Stops the clients once their requests in flight are answered: how many of each status.
    func stop() -> [Int: Int] {
        running.withLock { $0 = false }
        done.wait()
        return answers.withLock { $0 }
    }
}
