import DaybookTestSupport
import Foundation
import XCTest

/// A motion photo through the real `daybook`: `show` names its clip, `show --json` and
/// `list --json` give `"motion"`, and `export json` / `import` carry it to a new library.
final class MotionCLITests: XCTestCase, DaybookCommandLineTest {
    var base: URL!

    override func setUpWithError() throws { base = try TemporaryFolder.make("daybook-motion-cli") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    /// The library called `name` in the test's folder: a journal moves from one to another.
    func libraryNamed(_ name: String) -> URL { base.appendingPathComponent(name) }
    var library: URL { libraryNamed("first") }

    /// The one entry's id and its `show --json` document.
    func shown(_ library: String) throws -> (id: String, json: [String: Any]) {
        let list = try daybook("list", "--json", library: libraryNamed(library))
        XCTAssertEqual(list.status, 0, list.stderr)
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.count, 1)
        let id = try XCTUnwrap(entries.first?["id"] as? String)
        let show = try daybook("show", "--json", id, library: libraryNamed(library))
        XCTAssertEqual(show.status, 0, show.stderr)
        return (id, try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]))
    }

    func testMotionPhotoInShowJSONAndThroughExportImport() throws {
        let photo = Repository.fixtures.appendingPathComponent("motion/google-motion.jpg")
        let ingest = try daybook("ingest", photo.path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        XCTAssertFalse(ingest.stderr.contains("warning"), ingest.stderr)

        let (id, json) = try shown("first")
        let motion = try XCTUnwrap(json["motion"] as? [String: Any], "\(json)")
        XCTAssertEqual(motion["source"] as? String, "motion-photo")
        XCTAssertEqual((motion["offset"] as? NSNumber)?.intValue, 1722)
        XCTAssertEqual((motion["length"] as? NSNumber)?.intValue, 2823)
        XCTAssertNil(motion["path"])

        let text = try daybook("show", id)
        XCTAssertTrue(text.stdout.contains("motion       motion photo: 2.8 kB clip"), text.stdout)

        let archive = base.appendingPathComponent("journal.json")
        XCTAssertEqual(try daybook("export", "json", archive.path).status, 0)
        let imported = try daybook("import", archive.path, library: libraryNamed("second"))
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try shown("second").json["motion"] as? NSDictionary, motion as NSDictionary)
    }

    func testPlainPhotoHasNoMotionField() throws {
        let ingest = try daybook(
            "ingest", Repository.sampleSquares.appendingPathComponent("07-deadsea-2022-06.jpg").path, library: libraryNamed("plain"))
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        XCTAssertNil(try shown("plain").json["motion"])
    }

    /// A Live Photo's motion and its movie file are in `list --json` as in `show --json`
    /// (the list reads its entries' files in one query).
    func testLivePhotoMotionInListJSON() throws {
        let folder = base.appendingPathComponent("live")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["IMG_0001.JPG", "IMG_0001.MOV"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("motion/live/\(name)"), to: folder.appendingPathComponent(name))
        }
        let ingest = try daybook("ingest", folder.path, library: libraryNamed("pair"))
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let list = try daybook("list", "--json", library: libraryNamed("pair"))
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.count, 1, list.stdout)
        let movie = folder.appendingPathComponent("IMG_0001.MOV").path
        let motion = try XCTUnwrap(entries[0]["motion"] as? [String: Any], "\(entries[0])")
        XCTAssertEqual(motion["source"] as? String, "live-photo")
        XCTAssertEqual(motion["path"] as? String, movie)
        let files = try XCTUnwrap(entries[0]["files"] as? [[String: Any]])
        XCTAssertEqual(files.map { $0["role"] as? String }, ["live-photo-video"])
        let id = try XCTUnwrap(entries[0]["id"] as? String)
        let show = try daybook("show", "--json", id, library: libraryNamed("pair"))
        let shown = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(shown["motion"] as? NSDictionary, motion as NSDictionary)

        // The file's role is its whole label, and every value starts in the same column.
        let text = try daybook("show", id, library: libraryNamed("pair"))
        XCTAssertEqual(text.status, 0, text.stderr)
        let rows = text.stdout.split(separator: "\n")
        XCTAssertTrue(rows.contains("live-photo-video \(movie)"), text.stdout)
        XCTAssertTrue(rows.contains { $0.hasPrefix("id               \(id)") }, text.stdout)
    }
}
