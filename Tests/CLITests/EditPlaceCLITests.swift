import DaybookTestSupport
import Foundation
import XCTest

/// `daybook edit --place` through the real binary: the place is read as `write --place`
/// reads it, the entry is named after it and found near it, a text entry's file keeps the
/// exact coordinates given, and a name not found is one line that changes nothing.
final class EditPlaceCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }

    override func setUpWithError() throws { folder = try temporaryFolder("daybook-edit-place") }

    func json(_ arguments: String...) throws -> [String: Any] {
        let run = try daybook(arguments + ["--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    func testATextEntryTakesAPlaceByCoordinatesOrNameAndItsFileFollows() throws {
        let written = try json("write", "--text", "Dinner", "--date", "2024-05-17 20:00")
        let id = try XCTUnwrap(written["id"] as? String)
        let path = try XCTUnwrap(written["source_path"] as? String)
        XCTAssertNil(written["latitude"] as? Double)

        let placed = try json("edit", String(id.prefix(8)), "--place", "48.85661,2.35222")
        XCTAssertEqual(placed["latitude"] as? Double, 48.85661)
        XCTAssertEqual(placed["longitude"] as? Double, 2.35222)
        XCTAssertEqual(placed["place_name"] as? String, "Paris")
        XCTAssertEqual(placed["location_source"] as? String, "user")
        XCTAssertEqual(placed["weather_status"] as? String, "pending")
        XCTAssertEqual(placed["utc_offset_seconds"] as? Int, written["utc_offset_seconds"] as? Int, "the instant stays")
        let file = library.appendingPathComponent(path)
        var bytes = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(bytes.contains("\nplace: \"Paris\"\nlatitude: 48.85661\nlongitude: 2.35222\n"), bytes)

        let near = try daybook("search", "--near", "48.8566,2.3522", "--radius", "1km", "--json")
        XCTAssertTrue(near.stdout.contains(id), near.stdout)

        let moved = try json("edit", id, "--place", "Kyoto, JP", "--date", "2024-06-02 08:00")
        XCTAssertEqual(moved["place_name"] as? String, "Kyoto")
        let newPath = try XCTUnwrap(moved["source_path"] as? String)
        XCTAssertEqual(newPath, "journal/2024/06/2024-06-02-\(id.prefix(8)).md")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "the file moved with the date")
        bytes = try String(contentsOf: library.appendingPathComponent(newPath), encoding: .utf8)
        XCTAssertTrue(bytes.contains("\ndate: 2024-06-02T08:00:00\n"), bytes)
        XCTAssertTrue(bytes.contains("\nplace: \"Kyoto\"\nlatitude: 35."), bytes)
        let shown = try daybook("show", id)
        XCTAssertTrue(shown.stdout.contains("Kyoto"), shown.stdout)

        let before = try Data(contentsOf: library.appendingPathComponent(newPath))
        let unknown = try daybook("edit", id, "--place", "Nowhereville123", "--text", "Lost?")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(
            unknown.stderr, "daybook: error: --place: no place called Nowhereville123 (give LAT,LON or a town's name like \"Paris, FR\")\n")
        XCTAssertEqual(try daybook("edit", id, "--place", "95,10").status, 2)
        XCTAssertEqual(try Data(contentsOf: library.appendingPathComponent(newPath)), before, "nothing changed")

        let shared = try daybook("edit", id, "--place", "Paris")
        XCTAssertEqual(shared.status, 0, shared.stderr)
        XCTAssertTrue(shared.stderr.hasPrefix("daybook: note: --place Paris: Paris, "), shared.stderr)
        XCTAssertTrue(shared.stderr.hasSuffix("`daybook places --find \"Paris\"` lists them\n"), shared.stderr)
    }

    func testAPhotoWithoutGPSTakesAPlaceThatSearchAndExportsShow() throws {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let photo = photos.appendingPathComponent("08-no-exif.jpg")
        try FileManager.default.copyItem(at: Repository.sampleSquares.appendingPathComponent("08-no-exif.jpg"), to: photo)
        XCTAssertEqual(try daybook("ingest", photo.path).status, 0)
        let listed = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("list", "--json").stdout.utf8)) as? [[String: Any]])
        let id = try XCTUnwrap(listed.first?["id"] as? String)
        XCTAssertNil(listed.first?["place_name"] as? String)

        // Undated: its date comes with the place, or no journal file could keep the place.
        let placed = try json("edit", id, "--place", "Reykjavik", "--date", "2024-05-06 12:00")
        XCTAssertEqual(placed["place_country_code"] as? String, "IS")
        XCTAssertEqual(placed["source_path"] as? String, photo.path, "a photo's file stays where it is")
        let near = try daybook("search", "--near", "Reykjavik", "--json")
        XCTAssertTrue(near.stdout.contains(id), near.stdout)
        let words = try daybook("search", "reykjavik", "--json")
        XCTAssertTrue(words.stdout.contains(id), words.stdout)
        let export = folder.appendingPathComponent("journal.json")
        XCTAssertEqual(try daybook("export", "json", export.path).status, 0)
        XCTAssertTrue(try String(contentsOf: export, encoding: .utf8).contains("\"place_country_code\" : \"IS\""))
    }
}
