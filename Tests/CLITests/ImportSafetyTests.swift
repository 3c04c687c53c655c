import DaybookTestSupport
import Foundation
import XCTest

/// The real `daybook import`, `delete` and first `ingest` against hostile files and racing
/// processes: a refused export writes nothing anywhere, delete stays inside `thumbnails/`,
/// and several processes creating one library all succeed.
final class ImportSafetyTests: XCTestCase, DaybookCommandLineTest {
    var base: URL!
    var library: URL { base.appendingPathComponent("library") }
    var outside: URL { base.appendingPathComponent("outside") }

    override func setUpWithError() throws {
        base = try TemporaryFolder.make("daybook-import-safety")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func names(_ folder: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

    static let hash = String(repeating: "ab", count: 32)
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x04, 0x68, 0x69, 0xFF, 0xD9]).base64EncodedString()

    /// An export of one entry, as `daybook export json` writes it, with `change` applied to the entry.
    func export(_ change: (inout [String: Any]) -> Void = { _ in }, items: Int = 1) throws -> URL {
        var list: [[String: Any]] = []
        for index in 0..<items {
            let hash = index == 0 ? Self.hash : String(repeating: "c\(index)", count: 32)
            var entry: [String: Any] = [
                "id": "abcd000\(index)-0000-0000-0000-000000000000", "content_hash": hash, "source_path": "/photos/\(index).jpg",
                "file_size": 1, "orientation": 1, "text": "", "weather_status": "unavailable", "thumbnail": "\(hash).jpg",
                "thumbnail_width": 2, "thumbnail_height": 2, "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
            ]
            if index == 0 { change(&entry) }
            list.append(["entry": entry, "tags": [], "removed_tags": [], "thumbnail": Self.jpeg])
        }
        let file = base.appendingPathComponent("export-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: ["format": 1, "exported_at": "2026-01-01T00:00:00Z", "items": list]).write(to: file)
        return file
    }

    /// Refused with exit 1 and one line on standard error that starts with `problem`
    /// (a long value from the file is cut short in it).
    func assertRefused(_ file: URL, _ problem: String, line: UInt = #line) throws {
        let run = try daybook("import", file.path)
        XCTAssertEqual(run.status, 1, line: line)
        XCTAssertEqual(run.stdout, "", line: line)
        XCTAssertTrue(run.stderr.hasPrefix("daybook: error: \(file.path): \(problem)"), run.stderr, line: line)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)", line: line)
        XCTAssertEqual(names(outside), [], "nothing written outside", line: line)
    }

    func testCraftedThumbnailNamesAreRefusedAndNothingIsWritten() throws {
        let traversal = String(repeating: "../", count: 12) + String(outside.path.dropFirst()) + "/x.jpg"
        for name in [
            "../../../../tmp/x.jpg", traversal, outside.appendingPathComponent("x.jpg").path, "a/b.jpg",
            Self.hash.uppercased() + ".jpg", String(repeating: "cd", count: 32) + ".jpg",
        ] {
            try assertRefused(
                try export { $0["thumbnail"] = name },
                "item 0 (id \"abcd0000-0000-0000-0000-000000000000\"): entry.thumbnail: must be the entry's content hash plus .jpg (\(Self.hash).jpg), not \(String(reflecting: String(name.prefix(60))).dropLast())"
            )
            XCTAssertFalse(FileManager.default.fileExists(atPath: library.path), "a refused file does not even create the library")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/x.jpg"))
    }

    func testDuplicateIDsWrongTypesAndBadHashesAreNamed() throws {
        try assertRefused(
            try export({ $0["id"] = "abcd0001-0000-0000-0000-000000000000" }, items: 2),
            "item 1 (id \"abcd0001-0000-0000-0000-000000000000\"): entry.id is used twice (also by item 0)")
        try assertRefused(try export { $0["latitude"] = "48.85" }, "not a daybook export: item 0: entry.latitude: expected Double")
        try assertRefused(
            try export {
                $0["content_hash"] = Self.hash.uppercased(); $0["thumbnail"] = nil
            },
            "item 0 (id \"abcd0000-0000-0000-0000-000000000000\"): entry.content_hash: must be a SHA-256: 64 lower-case hex digits")
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path))
    }

    func testMoreOwnTagsThanAJournalFileHoldsAreRefused() throws {
        let file = try export()
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var items = try XCTUnwrap(object["items"] as? [[String: Any]])
        let id = "abcd0000-0000-0000-0000-000000000000"
        items[0]["tags"] = (0...60).map { ["entry_id": id, "name": "tag-\($0)", "source": "user"] }
        object["items"] = items
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        try assertRefused(file, "item 0 (id \"\(id)\"): tags: 61 tags of the person's own; an entry may have at most 60")
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path))
    }

    func testARefusedImportLeavesAnExistingLibraryUnchanged() throws {
        XCTAssertEqual(try daybook("import", try export().path).status, 0)
        let before = (try daybook("list", "--json").stdout, names(library.appendingPathComponent("thumbnails")))
        try assertRefused(
            try export { $0["thumbnail"] = "../../victim.jpg" },
            "item 0 (id \"abcd0000-0000-0000-0000-000000000000\"): entry.thumbnail: must be the entry's content hash plus .jpg (\(Self.hash).jpg), not \"../../victim.jpg\""
        )
        XCTAssertEqual(try daybook("list", "--json").stdout, before.0)
        XCTAssertEqual(names(library.appendingPathComponent("thumbnails")), before.1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: base.appendingPathComponent("victim.jpg").path))
    }

    func testDeleteRemovesTheLinkNotWhatItPointsAt() throws {
        XCTAssertEqual(try daybook("import", try export().path).status, 0)
        let victim = outside.appendingPathComponent("victim")
        try Data("keep me".utf8).write(to: victim)
        let thumbnail = library.appendingPathComponent("thumbnails/\(Self.hash).jpg")
        try FileManager.default.removeItem(at: thumbnail)
        try FileManager.default.createSymbolicLink(atPath: thumbnail.path, withDestinationPath: victim.path)
        let deleted = try daybook("delete", "--yes", "abcd0000")
        XCTAssertEqual(deleted.stdout, "deleted 1 entry\n", deleted.stderr)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep me")
        XCTAssertEqual(names(library.appendingPathComponent("thumbnails")), [])
    }

    func testALinkedThumbnailsFolderGivesOneClearLine() throws {
        XCTAssertEqual(try daybook("import", try export().path).status, 0)
        let thumbnails = library.appendingPathComponent("thumbnails")
        for target in [outside.path, "/nonexistent/daybook-thumbnails"] {
            try FileManager.default.removeItem(at: thumbnails)
            try FileManager.default.createSymbolicLink(atPath: thumbnails.path, withDestinationPath: target)
            for command in [["list"], ["ingest", Repository.sampleSquares.path], ["import", try export().path]] {
                let run = try DaybookProcess.run(command, library: library)
                XCTAssertEqual(run.status, 1, "\(command)")
                XCTAssertEqual(
                    run.stderr,
                    "daybook: error: the thumbnails folder \(thumbnails.path) is a symbolic link (to \(target)); it must be a real folder inside the library\n",
                    "\(command)")
            }
            XCTAssertEqual(names(outside), [], "nothing written through the link")
        }
    }

    func testProcessesCreatingOneLibraryAtOnceAllSucceed() throws {
        for round in 0..<3 {
            let fresh = base.appendingPathComponent("library-\(round)")
            let started = try (0..<5).map { _ in try DaybookProcess.start(["ingest", Repository.sampleSquares.path], library: fresh) }
            for run in started.map({ $0.finish() }) {
                XCTAssertEqual(run.status, 0, "round \(round): \(run.stderr)")
            }
            let list = try DaybookProcess.run(["list", "--json"], library: fresh)
            let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            XCTAssertEqual(entries.count, 10, "each photo once")
            let thumbnails = names(fresh.appendingPathComponent("thumbnails"))
            XCTAssertEqual(Set(thumbnails), Set(entries.compactMap { $0["thumbnail"] as? String }), "no orphan, no temporary, none missing")
        }
    }
}
