import DaybookTestSupport
import Foundation
import XCTest

/// `daybook remind` pushed to a browser: a Web Push service on 127.0.0.1
/// (Tests/Fixtures/reminders/push_server.py) that checks the VAPID token with `cryptography`
/// and decrypts the message with `http_ece`, as a push service and the browser would.
final class RemindPushTests: XCTestCase {
    func testThePushedReminderIsSignedEncryptedForTheBrowserAndAGoneSubscriptionIsForgotten() throws {
        let python = "/usr/bin/python3"
        let check = try Tool.run(python, ["-c", "import http_ece, cryptography"])
        try XCTSkipUnless(check.status == 0, "http-ece is not installed (scripts/setup.sh installs it)")
        let library = try RemindLibrary.make()
        let folder = try TemporaryFolder.make("push")
        let server = try Tool(python, [Repository.fixtures.appendingPathComponent("reminders/push_server.py").path, folder.path])
        defer { server.stop() }
        let port = try server.firstLine().split(separator: " ").last.map(String.init) ?? ""
        for name in ["subscription", "gone"] {
            let added = try DaybookProcess.run(
                ["remind", "--push-subscription", folder.appendingPathComponent("\(name).json").path], library: library)
            XCTAssertEqual(added.status, 0, added.stderr)
        }
        XCTAssertEqual(try DaybookProcess.run(["remind", "--url", "http://nas.local:8080"], library: library).status, 0)
        let publicKey = try DaybookProcess.run(["remind", "--push-public-key"], library: library)
        XCTAssertEqual(publicKey.status, 0, publicKey.stderr)

        let sent = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library)
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertTrue(sent.stdout.contains("push: sent to 1 browser (1 gone, forgotten)"), sent.stdout)
        var records: [[String: Any]] = []
        for index in 1...2 {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent("\(index).json").path))
            records.append(try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
        }
        let delivered = try XCTUnwrap(records.first { ($0["path"] as? String)?.hasPrefix("/push/") == true })
        XCTAssertNil(delivered["decrypt_error"], "\(delivered)")
        XCTAssertEqual(delivered["content_encoding"] as? String, "aes128gcm")
        let payload = try XCTUnwrap(delivered["payload"] as? [String: String])
        XCTAssertEqual(payload["title"], "On this day: 3 years ago, and 2 more years")
        XCTAssertEqual(payload["url"], "http://nas.local:8080/on-this-day?date=07-14")
        XCTAssertEqual(payload["body"]?.split(separator: "\n").first, "3 years ago: 1 text")
        let vapid = try XCTUnwrap(delivered["vapid"] as? [String: Any], "the token's signature verifies")
        XCTAssertEqual(vapid["aud_matches"] as? Bool, true, "audience http://127.0.0.1:\(port)")
        XCTAssertEqual(vapid["exp_in_future"] as? Bool, true)
        XCTAssertEqual(vapid["key"] as? String, publicKey.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual((vapid["header"] as? [String: String])?["alg"], "ES256")

        let listed = try DaybookProcess.run(["remind", "--settings"], library: library)
        XCTAssertTrue(listed.stdout.contains("push:         1 browser\n"), listed.stdout)
        let stored = try String(contentsOf: library.appendingPathComponent("push-subscriptions.json"), encoding: .utf8)
        XCTAssertFalse(stored.contains("/gone/"), stored)
        XCTAssertTrue(stored.contains("/push/browser-1"), stored)
        // Once a day, as every channel.
        let second = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library)
        XCTAssertTrue(second.stdout.contains("push: today's reminder was sent at"), second.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("3.json").path))
    }
}
