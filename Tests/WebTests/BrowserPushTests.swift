import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// "Remind me every morning" in headless Chromium over `serve --https` (a secure context with
/// the service worker), then `daybook remind` pushing to what the page stored. Chromium's own
/// push service is not reachable here, so the page's `PushManager.prototype.subscribe` is
/// replaced by one that records its options and answers with the subscription of a loopback
/// push service (Tests/Fixtures/reminders/push_server.py), which then decrypts what
/// `daybook remind` sends it as the browser would. A push DevTools delivers shows the
/// service worker's notification.
final class BrowserPushTests: XCTestCase {
    func testThePageSubscribesWithTheServersKeyAndTheMorningReminderIsPushedToIt() async throws {
        let chromium = try Chromium.required()
        let check = try ExternalTool.run("python3", ["-c", "import http_ece, cryptography"])
        try XCTSkipUnless(check.status == 0, "http-ece is not installed (scripts/setup.sh installs it)")
        let fixture = try WebFixture()
        let library = fixture.store.library
        let pushFolder = fixture.root.appendingPathComponent("push")
        try FileManager.default.createDirectory(at: pushFolder, withIntermediateDirectories: true)
        let pushService = try LoopbackPushService(folder: pushFolder)
        defer { pushService.stop() }
        let subscription = try String(contentsOf: pushFolder.appendingPathComponent("subscription.json"), encoding: .utf8)
        let endpoint = try XCTUnwrap(subscription.firstMatch(of: /"endpoint": "([^"]+)"/).map { String($0.output.1) })

        let serve = try DaybookChild(
            ["serve", "--library", library.root.path, "--port", "0", "--https"], log: fixture.root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let first = try XCTUnwrap(serve.waitForLog(#/serving \S+ at (https://\S+)/#, timeout: 60), serve.log)
        let port = try XCTUnwrap(first.firstMatch(of: /:(\d+)\/$/).flatMap { Int($0.output.1) }, String(first))
        let spki = try ExternalTool.spkiHash(certificate: library.root.appendingPathComponent("tls/server.crt"))
        let browser = try DevToolsPipe(
            chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"),
            arguments: ["--ignore-certificate-errors-spki-list=\(spki)"])
        defer { browser.close() }
        let tab = try await browser.open("https://127.0.0.1:\(port)/on-this-day")
        _ = try await browser.send(
            "Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true],
            session: tab.session)
        try await tab.waitForServiceWorker()
        let offered = try await tab.evaluate("!document.getElementById('remind').hidden && !document.querySelector('.remind-on').hidden")
        XCTAssertEqual(offered as? Bool, true, "a secure context with PushManager is offered the reminder")

        // The permission prompt has no one to answer it in a headless browser: granted here.
        _ = try await tab.evaluate(
            """
            window.daybookPushCalls = [];
            Notification.requestPermission = async () => "granted";
            PushManager.prototype.subscribe = async function (options) {
              const key = String.fromCharCode(...new Uint8Array(options.applicationServerKey));
              window.daybookPushCalls.push({ userVisibleOnly: options.userVisibleOnly,
                key: btoa(key).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "") });
              const json = \(subscription);
              window.daybookSubscription = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => true };
              return window.daybookSubscription;
            };
            PushManager.prototype.getSubscription = async () => window.daybookSubscription || null;
            document.querySelector(".remind-on").click();
            """)
        try await tab.waitFor(
            "document.querySelector('.remind-state').textContent === 'You will be reminded every morning.'", "the subscribed state")
        let calls = try await tab.evaluate("window.daybookPushCalls") as? [[String: Any]]
        XCTAssertEqual(calls?.count, 1)
        XCTAssertEqual(calls?.first?["userVisibleOnly"] as? Bool, true)
        XCTAssertEqual(calls?.first?["key"] as? String, try VAPIDKey.load(in: library).publicKey, "the server's VAPID key")
        XCTAssertEqual(try PushSubscriptions.read(in: library).subscriptions.map(\.endpoint), [endpoint])
        let layout = try await tab.evaluate(
            "[document.documentElement.scrollWidth, document.querySelector('.remind-off').getBoundingClientRect().right]")
        let widths = try XCTUnwrap(layout as? [Double])
        XCTAssertLessThanOrEqual(widths.max() ?? .infinity, 390, "readable at 390 px: nothing runs off the side")
        let offShown = try await tab.evaluate("document.querySelector('.remind-off').hidden")
        XCTAssertEqual(offShown as? Bool, false)

        // The service worker shows a push as the reminder; DevTools delivers one as the push
        // service would (the first registration of a new profile is 0).
        let origin = "https://127.0.0.1:\(port)"
        _ = try await browser.send("Browser.grantPermissions", ["permissions": ["notifications"], "origin": origin])
        _ = try await browser.send("ServiceWorker.enable", [:], session: tab.session)
        let pushed = #"{"title":"On this day: <b>a year ago</b>","body":"a year ago: 1 photo","url":"/on-this-day?date=03-05"}"#
        _ = try await browser.send(
            "ServiceWorker.deliverPushMessage", ["origin": origin, "registrationId": "0", "data": pushed], session: tab.session)
        let shown = try await tab.waitFor(
            """
            navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) =>
              all.map((n) => JSON.stringify([n.title, n.body, n.icon, n.tag, n.data.url])).join())
            """, "the notification")
        let icon = "\(origin)/icons/icon-192.png"
        let expected = #"["On this day: <b>a year ago</b>","a year ago: 1 photo","\#(icon)","daybook-remind","/on-this-day?date=03-05"]"#
        XCTAssertEqual(shown as? String, expected, "title and body as text, the icon the journal serves, the day's page")

        // The morning: `daybook remind` pushes to the subscription the page stored.
        let entry = try XCTUnwrap(try fixture.store.entries().compactMap(\.capturedLocal).first, "an entry with a date")
        let day = String(format: "%04d-%02d-%02d", entry.date.year + 1, entry.date.month, entry.date.day)
        let link = "https://127.0.0.1:\(port)"
        XCTAssertEqual(try DaybookProcess.run(["remind", "--url", link], library: library.root).status, 0)
        let sent = try DaybookProcess.run(["remind", "--date", day], library: library.root)
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertTrue(sent.stdout.contains("push: sent to 1 browser"), sent.stdout)
        let record = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: pushFolder.appendingPathComponent("1.json"))) as? [String: Any])
        XCTAssertNil(record["decrypt_error"], "\(record)")
        let payload = try XCTUnwrap(record["payload"] as? [String: String], "\(record)")
        XCTAssertEqual(payload["url"], "\(link)/on-this-day?date=\(day.dropFirst(5))")
        XCTAssertEqual(payload["icon"], "/icons/icon-192.png", "an icon the journal serves")
        XCTAssertEqual((record["vapid"] as? [String: Any])?["key"] as? String, try VAPIDKey.load(in: library).publicKey)

        _ = try await tab.evaluate("document.querySelector('.remind-off').click()")
        try await tab.waitFor(
            "document.querySelector('.remind-state').textContent === 'The morning reminder is off on this browser.'", "the off state")
        XCTAssertEqual(try PushSubscriptions.read(in: library).subscriptions, [], "turned off on the server too")
    }
}

/// push_server.py, started for one test: it writes its subscriptions, then says its port.
private final class LoopbackPushService {
    let process = Process()

    init(folder: URL) throws {
        let log = folder.appendingPathComponent("server.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Repository.fixtures.appendingPathComponent("reminders/push_server.py").path, folder.path]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        try process.run()
        for _ in 0..<200 {
            if let said = try? String(contentsOf: log, encoding: .utf8), said.hasPrefix("port ") { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw XCTSkip("push_server.py did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    /// SIGKILL: started from an async test, the child inherits a thread's signal mask that
    /// blocks SIGTERM; it keeps nothing in memory that a kill could lose.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
