import DaybookTestSupport
import Foundation
import HummingbirdTesting
import XCTest

/// DNS rebinding as a browser sees it: headless Chromium resolves evil.example to 127.0.0.1
/// (as a rebinding attacker's DNS would), and the journal refuses the page and the API under
/// that name while it works under 127.0.0.1 and localhost.
final class BrowserHostTests: XCTestCase {
    func testTheJournalRefusesAForeignNameThatResolvesToLoopback() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let someID = try XCTUnwrap(try fixture.store.entries().first).id
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        let rebinding = ["--host-resolver-rules=MAP evil.example 127.0.0.1"]
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            for name in ["127.0.0.1", "localhost"] {
                let page = try await Chromium.load(
                    "http://\(name):\(port)/", chromium: chromium, profile: profile, arguments: rebinding)
                XCTAssertEqual(page.matches(of: /<li class="tile" data-id=/).count, 11, name)
                let api = try await Chromium.load(
                    "http://\(name):\(port)/api/entries", chromium: chromium, profile: profile, arguments: rebinding)
                XCTAssertTrue(api.contains(someID), name)
            }
            for path in ["/", "/api/entries", "/api/entries/\(someID)", "/map"] {
                let refused = try await Chromium.load(
                    "http://evil.example:\(port)\(path)", chromium: chromium, profile: profile, arguments: rebinding, quiet: false)
                XCTAssertTrue(refused.contains("This journal answers only to its own address"), "\(path): \(refused)")
                XCTAssertFalse(refused.contains(someID), path)
                XCTAssertFalse(refused.contains("class=\"tile\""), path)
            }
        }
    }
}
