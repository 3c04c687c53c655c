import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

final class JournalQueryTests: XCTestCase {
    var store: JournalStore!

    override func setUpWithError() throws {
        let folder = try TemporaryFolder.make("daybook-query")
        store = try JournalStore(library: Library(root: folder))
    }

    @discardableResult
    func add(_ id: String, _ local: String?, _ place: (Double, Double)? = nil, tags: [String] = [], text: String = "") throws -> String {
        var capture: CaptureTime?
        if let local { capture = CaptureTime(local: try XCTUnwrap(LocalDateTime(exif: local)), source: .dateTimeOriginal) }
        let location = place.map { GeoLocation(latitude: $0.0, longitude: $0.1) }
        let entry = JournalEntry(
            id: id, contentHash: id, sourcePath: "/p/\(id).jpg", fileSize: 1, capture: capture, location: location,
            pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        try store.insert(entry, autoTags: tags.map { AutoTag(name: $0, score: 0.5) }, taggerVersion: 1)
        if !text.isEmpty { try store.edit(entryID: id, text: text) }
        return id
    }

    func ids(_ query: JournalQuery) throws -> [String] { try store.search(query).map(\.entry.id) }

    func testEditedTextIsFoundByPrefixIgnoringCaseAndAccents() throws {
        try add("aaaa0001", "2021:07:01 10:00:00", tags: ["blue"])
        try add("aaaa0002", "2021:07:02 10:00:00", tags: ["green"])
        XCTAssertEqual(try ids(JournalQuery(text: "cafe")), [])
        try store.edit(entryID: "aaaa0001", text: "Café au LAIT by the Seine")
        XCTAssertEqual(try ids(JournalQuery(text: "cafe")), ["aaaa0001"])
        XCTAssertEqual(try ids(JournalQuery(text: "CAF")), ["aaaa0001"], "prefix match")
        XCTAssertEqual(try ids(JournalQuery(text: "lait seine")), ["aaaa0001"], "every word must match")
        XCTAssertEqual(try ids(JournalQuery(text: "lait river")), [])
        XCTAssertEqual(try ids(JournalQuery(text: "gree")), ["aaaa0002"], "tags are searchable as words")
        try store.editTags(entryID: "aaaa0002", add: [], remove: ["green"])
        XCTAssertEqual(try ids(JournalQuery(text: "green")), [], "the index follows tag removals")
        XCTAssertEqual(try ids(JournalQuery(text: "\"; DROP TABLE entry; --")), [], "FTS syntax is neutralised")
    }

    func testTagFiltersAreAndedAndDatesUseTheLocalDate() throws {
        try add("aaaa0001", "2024:05:17 23:59:59", tags: ["beach", "sunset"])
        try add("aaaa0002", "2024:05:18 00:00:00", tags: ["beach"])
        try add("aaaa0003", "2024:06:01 12:00:00", tags: ["sunset"])
        XCTAssertEqual(try ids(JournalQuery(tags: ["beach", "sunset"])), ["aaaa0001"])
        XCTAssertEqual(try ids(JournalQuery(fromDate: CivilDate(iso: "2024-05-17"), toDate: CivilDate(iso: "2024-05-17"))), ["aaaa0001"])
        XCTAssertEqual(Set(try store.entries(month: CalendarMonth("2024-05")!).map(\.id)), ["aaaa0001", "aaaa0002"])
        XCTAssertEqual(
            try ids(JournalQuery(fromDate: CivilDate(iso: "2024-05-18"), toDate: CivilDate(iso: "2024-06-01"))), ["aaaa0003", "aaaa0002"])
    }

    func testDSTDayIsSearchedByItsLocalDate() throws {
        // 02:30 on 2021-03-28 does not exist in Paris (clocks jumped 02:00 → 03:00); the camera wrote it anyway.
        try add("aaaa0001", "2021:03:28 02:30:00", (48.85, 2.35))
        try add("aaaa0002", "2021:03:27 23:30:00", (48.85, 2.35))
        XCTAssertEqual(try ids(JournalQuery(fromDate: CivilDate(iso: "2021-03-28"), toDate: CivilDate(iso: "2021-03-28"))), ["aaaa0001"])
        XCTAssertEqual(try store.onThisDay(monthDay: MonthDay("03-28")!, beforeYear: 2026, includeLeapDay: false).map(\.id), ["aaaa0001"])
    }

    func testNearAcrossTheAntimeridianOrderedByDistance() throws {
        try add("east0001", "2020:01:01 10:00:00", (-16.50, 179.95))  // Fiji, east of 180°
        try add("west0001", "2020:01:01 10:00:00", (-16.52, -179.92))  // just across it
        try add("far00001", "2020:01:01 10:00:00", (-16.50, 178.00))  // 208 km west
        let results = try store.search(JournalQuery(near: .init(latitude: -16.50, longitude: 179.99, radiusKm: 25)))
        XCTAssertEqual(results.map(\.entry.id), ["east0001", "west0001"])
        XCTAssertEqual(try XCTUnwrap(results.first?.distanceKm), 4.27, accuracy: 0.05)
        XCTAssertEqual(try ids(JournalQuery(near: .init(latitude: -16.52, longitude: -179.93, radiusKm: 25))), ["west0001", "east0001"])
    }

    func testNearThePoles() throws {
        try add("pole0001", "2020:01:01 10:00:00", (89.95, 0))
        try add("pole0002", "2020:01:01 10:00:00", (89.95, 180))  // 11 km away, over the pole
        try add("pole0003", "2020:01:01 10:00:00", (89.95, -90))
        try add("south001", "2020:01:01 10:00:00", (-89.99, 45))
        XCTAssertEqual(
            Set(try ids(JournalQuery(near: .init(latitude: 89.99, longitude: 90, radiusKm: 15)))),
            ["pole0001", "pole0002", "pole0003"])
        XCTAssertEqual(try ids(JournalQuery(near: .init(latitude: -90, longitude: 0, radiusKm: 5))), ["south001"])
    }

    func testLeapDayComesRoundOnTheTwentyEighthOfCommonYears() throws {
        try add("leap2016", "2016:02:29 12:00:00")
        try add("leap2020", "2020:02:29 12:00:00")
        try add("feb28001", "2019:02:28 09:00:00")
        try add("feb28002", "2023:02:28 09:00:00")
        XCTAssertEqual(
            try store.onThisDay(monthDay: MonthDay("02-28")!, beforeYear: 2023, includeLeapDay: true).map(\.id),
            ["leap2020", "feb28001", "leap2016"], "earlier years only, newest first")
        XCTAssertEqual(
            try store.onThisDay(monthDay: MonthDay("02-29")!, beforeYear: 2024, includeLeapDay: false).map(\.id),
            ["leap2020", "leap2016"])
    }

    func testDeleteRemovesTagsWeatherIndexAndThumbnail() throws {
        try add("aaaa0001", "2021:07:01 10:00:00", tags: ["blue"], text: "river walk")
        // The same entry with a thumbnail file, through an import (as a real library would have it).
        let archive = try store.exportArchive()
        var item = try XCTUnwrap(archive.items.first)
        item.entry.contentHash = ArchiveFixture.hash("e")
        let name = "\(item.entry.contentHash).jpg"
        item.entry.thumbnail = name
        item.thumbnail = ArchiveFixture.jpeg
        let other = try JournalStore(library: Library(root: store.library.root.appendingPathComponent("copy")))
        XCTAssertEqual(try other.importArchive(JournalArchive(exportedAt: archive.exportedAt, items: [item])), 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: other.library.thumbnailsURL.appendingPathComponent(name).path))
        try other.delete(entryIDs: ["aaaa0001"])
        XCTAssertEqual(try other.count(), 0)
        XCTAssertEqual(try other.tagCounts(), [])
        XCTAssertEqual(try other.search(JournalQuery(text: "river")).count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other.library.thumbnailsURL.appendingPathComponent(name).path))
        XCTAssertThrowsError(try other.delete(entryIDs: ["aaaa0001"]))
    }

    /// Common words and tags take the newest-first plan; the answer must be the same newest
    /// entries either way.
    func testCommonWordsAndTagsGiveTheNewestMatchesFirst() throws {
        var entries: [JournalEntry] = []
        var tags: [String: [AutoTag]] = [:]
        for index in 0..<2_500 {
            let capture = CaptureTime(
                local: LocalDateTime(unixSecondsIgnoringZone: 1_500_000_000 + Int64(index) * 3600), source: .dateTimeOriginal)
            var entry = JournalEntry(
                id: String(format: "c%07d", index), contentHash: "h\(index)", sourcePath: "/p/\(index).jpg", fileSize: 1,
                capture: capture, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
            entry.text = index == 7 ? "harbour lighthouse" : "harbour walk"
            entries.append(entry)
            tags[entry.id] = [AutoTag(name: "blue", score: 0.5)]
        }
        XCTAssertEqual(try store.insert(batch: entries, autoTags: tags, taggerVersion: 1), 2_500)
        let newest = ["c0002499", "c0002498", "c0002497"]
        XCTAssertEqual(try ids(JournalQuery(text: "harbour", limit: 3)), newest)
        XCTAssertEqual(try ids(JournalQuery(tags: ["blue"], limit: 3)), newest)
        XCTAssertEqual(try ids(JournalQuery(text: "harb", tags: ["blue"], limit: 3)), newest)
        XCTAssertEqual(try ids(JournalQuery(text: "lighthouse", limit: 3)), ["c0000007"], "a rare word among common ones")
        XCTAssertEqual(try ids(JournalQuery(text: "harbour")).count, 2_500, "without a limit, every match")
    }
}
