import DaybookCore
import DaybookPresentation
import DaybookStore
import NIOCore
import XCTest

@testable import DaybookWeb

/// A timeline's tiles from their rows (`TimelineSection`, `RowTile`) render the bytes of the
/// same tiles as `EntryTile`s (`TileSection.grouped` by month), through the one sections
/// template: for tiles of every shape (video, no thumbnail, undated, stack, weather, tags,
/// hostile text), in months that change, come back and end undated, through the server's
/// links and an export's.
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
        let template = try TypedTemplate(parsing: "{{> sections}}", name: "test") { TemplateLibrary.texts[$0] }
        for links in [SiteLinks.server, .staticFiles(depth: 1)] {
            let rows = try template.render(Sections(sections: TimelineSection.grouped(tiles, links: links)))
            let sections = TileSection.grouped(
                tiles.tiles, annotations: tiles.annotations, links: links, stackSizes: tiles.stackSizes
            ) { CalendarNames.month(of: $0.capturedLocal) }
            XCTAssertGreaterThan(sections.count, 3)
            XCTAssertTrue(sections.contains { $0.title == "Undated" })
            let expected = try template.render(Sections(sections: sections))
            XCTAssertEqual(rows, expected)
            for shown in [
                "<h2>Undated</h2>", "class=\"video\"", "<span class=\"noimage\">", "photos</div>", "&lt;rain&gt;, -0 °C",
                "Paris&quot;\u{338} onerror=alert(1)", "<li class=\"tag user\">mine</li>", "<span class=\"time\">07:05</span>",
            ] {
                XCTAssertTrue(expected.contains(shown), "no tile shows \(shown)")
            }
        }
        XCTAssertEqual(TimelineSection.grouped(TileEntries(tiles: [], tileAnnotations: [:]), links: .server).count, 0)
    }

    /// `writeDecimal`, which writes a page's numbers, is `String(_:)` for every size of number.
    func testDecimalsAreStringsDigits() {
        for value in [0, 1, 9, 10, 99, 400, 2024, 65_535, 9_999_999_999, 10_000_000_000, Int.max, -1, -2024, Int.min] {
            var output = ByteBuffer()
            output.writeDecimal(value)
            XCTAssertEqual(String(buffer: output), String(value))
        }
    }
}

/// The `sections` partial's one name.
private struct Sections<Section: TemplateModel>: TemplateModel {
    let sections: [Section]

    func templateValue(_ name: TemplateName) -> TemplateValue? { name == .sections ? .init(sections) : nil }
}
