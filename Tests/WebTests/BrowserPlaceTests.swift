import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The map's markers carry their place's name into the browser, as text, with nothing
/// logged to the console.
final class BrowserPlaceTests: XCTestCase {
    func testMapMarkersNameTheirPlaceWithoutScriptErrors() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let base = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let map = try await Chromium.load(base + "/map", chromium: chromium, profile: profile)
            XCTAssertTrue(map.contains("data-count=\"6\""), "every entry with a place was placed")
            let titles = map.matches(
                of: /class="leaflet-marker-icon dot[^"]*"[^>]*title="([^"]*)"|title="([^"]*)"[^>]*class="leaflet-marker-icon dot/
            )
            .compactMap { ($0.output.1 ?? $0.output.2).map(String.init) }
            XCTAssertTrue(titles.contains { $0.hasPrefix("Paris, France") }, "\(titles)")
            // `#entry=ID` opens that entry's card, as a click on its marker does.
            let paris = try fixture.entry("01-paris-2019-07.jpg")
            let card = try await Chromium.load(base + "/map#entry=\(paris.id)", chromium: chromium, profile: profile)
            let panel = try XCTUnwrap(card.firstMatch(of: /<aside id="cluster" class="cluster">(.*?)<\/aside>/.dotMatchesNewlines()), card)
            XCTAssertTrue(panel.output.1.contains("<span class=\"place\">Paris, France</span>"), String(panel.output.1))
        }
    }
}
