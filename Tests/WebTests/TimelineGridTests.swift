import DaybookCore
import DaybookStore
import NIOCore
import XCTest

@testable import DaybookWeb

/// `TimelineGrid` writes, from the rows, the bytes sections.mustache gives for
/// `TileSection.grouped` by month (the timeline page's tiles before the grid): for tiles of
/// every shape (video, no thumbnail, undated, stack, weather, tags, hostile text), in months
/// that change, come back and end undated, through the server's links and an export's.
final class TimelineGridTests: XCTestCase {
    func testTheGridGivesTheSectionsTemplatesBytesForEveryShapeOfTile() throws {
        let fixture = try WebFixture.hostileParis()
        let entries = try fixture.store.entries()
        XCTAssertGreaterThan(entries.count, 5)
        var annotations = try fixture.store.annotations(for: entries.map(\.id)).mapValues(TileAnnotations.init)
        var shapes: [JournalEntry] = []
        var stackSizes: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            shapes.append(entry)
            var video = entry
            video.id = String(entry.id.dropLast(4)) + "beef"
            video.media = .video
            video.durationSeconds = 12.4
            video.thumbnail = nil
            video.text = "\n\nA first line <b>" + String(repeating: "é", count: 150)
            video.capturedLocal = index % 2 == 0 ? nil : entry.capturedLocal.flatMap { LocalDateTime($0.date, hour: 7, minute: 5) }
            shapes.append(video)
            stackSizes[video.id] = index + 2
            annotations[video.id] = TileAnnotations(
                tags: (0..<7).map { .init(name: "t\($0)<\"'&>", isUser: $0 % 2 == 0) }, weatherText: "<rain>", temperatureC: -0.4)
        }
        let tiles = TileEntries(tiles: shapes.map(TimelineTile.init), tileAnnotations: annotations, stackSizes: stackSizes)
        for links in [SiteLinks.server, .staticFiles(depth: 1)] {
            var written = ByteBuffer()
            TimelineGrid(tiles: tiles, links: links).write(into: &written)
            let sections = TileSection.grouped(
                tiles.tiles, annotations: tiles.annotations, links: links, stackSizes: tiles.stackSizes
            ) { EntryText.month($0.capturedLocal) }
            XCTAssertGreaterThan(sections.count, 3)
            XCTAssertTrue(sections.contains { $0.title == "Undated" })
            let expected = TemplateLibrary.shared.render(SectionsModel(sections: sections), withTemplate: "sections") ?? ""
            XCTAssertEqual(String(buffer: written), expected)
            for shown in ["<h2>Undated</h2>", "class=\"video\"", "<span class=\"noimage\">", "photos</div>", "&lt;rain&gt;, -0 °C"] {
                XCTAssertTrue(expected.contains(shown), "no tile shows \(shown)")
            }
        }
        var empty = ByteBuffer()
        TimelineGrid(tiles: TileEntries(tiles: [], tileAnnotations: [:]), links: .server).write(into: &empty)
        XCTAssertEqual(empty.readableBytes, 0)
    }

    /// `writeDecimal` is `String(_:)` for every size of number.
    func testDecimalsAreStringsDigits() {
        for value in [0, 1, 9, 10, 99, 400, 2024, 65_535, 9_999_999_999, 10_000_000_000, Int.max, -1, -2024, Int.min] {
            var output = ByteBuffer()
            TileWriter.writeDecimal(value, into: &output)
            XCTAssertEqual(String(buffer: output), String(value))
        }
    }
}

/// The `sections` partial's one name.
private struct SectionsModel: TemplateModel {
    let sections: [TileSection]

    func templateValue(named name: String) -> TemplateValue { name == "sections" ? .init(sections) : .missing }
}
