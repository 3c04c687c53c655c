import DaybookTestSupport
import DaybookWeb
import Foundation
import XCTest

/// `daybook serve --https` as a phone at home meets it: headless Chromium, trusting the
/// server certificate by its public key (as a phone that installed the authority trusts it),
/// opens the journal on 127.0.0.1 and on 127.0.0.2 (standing in for the LAN address), where
/// the page is a secure context with service workers; it logs in through the page, is turned
/// back by a wrong password, and is never sent to another site by `next`. curl checks the
/// same server against the authority's certificate.
final class BrowserHTTPSTests: XCTestCase {
    func testAPhoneOpensTheJournalOverHTTPSAndLogsInThroughThePage() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let library = fixture.store.library.root
        let passwordFile = fixture.root.appendingPathComponent("password")
        try (try PasswordFile.hash("sofa") + "\n").write(to: passwordFile, atomically: true, encoding: .utf8)
        let serve = try DaybookChild(
            [
                "serve", "--library", library.path, "--host", "0.0.0.0", "--port", "0", "--password-file", passwordFile.path, "--https",
                "--allowed-host", "127.0.0.2",
            ], log: fixture.root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let first = try XCTUnwrap(serve.waitForLog(#/serving \S+ at (https://\S+)/#, timeout: 60), serve.log)
        let port = try XCTUnwrap(first.firstMatch(of: /:(\d+)\/$/).flatMap { Int($0.output.1) }, String(first))
        let trustLine = try XCTUnwrap(
            serve.waitForLog(#/phones: (trust this journal's certificate at https://\S+/trust \(SHA-256 \S+\))/#, timeout: 10))
        let tls = library.appendingPathComponent("tls")
        let authority = tls.appendingPathComponent("authority.crt")
        let fingerprint = try ExternalTool.openssl(["x509", "-in", authority.path, "-noout", "-fingerprint", "-sha256"])
            .replacingOccurrences(of: "sha256 Fingerprint=", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(trustLine.hasSuffix("(SHA-256 \(fingerprint))"), String(trustLine))

        // curl trusts the authority and nothing else: the names and the chain are checked.
        for address in ["127.0.0.1", "127.0.0.2", "localhost"] {
            let run = try ExternalTool.run(
                "curl",
                [
                    "-sS", "--cacert", authority.path, "-u", ":sofa", "-o", "/dev/null", "-w", "%{http_code}",
                    "https://\(address):\(port)/api/tags",
                ])
            XCTAssertEqual(run.status, 0, "\(address): \(run.errors)")
            XCTAssertEqual(run.output, "200", address)
        }
        let download = fixture.root.appendingPathComponent("download.crt")
        let fetched = try ExternalTool.run(
            "curl",
            [
                "-sS", "--cacert", authority.path, "-o", download.path, "-w", "%{content_type}",
                "https://127.0.0.1:\(port)/trust/daybook-ca.crt",
            ])
        XCTAssertEqual(fetched.output, "application/x-x509-ca-cert", "public: no password sent")
        XCTAssertEqual(
            try ExternalTool.openssl(["x509", "-inform", "DER", "-in", download.path, "-noout", "-fingerprint", "-sha256"]),
            "sha256 Fingerprint=\(fingerprint)\n")

        let spki = try ExternalTool.spkiHash(certificate: tls.appendingPathComponent("server.crt"))
        let browser = try DevToolsPipe(
            chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"),
            arguments: ["--ignore-certificate-errors-spki-list=\(spki)"])
        defer { browser.close() }
        for address in ["127.0.0.1", "127.0.0.2"] {
            let tab = try await browser.open("https://\(address):\(port)/search?q=red")
            let landed = try await tab.evaluate("location.protocol + location.pathname") as? String
            XCTAssertEqual(landed, "https:/login", address)
            let secure = try await tab.evaluate("window.isSecureContext") as? Bool
            XCTAssertEqual(secure, true, address)
            let serviceWorker = try await tab.evaluate("'serviceWorker' in navigator && !!navigator.serviceWorker") as? Bool
            XCTAssertEqual(serviceWorker, true, address)
            let linksToTrust = try await tab.evaluate("!!document.querySelector('a[href=\"/trust\"]')") as? Bool
            XCTAssertEqual(linksToTrust, true, "the login page links to /trust")
        }

        let tab = try await browser.open("https://127.0.0.1:\(port)/search?q=red")
        try await tab.type("not it", into: "input[name=password]")
        try await tab.clickAndWaitForNextPage("form.login button")
        let path = try await tab.evaluate("location.pathname") as? String
        XCTAssertEqual(path, "/login")
        let problem = try await tab.evaluate("document.querySelector('.problem').textContent") as? String
        XCTAssertEqual(problem, "That is not the password.")
        try await tab.type("sofa", into: "input[name=password]")
        try await tab.clickAndWaitForNextPage("form.login button")
        let arrived = try await tab.evaluate("location.pathname + location.search") as? String
        XCTAssertEqual(arrived, "/search?q=red", "back where it was going")
        let cookies = try await tab.evaluate("document.cookie") as? String
        XCTAssertEqual(cookies, "", "the session cookie is HttpOnly")
        let logout = try await tab.evaluate("!!document.querySelector('form.logout')") as? Bool
        XCTAssertEqual(logout, true)
        try await Self.assertServiceWorkerRuns(in: tab, origin: "https://127.0.0.1:\(port)")

        // A link that would send the login elsewhere lands on this journal's timeline.
        let hostile = try await browser.open("https://127.0.0.2:\(port)/login?next=//evil.example/x")
        try await hostile.type("sofa", into: "input[name=password]")
        try await hostile.clickAndWaitForNextPage("form.login button")
        let href = try await hostile.evaluate("location.href") as? String
        XCTAssertEqual(href, "https://127.0.0.2:\(port)/")
        try await Self.assertServiceWorkerRuns(in: hostile, origin: "https://127.0.0.2:\(port)")

        let trust = try await browser.open("https://127.0.0.2:\(port)/trust")
        let body = try await trust.evaluate("document.body.innerText")
        let text = try XCTUnwrap(body as? String)
        XCTAssertTrue(text.contains(fingerprint), text)
        XCTAssertTrue(text.contains("Settings › General › About › Certificate Trust Settings"), text)
        XCTAssertTrue(text.contains("Settings › Security › Encryption & credentials › Install a certificate › CA certificate"), text)
        XCTAssertEqual(serve.stop(), 0)
    }

    /// The page's own script (pwa.js) registers the service worker, which a browser allows only
    /// in a secure context: it must be active at the root of this origin.
    static func assertServiceWorkerRuns(
        in tab: DevToolsPipe.Tab, origin: String, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        _ = try await tab.evaluate("navigator.serviceWorker.ready.then(r => { window.daybookWorker = r.active.scriptURL })")
        var worker: String?
        for _ in 0..<200 where worker == nil {
            try await Task.sleep(for: .milliseconds(50))
            worker = try await tab.evaluate("window.daybookWorker ?? null") as? String
        }
        XCTAssertEqual(worker, origin + "/sw.js", "the service worker is active over HTTPS", file: file, line: line)
    }
}
