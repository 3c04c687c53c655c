import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest

/// The web side of the morning reminder against a real server on 127.0.0.1: the library's
/// VAPID key, a browser's subscription kept and forgotten (idempotent both ways), and every
/// hostile body, token and origin refused with nothing kept.
final class PushRouteTests: XCTestCase {
    /// The P-256 generator point, uncompressed: a public key that is on the curve.
    static let p256dh = Base64URL.encode(
        hexBytes(
            "046B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296"
                + "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5"))
    static let auth = Base64URL.encode([UInt8](repeating: 7, count: 16))

    static func subscription(_ endpoint: String, p256dh: String = p256dh, auth: String = auth) -> String {
        #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#
    }

    /// The answer's `subscribed` and `browsers`.
    static func state(_ response: TestResponse) throws -> [AnyHashable] {
        let object = try XCTUnwrap(try response.json() as? [String: Any], response.text)
        return [try XCTUnwrap(object["subscribed"] as? Bool), try XCTUnwrap(object["browsers"] as? Int)]
    }

    static func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    func testABrowserSubscribesAndUnsubscribesWithTheLibrarysKey() async throws {
        let fixture = try WebFixture()
        let library = fixture.store.library
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let page = try await client.execute(uri: "/on-this-day", method: .get) { $0.text }
            XCTAssertTrue(page.contains(#"<section class="remind" id="remind" data-key="/push/key""#), page)
            XCTAssertTrue(page.contains(#"<script src="/static/remind.js"></script>"#), page)
            let token = try XCTUnwrap(page.firstMatch(of: /name="daybook-csrf" content="([0-9a-f-]+)"/).map { String($0.output.1) })

            let key = try await client.execute(uri: "/push/key", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                return try XCTUnwrap((try response.json() as? [String: String])?["key"])
            }
            let point = try XCTUnwrap(Base64URL.decode(key))
            XCTAssertEqual(point.count, 65)
            XCTAssertEqual(point.first, 4, "an uncompressed P-256 point, as applicationServerKey takes it")
            XCTAssertEqual(try VAPIDKey.load(in: library).publicKey, key, "the key `daybook remind` signs with")
            let again = try await client.execute(uri: "/push/key", method: .get) { $0.text }
            XCTAssertTrue(again.contains(key), "made once, then kept")

            let headers: HTTPFields = [.contentType: "application/json", .init("X-Daybook-CSRF")!: token]
            let phone = "https://push.example/send/phone-1"
            for _ in 1...2 {
                try await client.execute(
                    uri: "/push/subscribe", method: .post, headers: headers, body: ByteBuffer(string: Self.subscription(phone))
                ) { response in
                    XCTAssertEqual(response.status, .ok, response.text)
                    XCTAssertEqual(try Self.state(response), [true, 1], "the same browser again is still one")
                }
            }
            try await client.execute(
                uri: "/push/subscribe", method: .post, headers: headers,
                body: ByteBuffer(string: Self.subscription("http://127.0.0.1:9/own-push-service"))
            ) { response in
                XCTAssertEqual(response.status, .ok, "a push service on this machine's loopback: \(response.text)")
            }
            let stored = try PushSubscriptions.read(in: library).subscriptions
            XCTAssertEqual(stored.map(\.endpoint), [phone, "http://127.0.0.1:9/own-push-service"])
            XCTAssertEqual(stored.first?.keys.p256dh, Self.p256dh)
            XCTAssertEqual(stored.first?.keys.auth, Self.auth)

            for _ in 1...2 {
                try await client.execute(
                    uri: "/push/unsubscribe", method: .post, headers: headers, body: ByteBuffer(string: #"{"endpoint":"\#(phone)"}"#)
                ) { response in
                    XCTAssertEqual(response.status, .ok, response.text)
                    XCTAssertEqual(try Self.state(response), [false, 1])
                }
            }
            XCTAssertEqual(try PushSubscriptions.read(in: library).subscriptions.map(\.endpoint), ["http://127.0.0.1:9/own-push-service"])
        }
    }

    func testHostileBodiesTokensAndOriginsAreRefusedAndNothingIsKept() async throws {
        let fixture = try WebFixture()
        let library = fixture.store.library
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let page = try await client.execute(uri: "/on-this-day", method: .get) { $0.text }
            let token = try XCTUnwrap(page.firstMatch(of: /name="daybook-csrf" content="([0-9a-f-]+)"/).map { String($0.output.1) })
            let headers: HTTPFields = [.contentType: "application/json", .init("X-Daybook-CSRF")!: token]
            let good = "https://push.example/send/1"
            let notOnCurve = Base64URL.encode([4] + [UInt8](repeating: 0, count: 64))
            let bodies: [(String, String)] = [
                ("", "not a push subscription"),
                ("not json", "not a push subscription"),
                ("[]", "not a push subscription"),
                (#"{"endpoint":"\#(good)"}"#, "not a push subscription"),
                (#"{"endpoint":7,"keys":{"p256dh":"\#(Self.p256dh)","auth":"\#(Self.auth)"}}"#, "not a push subscription"),
                (Self.subscription("http://push.example/send/1"), "must be an https URL"),
                (Self.subscription("javascript:alert(1)"), "must be an https URL"),
                (Self.subscription("file:///etc/passwd"), "must be an https URL"),
                (Self.subscription("https://user:secret@push.example/x"), "must be an https URL"),
                (Self.subscription("https://push.example/a b"), "must be an https URL"),
                (Self.subscription("https://push.example/\\u0000"), "must be an https URL"),
                (Self.subscription("https://"), "must be an https URL"),
                (Self.subscription("https://push.example/" + String(repeating: "a", count: 2100)), "longer than 2048"),
                (Self.subscription(good, p256dh: String(Self.p256dh.dropLast(4))), "p256dh is not a P-256"),
                (Self.subscription(good, p256dh: notOnCurve), "p256dh is not a P-256"),
                (Self.subscription(good, p256dh: "+" + Self.p256dh.dropFirst()), "p256dh is not a P-256"),
                (Self.subscription(good, p256dh: "<script>"), "p256dh is not a P-256"),
                (Self.subscription(good, auth: Base64URL.encode([UInt8](repeating: 1, count: 15))), "auth is not a 16-byte"),
                (Self.subscription(good, auth: "AAAA AAAA AAAA AAAA AAAA"), "auth is not a 16-byte"),
            ]
            for (body, reason) in bodies {
                try await client.execute(uri: "/push/subscribe", method: .post, headers: headers, body: ByteBuffer(string: body)) {
                    XCTAssertEqual($0.status, .badRequest, body)
                    XCTAssertTrue($0.text.contains(reason), "\(body): \($0.text)")
                }
            }
            let huge = Self.subscription(good).replacingOccurrences(of: "null", with: "\"" + String(repeating: "x", count: 5000) + "\"")
            try await client.execute(uri: "/push/subscribe", method: .post, headers: headers, body: ByteBuffer(string: huge)) {
                XCTAssertEqual($0.status, .contentTooLarge)
            }
            for body in ["{}", #"{"endpoint":"ftp://push.example/1"}"#, #"{"endpoint":["https://push.example/1"]}"#] {
                try await client.execute(uri: "/push/unsubscribe", method: .post, headers: headers, body: ByteBuffer(string: body)) {
                    XCTAssertEqual($0.status, .badRequest, body)
                }
            }
            let json: HTTPFields = [.contentType: "application/json"]
            let refusals: [HTTPFields] = [
                json,
                json + [.init("X-Daybook-CSRF")!: String(token.reversed())],
                headers + [.origin: "http://evil.example"],
                headers + [.origin: "null"],
                headers + [.referer: "https://evil.example/page"],
            ]
            let wellFormed = Self.subscription(good)
            for refused in refusals {
                for path in ["/push/subscribe", "/push/unsubscribe"] {
                    try await client.execute(uri: path, method: .post, headers: refused, body: ByteBuffer(string: wellFormed)) {
                        XCTAssertEqual($0.status, .forbidden, "\(path) \(refused)")
                    }
                }
            }
            XCTAssertEqual(try PushSubscriptions.read(in: library).subscriptions, [], "nothing refused was kept")
        }
    }
}
