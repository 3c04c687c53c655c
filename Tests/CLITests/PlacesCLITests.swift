import DaybookTestSupport
import Foundation
import XCTest

/// Place names through the real `daybook`: shown everywhere, searched, listed, exported, and
/// found by a binary copied elsewhere (as the systemd set-up installs it).
extension CLITests {
    func json(_ run: Run) throws -> Any {
        XCTAssertEqual(run.status, 0, run.stderr)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    }

    func testListShowAndJSONNameThePlaces() throws {
        _ = try daybook("ingest", Self.samples.path)
        let list = try daybook("list")
        for label in ["Paris, France", "Rio de Janeiro, Brazil", "Sydney, Australia", "Mumbai, India"] {
            XCTAssertTrue(list.stdout.contains(label), "\(label) in:\n\(list.stdout)")
        }
        XCTAssertFalse(list.stdout.contains("48.8584°N"), "names instead of coordinates:\n\(list.stdout)")
        let show = try daybook("show", try entryID("sydney"))
        XCTAssertTrue(show.stdout.contains("Sydney, New South Wales, Australia"), show.stdout)
        XCTAssertTrue(show.stdout.contains("33.8568°S 151.2153°E"), "show keeps the coordinates:\n\(show.stdout)")
        XCTAssertTrue(show.stdout.contains("+11:00 (offset from the place's time zone)"), show.stdout)
        let details = try XCTUnwrap(try json(try daybook("show", "--json", try entryID("paris"))) as? [String: Any])
        XCTAssertEqual(details["place_name"] as? String, "Paris")
        XCTAssertEqual(details["place_region"] as? String, "Île-de-France")
        XCTAssertEqual(details["place_country"] as? String, "France")
        XCTAssertEqual(details["place_country_code"] as? String, "FR")
        XCTAssertEqual(details["place_time_zone"] as? String, "Europe/Paris")
        XCTAssertEqual(try XCTUnwrap(details["place_distance_km"] as? Double), 4.0, accuracy: 0.2)
        XCTAssertNotNil(details["place_version"] as? String)
    }

    func testSearchByPlaceWordsAndNearAName() throws {
        _ = try daybook("ingest", Self.samples.path)
        let paris = try entryID("paris")
        let words = try XCTUnwrap(try json(try daybook("search", "france", "--json")) as? [[String: Any]])
        XCTAssertEqual(words.compactMap { $0["id"] as? String }, [paris])
        let qualified = try daybook("search", "--near", "Paris, FR", "--radius", "10km")
        XCTAssertEqual(qualified.status, 0, qualified.stderr)
        XCTAssertTrue(qualified.stdout.contains(String(paris.prefix(8))), qualified.stdout)
        XCTAssertEqual(qualified.stderr, "", "a name narrowed to one place needs no note")
        let ambiguous = try daybook("search", "--near", "paris", "--radius", "10km", "--json")
        XCTAssertEqual((try json(ambiguous) as? [[String: Any]])?.compactMap { $0["id"] as? String }, [paris])
        XCTAssertTrue(ambiguous.stderr.contains("Paris, Île-de-France, France"), ambiguous.stderr)
        XCTAssertTrue(ambiguous.stderr.contains("daybook places --find"), ambiguous.stderr)
        let unknown = try daybook("search", "--near", "Qqxyzzy")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr.split(separator: "\n").count, 1, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("no place called Qqxyzzy"), unknown.stderr)
    }

    func testPlacesListsCountriesRegionsAndTownsWithCountsAndDates() throws {
        _ = try daybook("ingest", Self.samples.path)
        let tree = try daybook("places")
        XCTAssertEqual(tree.status, 0, tree.stderr)
        let lines = tree.stdout.split(separator: "\n").map(String.init)
        let france = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("France ") }, tree.stdout)
        XCTAssertTrue(lines[france + 1].hasPrefix("  Île-de-France "), tree.stdout)
        XCTAssertTrue(lines[france + 2].hasPrefix("    Paris "), tree.stdout)
        XCTAssertTrue(lines[france + 2].hasSuffix("1 entry  2019-07-14"), tree.stdout)
        let object = try XCTUnwrap(try json(try daybook("places", "--json")) as? [String: Any])
        let places = try XCTUnwrap(object["places"] as? [[String: Any]])
        XCTAssertEqual(places.map { $0["entries"] as? Int ?? 0 }.reduce(0, +), 6, "the six photos with a position")
        XCTAssertEqual(object["not_looked_up"] as? Int, 0)
        let rio = try XCTUnwrap(places.first { $0["name"] as? String == "Rio de Janeiro" })
        XCTAssertEqual(rio["country_code"] as? String, "BR")
        XCTAssertEqual(rio["first_date"] as? String, "2020-01-05")
        let candidates = try XCTUnwrap(try json(try daybook("places", "--find", "Springfield", "--json")) as? [[String: Any]])
        let populations = candidates.compactMap { $0["population"] as? Int }
        XCTAssertGreaterThan(populations.count, 5)
        XCTAssertEqual(populations, populations.sorted(by: >), "most populous first")
    }

    /// The library of commit 4686f56 predates places: `places --update` names its entries once.
    func testUpdateNamesTheOldLibrarysEntries() throws {
        _ = try useCopyOfOldLibrary()
        let before = try XCTUnwrap(try json(try daybook("places", "--json")) as? [String: Any])
        XCTAssertEqual(before["not_looked_up"] as? Int, 7, "the seven photos with a position")
        let update = try XCTUnwrap(try json(try daybook("places", "--update", "--json")) as? [String: Any])
        XCTAssertEqual(update["looked_up"] as? Int, 7)
        XCTAssertEqual(update["towns"] as? Int, 7)
        XCTAssertEqual(try XCTUnwrap(try json(try daybook("places", "--update", "--json")) as? [String: Any])["looked_up"] as? Int, 0)
        let found = try daybook("search", "sydney")
        XCTAssertTrue(found.stdout.contains("Sydney, Australia"), found.stdout)
    }

    func testMarkdownExportSectionsByPlace() throws {
        _ = try daybook("ingest", Self.samples.path)
        let folder = library.appendingPathComponent("md")
        let export = try daybook("export", "markdown", folder.path)
        XCTAssertEqual(export.status, 0, export.stderr)
        let places = try String(contentsOf: folder.appendingPathComponent("places.md"), encoding: .utf8)
        XCTAssertTrue(places.contains("## France\n\n### Île-de-France · Paris\n\n- [2019-07-14 10:30](2019-07.md)"), places)
        XCTAssertTrue(places.contains("## India"), places)
    }

    /// The place table is inside the binary: a copy installed elsewhere names places alone.
    func testACopiedBinaryStillNamesPlaces() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-installed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("daybook")
        try FileManager.default.copyItem(at: DaybookProcess.executable, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["places", "--find", "Kyoto, JP", "--json", "--library", library.path]
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let candidates = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        XCTAssertEqual((candidates.first?["place"] as? [String: Any])?["time_zone"] as? String, "Asia/Tokyo")
    }
}
