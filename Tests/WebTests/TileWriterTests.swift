import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import XCTest

@testable import DaybookWeb

/// `TileWriter` writes tile.mustache's bytes: the same as both template renderers give, for
/// tiles with each optional value there and not (video badge, thumbnail or its words, time,
/// place, weather, distance, stack, excerpt, tags of both kinds) and hostile text in each.
final class TileWriterTests: XCTestCase {
    func testTheWriterGivesTheTemplatesBytesForEveryShapeOfTile() throws {
        let fixture = try WebFixture.hostileParis()
        let entries = try fixture.store.entries()
        let annotations = try fixture.store.annotations(for: entries.map(\.id))
        // The fixture has no weather: a tile's own, hostile.
        let weather = TileAnnotations(
            tags: [.init(name: "x\"<y>", isUser: true)], weatherText: HostileValues.text, temperatureC: -3.25)
        var shapes: [JournalEntry] = []
        for entry in entries {
            shapes.append(entry)
            var video = entry
            video.media = .video
            video.durationSeconds = 12.4
            video.thumbnail = nil
            video.text = ""
            video.capturedLocal = nil
            shapes.append(video)
        }
        var checked = 0
        for links in [SiteLinks.server, .staticFiles(depth: 1)] {
            for entry in shapes {
                for (distance, stack) in [(nil, nil), (12.5, 3)] as [(Double?, Int?)] {
                    for shown in [annotations[entry.id].map(TileAnnotations.init), weather, nil] {
                        let tile = EntryTile(
                            entry: entry, annotations: shown, links: links, distanceKm: distance,
                            stackSize: stack)
                        var written = ByteBuffer()
                        TileWriter.write(tile, into: &written)
                        let typed = TemplateLibrary.render(tile)
                        XCTAssertEqual(String(buffer: written), typed, entry.sourcePath)
                        XCTAssertEqual(typed, TemplateLibrary.shared.render(tile, withTemplate: "tile"), entry.sourcePath)
                        checked += 1
                    }
                }
            }
        }
        let all = shapes.map { EntryTile(entry: $0, annotations: annotations[$0.id].map(TileAnnotations.init), links: .server) }
        let html = all.map(\.text).joined() + EntryTile(entry: entries[0], annotations: weather, links: .server).text
        for shown in [
            "class=\"video\"", "<span class=\"badge\"", "<img loading=\"lazy\"", "<span class=\"noimage\">", "<span class=\"time\">",
            "Paris&quot;\u{338} onerror=alert(1)", "<div class=\"weather\">&lt;/p&gt;", "<p class=\"excerpt\">&lt;/p&gt;&lt;script&gt;",
            "<li class=\"tag user\">mine</li>", "<li class=\"tag\">&lt;b&gt;tag&lt;/b&gt;",
        ] {
            XCTAssertTrue(html.contains(shown), "no tile shows \(shown)")
        }
        XCTAssertEqual(checked, shapes.count * 12)
    }

    /// The timeline shows what the entry is now, after an edit by another process, a tag and a
    /// place.
    func testTheTimelineShowsEveryChangeOfATile() async throws {
        let fixture = try WebFixture()
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        try await fixture.application().test(.router) { client in
            func tile() async throws -> String {
                let html = try await client.execute(uri: "/", method: .get) { $0.text }
                let start = try XCTUnwrap(html.range(of: "<li class=\"tile\" data-id=\"\(paris.id)\">"), html)
                let end = try XCTUnwrap(html.range(of: "</div>\n</li>", range: start.upperBound..<html.endIndex))
                return String(html[start.lowerBound..<end.upperBound])
            }
            let first = try await tile()
            XCTAssertTrue(first.contains("Paris, France"), first)
            let other = try JournalStore(library: fixture.store.library)
            try other.edit(entryID: paris.id, text: "Seen from the tower")
            try other.editTags(entryID: paris.id, add: ["tower"], remove: [])
            _ = try other.updatePlaces(version: "renamed", limit: 100) { entry in
                if entry.id == paris.id { entry.place?.name = "Lutetia" }
            }
            let after = try await tile()
            XCTAssertTrue(after.contains("<p class=\"excerpt\">Seen from the tower</p>"), after)
            XCTAssertTrue(after.contains("<li class=\"tag user\">tower</li>"), after)
            XCTAssertTrue(after.contains("<div class=\"place\">Lutetia, France</div>"), after)
        }
    }
}
