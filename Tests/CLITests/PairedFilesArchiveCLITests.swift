import DaybookTestSupport
import Foundation
import XCTest

/// An entry's other files (the RAW of a RAW+JPEG pair) through the real `export json` and
/// `import`: a journal moved to a new library keeps its pairs, and an archive's `files` are
/// checked as hostile input like every other field.
final class PairedFilesArchiveCLITests: XCTestCase, DaybookCommandLineTest {
    var base: URL!

    override func setUpWithError() throws { base = try TemporaryFolder.make("daybook-paired-archive") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    /// The library called `name` in the test's folder: a journal moves from one to another.
    func libraryNamed(_ name: String) -> URL { base.appendingPathComponent(name) }
    var library: URL { libraryNamed("first") }

    /// `show --json`'s `files` of the library's one entry, as parsed JSON.
    func files(_ library: String) throws -> NSArray {
        let list = try daybook("list", "--json", library: libraryNamed(library))
        XCTAssertEqual(list.status, 0, list.stderr)
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.count, 1, "one entry for the pair")
        let id = try XCTUnwrap(entries.first?["id"] as? String)
        let show = try daybook("show", "--json", id, library: libraryNamed(library))
        XCTAssertEqual(show.status, 0, show.stderr)
        let details = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(details["files"] as? NSArray)
    }

    func testAPairSurvivesExportAndImport() throws {
        let photos = base.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let raw = Repository.fixtures.appendingPathComponent("raw/canon-350d-preview.dng")
        try FileManager.default.copyItem(at: raw, to: photos.appendingPathComponent("IMG_0001.DNG"))
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent("07-deadsea-2022-06.jpg"), to: photos.appendingPathComponent("IMG_0001.JPG")
        )
        let ingest = try daybook("ingest", photos.path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let before = try files("first")
        let rawBytes = try Data(contentsOf: raw)
        XCTAssertEqual(before.count, 1)
        let file = try XCTUnwrap(before.firstObject as? [String: Any])
        XCTAssertEqual(file["role"] as? String, "raw")
        XCTAssertEqual(file["path"] as? String, photos.appendingPathComponent("IMG_0001.DNG").path)
        XCTAssertEqual((file["file_size"] as? NSNumber)?.intValue, rawBytes.count)
        XCTAssertEqual((file["content_hash"] as? String)?.count, 64)

        let archive = base.appendingPathComponent("journal.json")
        let export = try daybook("export", "json", archive.path)
        XCTAssertEqual(export.status, 0, export.stderr)
        let imported = try daybook("import", archive.path, library: libraryNamed("second"))
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try files("second"), before, "show --json lists the same files after the move")
    }

    static var goodFile: [String: Any] {
        [
            "role": "raw", "path": "/photos/IMG_0001.DNG", "content_hash": String(repeating: "cd", count: 32), "file_size": 10,
        ]
    }

    /// An export as `daybook export json` writes it: one item per list of files, without thumbnails.
    func archive(_ files: [[String: Any]]...) throws -> URL {
        let items = files.enumerated().map { index, files -> [String: Any] in
            let entry: [String: Any] = [
                "id": "abcd000\(index)-0000-0000-0000-000000000000", "content_hash": String(repeating: "a\(index)", count: 32),
                "source_path": "/photos/IMG_000\(index).JPG", "file_size": 1, "orientation": 1, "text": "",
                "weather_status": "unavailable", "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
            ]
            return ["entry": entry, "tags": [], "removed_tags": [], "files": files]
        }
        let url = base.appendingPathComponent("export-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: ["format": 1, "exported_at": "2026-01-01T00:00:00Z", "items": items]).write(to: url)
        return url
    }

    /// Exit 1, one line naming the file and `problem`, and no library made.
    func assertRefused(_ archive: URL, _ problem: String, line: UInt = #line) throws {
        let run = try daybook("import", archive.path, library: libraryNamed("library"))
        XCTAssertEqual(run.status, 1, problem, line: line)
        XCTAssertEqual(run.stdout, "", line: line)
        XCTAssertTrue(run.stderr.hasPrefix("daybook: error: \(archive.path): \(problem)"), run.stderr, line: line)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)", line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: base.appendingPathComponent("library").path), "nothing stored", line: line)
    }

    func testHostileFilesAreRefusedAndNothingIsStored() throws {
        let label = "item 0 (id \"abcd0000-0000-0000-0000-000000000000\")"
        for (change, problem) in [
            (
                { (file: inout [String: Any]) in file["path"] = "../x" },
                "files[0].path: \"../x\" must be an absolute path without empty, '.' or '..' parts"
            ),
            ({ $0["path"] = "/photos/../../etc/passwd" }, "files[0].path: \"/photos/../../etc/passwd\" must be an absolute path"),
            ({ $0["path"] = "/photos//x.dng" }, "files[0].path: \"/photos//x.dng\" must be an absolute path"),
            ({ $0["path"] = "/photos/x\u{0}.dng" }, "files[0].path: contains a NUL character"),
            ({ $0["role"] = "video" }, "files[0].role: \"video\" is not a role this daybook knows (raw, live-photo-video)"),
            ({ $0["content_hash"] = "not-a-hash" }, "files[0].content_hash: must be a SHA-256: 64 lower-case hex digits"),
            ({ $0["content_hash"] = String(repeating: "CD", count: 32) }, "files[0].content_hash: must be a SHA-256"),
            ({ $0["file_size"] = -1 }, "files[0].file_size: -1 is outside 0...1099511627776"),
        ] as [((inout [String: Any]) -> Void, String)] {
            var file = Self.goodFile
            change(&file)
            try assertRefused(try archive([file]), "\(label): \(problem)")
        }
        // A file belongs to one entry at most.
        try assertRefused(
            try archive([Self.goodFile], [Self.goodFile]),
            "item 1 (id \"abcd0001-0000-0000-0000-000000000000\"): files[0].path is used twice (also by item 0)")
        // The same good file is imported: the refusals above are the file's, not the archive's.
        let run = try daybook("import", try archive([Self.goodFile]).path, library: libraryNamed("library"))
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
