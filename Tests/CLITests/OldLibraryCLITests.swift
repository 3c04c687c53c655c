import Foundation
import XCTest

/// Today's real `daybook` on a copy of the library the daybook of commit 4686f56 wrote
/// (Tests/Fixtures/library-4686f56). The field-by-field checks are in StoreTests/OldLibraryTests.
extension CLITests {
    static let oldLibrary = repository.appendingPathComponent("Tests/Fixtures/library-4686f56")

    /// Copies the old library into this test's library folder (the first command migrates the
    /// copy, never the committed one) and returns the old daybook's export items by entry id.
    func useCopyOfOldLibrary() throws -> [String: [String: Any]] {
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        for name in ["journal.sqlite", "thumbnails"] {
            try FileManager.default.copyItem(at: Self.oldLibrary.appendingPathComponent(name), to: library.appendingPathComponent(name))
        }
        let export = try Data(contentsOf: Self.oldLibrary.appendingPathComponent("old-export.json"))
        let items = try XCTUnwrap((try JSONSerialization.jsonObject(with: export) as? [String: Any])?["items"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: try items.map { item in
                (try XCTUnwrap((item["entry"] as? [String: Any])?["id"] as? String), item)
            })
    }

    func tagNames(_ details: Run) throws -> Set<String> {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(details.stdout.utf8)) as? [String: Any], details.stderr)
        return Set((object["tags"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }

    func testOldLibraryListsShowsAndSearchesWithTodaysDaybook() throws {
        let items = try useCopyOfOldLibrary()
        let list = try daybook("list")
        XCTAssertEqual(list.status, 0, list.stderr)
        for id in items.keys { XCTAssertTrue(list.stdout.contains(String(id.prefix(8))), "\(id) listed:\n\(list.stdout)") }
        XCTAssertTrue(list.stdout.contains("December 2021"), "the date set by hand (2021-12-25) lists:\n\(list.stdout)")

        let paris = try entryID("/SampleImages/01-paris-2019-07.jpg")
        let show = try daybook("show", String(paris.prefix(6)))
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("Quatorze juillet : café crème, défilé — 巴黎 🇫🇷"), show.stdout)
        XCTAssertTrue(show.stdout.contains("bastille-day"), show.stdout)
        XCTAssertTrue(show.stdout.contains("21.4 °C"), "the old weather: \(show.stdout)")

        let newYork = try entryID("/SampleImages/03-newyork-2021-03.jpg")
        let details = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("show", "--json", newYork).stdout.utf8)) as? [String: Any])
        XCTAssertEqual(details["text"] as? String, (items[newYork]?["entry"] as? [String: Any])?["text"] as? String)

        let found = try daybook("search", "defile", "--json")
        let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]], found.stderr)
        XCTAssertEqual(results.compactMap { $0["id"] as? String }, [paris])

        // Today's export holds every old entry with the old text (the fields: StoreTests).
        let export = try daybook("export", "json", "-")
        XCTAssertEqual(export.status, 0, export.stderr)
        let exported = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(exported.count, items.count)
        for item in exported {
            let entry = try XCTUnwrap(item["entry"] as? [String: Any])
            let id = try XCTUnwrap(entry["id"] as? String)
            XCTAssertEqual(entry["text"] as? String, (items[id]?["entry"] as? [String: Any])?["text"] as? String, id)
        }
    }

    func testRetagOnTheOldLibraryKeepsUserTagsAndTheRemovedAutoTagRemoved() throws {
        let items = try useCopyOfOldLibrary()
        let (id, item) = try XCTUnwrap(items.first { !(($0.value["removed_tags"] as? [String]) ?? []).isEmpty })
        let removed = try XCTUnwrap((item["removed_tags"] as? [String])?.first)
        let userTags = Set(
            (item["tags"] as? [[String: Any]] ?? []).filter { $0["source"] as? String == "user" }.compactMap { $0["name"] as? String })
        XCTAssertFalse(userTags.isEmpty, "the fixture's entry with a removed tag also has a user tag")

        let retag = try daybook("retag")
        XCTAssertEqual(retag.status, 0, retag.stderr)
        // The photos' folder is gone: the old thumbnails give the pixels; the cut photo has none.
        XCTAssertEqual(retag.stdout, "10 retagged (0 from photos, 10 from thumbnails), 1 without pixels, 0 failed\n")
        let after = try tagNames(try daybook("show", "--json", id))
        XCTAssertFalse(after.contains(removed), "\(removed) was removed by the user in the old library")
        XCTAssertTrue(userTags.isSubset(of: after), "user tags kept: \(after)")
        XCTAssertGreaterThan(after.subtracting(userTags).count, 0, "the tagger still tags the entry")
    }
}
