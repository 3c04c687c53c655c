import DaybookTestSupport
import Foundation
import XCTest

/// An id prefix shorter than a lookup takes says so, for every command that takes an id,
/// rather than "no entry with id 1" when entries do begin with 1.
final class ShortIDPrefixCLITests: XCTestCase {
    var library: URL!
    let ids = ["1aaa1111-0000-0000-0000-000000000000", "1bbb2222-0000-0000-0000-000000000000"]

    override func setUpWithError() throws {
        let folder = try TemporaryFolder.make("daybook-short-prefix")
        library = folder.appendingPathComponent("library")
        // Imported, so that two ids begin alike whatever the random ids of an ingest would be.
        let items = ids.map { id in
            """
            {"entry": {"id": "\(id)", "content_hash": "\(String(repeating: String(id.prefix(8)), count: 8))", "source_path": "/p/\(id).jpg",
             "file_size": 1, "orientation": 1, "text": "", "weather_status": "unavailable", "created_at": "2026-01-01T00:00:00Z",
             "updated_at": "2026-01-01T00:00:00Z"}, "tags": [], "removed_tags": []}
            """
        }
        let file = folder.appendingPathComponent("two.json")
        try Data("{\"format\": 1, \"exported_at\": \"2026-01-01T00:00:00Z\", \"items\": [\(items.joined(separator: ", "))]}".utf8)
            .write(to: file)
        let imported = try DaybookProcess.run(["import", file.path], library: library)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    func testAShortPrefixSaysHowLongOneMustBeForEveryCommandThatTakesAnID() throws {
        let commands: [(String) -> [String]] = [
            { ["show", $0] }, { ["edit", $0, "--text", "x"] }, { ["tag", $0, "--add", "x"] }, { ["delete", $0, "--yes"] },
            { ["stack", "show", $0] }, { ["stack", "cover", $0] }, { ["stack", "split", $0] },
        ]
        for prefix in ["1", "1a", "1AA", "9"] {
            for command in commands {
                let arguments = command(prefix)
                let run = try DaybookProcess.run(arguments, library: library)
                XCTAssertEqual(run.status, 1, "\(arguments)")
                XCTAssertEqual(run.stdout, "", "\(arguments)")
                XCTAssertEqual(
                    run.stderr, "daybook: error: id prefix \(prefix) is too short: give at least 4 characters of the entry's id\n",
                    "\(arguments)")
            }
        }
        let list = try DaybookProcess.run(["list", "--json"], library: library)
        XCTAssertEqual(
            (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.compactMap { $0["text"] as? String },
            ["", ""], "nothing was changed")

        // Four characters are looked up: the entry, or none.
        let found = try DaybookProcess.run(["show", "1aaa"], library: library)
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertTrue(found.stdout.contains(ids[0]), found.stdout)
        XCTAssertEqual(
            try DaybookProcess.run(["show", "9999"], library: library).stderr, "daybook: error: no entry with id 9999\n")
    }
}
