import DaybookStore
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// timeline.js draws the tiles of older pages itself, from `/api/entries`, and so restates
/// what the server's tile template says: the month and weekday names, the day, the clock of a
/// video's length, the alt text, the excerpt and the tags. The same journal is loaded twice in
/// headless Chromium: once one tile a page (the script draws the rest) and once all tiles
/// from the server. Both DOMs come from Chromium's serializer, so every tile and every month
/// heading must be the same bytes: a change to either side that the other does not follow
/// fails here.
final class BrowserScriptTileTests: XCTestCase {
    func testTilesTheScriptDrawsAreTheServersTiles() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let entries = try fixture.store.entries()
        // A first line longer than an excerpt, on an entry the script draws.
        let long = try XCTUnwrap(entries.last { $0.capturedLocal != nil })
        try fixture.store.edit(entryID: long.id, text: String(repeating: "a <long> & \"quoted\" line ", count: 8) + "\nsecond line")
        var pages: [Int: String] = [:]
        for pageSize in [1, 200] {
            let profile = fixture.root.appendingPathComponent("chromium-profile-\(pageSize)")
            pages[pageSize] = try await fixture.application {
                $0.port = 0
                $0.pageSize = pageSize
            }.test(.live) { client in
                // One request a tile: on a loaded machine the script's fetches outlast the
                // default budget, and the page would be dumped half drawn.
                try await Chromium.load(
                    "http://127.0.0.1:\(try XCTUnwrap(client.port))/", chromium: chromium, profile: profile, virtualTime: 30000)
            }
        }
        let drawn = Self.tiles(try XCTUnwrap(pages[1]))
        let served = Self.tiles(try XCTUnwrap(pages[200]))
        XCTAssertEqual(served.count, entries.count, "the server gives every tile on one page")
        XCTAssertEqual(drawn.map(\.id), served.map(\.id), "the script drew the same tiles in the same order")
        for (script, server) in zip(drawn.dropFirst(), served.dropFirst()) {
            XCTAssertEqual(script.html, server.html, "tile \(server.id), drawn by timeline.js")
        }
        XCTAssertEqual(Self.headings(try XCTUnwrap(pages[1])), Self.headings(try XCTUnwrap(pages[200])))
        XCTAssertTrue(try XCTUnwrap(pages[1]).contains("class=\"excerpt\""), "an excerpt drawn by the script is compared")
        XCTAssertGreaterThan(Set(Self.headings(try XCTUnwrap(pages[200]))).count, 2, "the journal spans several months")
    }

    /// Each tile's `<li>` with the white space between tags taken out (the template's line
    /// breaks are text nodes the script does not make), in page order.
    private static func tiles(_ dom: String) -> [(id: String, html: String)] {
        let flat = dom.replacing(/>\s+</, with: "><")
        return flat.components(separatedBy: "<li class=\"tile\" data-id=\"").dropFirst().map { chunk in
            let id = String(chunk.prefix { $0 != "\"" })
            let end = chunk.range(of: "</div></li>")?.upperBound ?? chunk.endIndex
            return (id, String(chunk[..<end]))
        }
    }

    private static func headings(_ dom: String) -> [String] {
        dom.matches(of: /<h2>([^<]*)<\/h2>/).map { String($0.output.1) }
    }
}
