import DaybookCore
import DaybookStore
import XCTest

@testable import DaybookPresentation

/// A list line in a terminal fits its width; `full`, the line of every file and pipe, is the
/// line as it has always been.
final class ListLayoutTests: XCTestCase {
    /// Every column as long as it can be, so each is cut at its width.
    static let crowded = ListedEntry(
        id: "3f2a1b2c-0000-4000-8000-000000000001",
        capturedLocal: LocalDateTime(year: 2019, month: 7, day: 14, hour: 10, minute: 30, second: 0),
        placeName: "Saint-Jean-de-Luz, Nouvelle-Aquitaine, France", text: String(repeating: "a long day by the sea ", count: 5),
        tags: ["holiday", "beach-trip", "sunset", "family", "friends"], weatherText: "Slight rain showers", temperatureC: 21.4)

    /// Written as a list does: two spaces, then the line.
    func line(_ layout: ListLayout, _ entry: ListedEntry = crowded) -> String { "  " + ListLine.text(entry, layout: layout).description }

    func testTheFullLayoutIsEveryColumnAtItsWidth() {
        let text = line(.full)
        XCTAssertEqual(text.count, ListLayout.full.lineWidth())
        XCTAssertEqual(
            text,
            "  Sun 14 Jul 2019 10:30  Saint-Jean-de-Luz, Nouvelle…  21°C Slight rain sh…  holiday beach-trip suns…  "
                + "a long day by the sea a long day by the…  3f2a1b2c")
        XCTAssertEqual(ListLayout.fitting(ListLayout.full.lineWidth()), .full, "a wide terminal gets every column")
        XCTAssertEqual(ListLayout.fitting(400), .full)
    }

    func testANarrowTerminalsLinesFitLeastNeededColumnsFirst() {
        for width in [60, 70, 80, 100, 120, 140, 152] {
            let layout = ListLayout.fitting(width)
            XCTAssertLessThanOrEqual(line(layout).count, width, "\(width): \(line(layout))")
            XCTAssertTrue(line(layout).hasSuffix("  3f2a1b2c"), "the id stays: \(line(layout))")
            XCTAssertTrue(line(layout).hasPrefix("  Sun 14 Jul 2019 10:30  Saint-Jean"), "the date and place stay: \(line(layout))")
        }
        XCTAssertEqual(ListLayout.fitting(152).tags, 23, "tags narrow first")
        XCTAssertNil(ListLayout.fitting(120).tags, "and go when narrowing is not enough")
        XCTAssertEqual(ListLayout.fitting(120).weather, 13)
        XCTAssertNil(ListLayout.fitting(80).weather, "then the weather")
        XCTAssertEqual(ListLayout.fitting(80).text, 15, "the text narrows before it goes")
        XCTAssertEqual(ListLayout.fitting(80).place, ListLayout.full.place)
        XCTAssertNil(ListLayout.fitting(60).text)
    }

    /// A list without text keeps its tags and weather where a list with text would not.
    func testAListWithoutTextKeepsItsOtherColumnsLonger() {
        var bare = Self.crowded
        bare = ListedEntry(
            id: bare.id, capturedLocal: bare.capturedLocal, placeName: bare.placeName, text: "", tags: bare.tags,
            weatherText: bare.weatherText, temperatureC: bare.temperatureC)
        let layout = ListLayout.fitting(100, hasText: false)
        XCTAssertNil(layout.text)
        XCTAssertEqual(layout.weather, 20)
        XCTAssertNotNil(layout.tags)
        XCTAssertEqual(line(layout, bare).count, 100, line(layout, bare))
        XCTAssertNil(ListLayout.fitting(100).tags, "with text, the tags give way")
    }

    /// Room kept after the line, for a "near" search's distance.
    func testReservedColumnsAreLeftFree() {
        let layout = ListLayout.fitting(100, reserved: 12)
        XCTAssertLessThanOrEqual(line(layout).count + 12, 100)
        XCTAssertEqual(layout.lineWidth(reserved: 12), line(layout).count + 12)
    }
}
