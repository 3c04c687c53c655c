import DaybookTestSupport
import Foundation
import XCTest

/// `daybook write --photo` through the real binary: the photos are ingested as `ingest FILE`
/// ingests them, the words go on the first one's entry, and a refusal or a file that cannot
/// be ingested leaves nothing made.
final class WritePhotoCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }

    override func setUpWithError() throws { folder = try temporaryFolder("daybook-write-photo") }

    /// A copy of a sample square, so the test's files are its own.
    func sample(_ name: String) throws -> String {
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Repository.sampleSquares.appendingPathComponent(name), to: copy)
        return copy.path
    }

    func listed() throws -> [[String: Any]] {
        let run = try daybook("list", "--json")
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    func testTheWordsGoOnTheFirstPhotosEntryAndEveryEntryIsListed() throws {
        let paris = try sample("01-paris-2019-07.jpg")
        let rio = try sample("02-rio-2020-01.jpg")
        let run = try daybook("write", "--json", "--text", "Paris at last\nfrom the tower", "--tag", "trip", "--photo", paris, rio)
        XCTAssertEqual(run.status, 0, run.stderr)
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], run.stdout)
        XCTAssertEqual(entries.count, 2)
        let first = try XCTUnwrap(entries.first)
        XCTAssertEqual(first["text"] as? String, "Paris at last\nfrom the tower")
        XCTAssertEqual(first["media"] as? String, "photo")
        XCTAssertEqual(first["source_path"] as? String, paris)
        XCTAssertEqual(first["captured_local"] as? String, "2019-07-14T10:30:00")
        XCTAssertEqual(first["place_name"] as? String, "Paris")
        XCTAssertNotNil(first["thumbnail"] as? String, "made as ingest makes it")
        let tags = (first["tags"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertTrue(tags.contains("trip"), "\(tags)")
        XCTAssertTrue(tags.contains("blue"), "the automatic tags too: \(tags)")
        XCTAssertEqual(entries[1]["text"] as? String, "")
        XCTAssertEqual(entries[1]["source_path"] as? String, rio)
        XCTAssertEqual(try listed().count, 2)
        let search = try daybook("search", "tower", "--json")
        XCTAssertTrue(search.stdout.contains(try XCTUnwrap(first["id"] as? String)), search.stdout)

        let again = try daybook("write", "--text", "Again", "--photo", paris)
        XCTAssertEqual(again.status, 1)
        let id = String(try XCTUnwrap(first["id"] as? String).prefix(8))
        XCTAssertEqual(
            again.stderr, "daybook: error: \(paris) is entry \(id), which has words already: use `daybook edit \(id)` to change them\n")

        let words = try daybook("write", "--text", "Rio, seen again", "--photo", rio)
        XCTAssertEqual(words.status, 0, words.stderr)
        let rioID = String(try XCTUnwrap(entries[1]["id"] as? String).prefix(8))
        XCTAssertEqual(words.stdout, "\(rioID) written with \(rio) (already in the journal)\n")
        XCTAssertEqual(try listed().count, 2, "a photo already in the journal keeps its entry")
    }

    func testAFileThatCannotBeIngestedLeavesNothingMade() throws {
        let sydney = try sample("04-sydney-2021-12.jpg")
        let broken = folder.appendingPathComponent("broken.jpg")
        try Data("not a photo at all".utf8).write(to: broken)
        XCTAssertEqual(try daybook("write", "--text", "First", "--photo", try sample("10-mumbai-2023-08.jpg")).status, 0)

        let run = try daybook("write", "--text", "Harbour", "--photo", sydney, broken.path)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(lines[0].hasPrefix("daybook: error: \(broken.path): "), run.stderr)
        XCTAssertEqual(try listed().count, 1, "the Sydney photo's entry was made, then deleted again")
        XCTAssertTrue(FileManager.default.fileExists(atPath: sydney), "nothing in the photo folder is deleted")

        let missing = try daybook("write", "--text", "Harbour", "--photo", sydney, folder.appendingPathComponent("gone.jpg").path)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("daybook: error: \(folder.appendingPathComponent("gone.jpg").path): "), missing.stderr)
        XCTAssertEqual(try listed().count, 1)
    }
}
