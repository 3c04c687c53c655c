import DaybookTestSupport
import Foundation
import XCTest

/// What `daybook export` says it did, through the real executable (umask 077, as users run it).
final class ExportReportCLITests: XCTestCase, DaybookCommandLineTest {
    let library = TemporaryFolder.unusedPath("daybook-export-report")

    func testGeoJSONSaysHowManyEntriesHadNoPlace() throws {
        XCTAssertEqual(try daybook("ingest", Repository.sampleSquares.path).status, 0)
        let out = try TemporaryFolder.make("daybook-geojson").appendingPathComponent("places.geojson")
        let run = try daybook("export", "geojson", out.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        // Six of the ten squares carry GPS (README of sample-squares).
        XCTAssertEqual(run.stderr, "daybook: 6 entries with a place written; 4 without a place left out\n")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        XCTAssertEqual((json["features"] as? [Any])?.count, 6)
        let stdout = try daybook("export", "geojson", "-")
        XCTAssertEqual(stdout.stderr, "", "standard output carries only the GeoJSON")
    }

    func testHTMLReportsCopiedPreviewsNamesMissingPhotosAndIsPublishable() throws {
        let photos = try TemporaryFolder.make("daybook-export-photos")
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.sampleSquares.path) where name.hasSuffix(".jpg") {
            try FileManager.default.copyItem(
                at: Repository.sampleSquares.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let removed = ["02-rio-2020-01.jpg", "05-createdate-only-2018-05.jpg", "07-deadsea-2022-06.jpg", "09-night-2023-02.jpg"]
        for name in removed { try FileManager.default.removeItem(at: photos.appendingPathComponent(name)) }
        let site = try TemporaryFolder.make("daybook-export-site").appendingPathComponent("site")

        let run = try daybook("export", "html", site.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("daybook: wrote "), run.stderr)
        XCTAssertTrue(lines[0].contains(" entry pages to \(site.path); copied 6 photo previews"), lines[0])
        XCTAssertEqual(lines[1], "daybook: 4 photos were missing, or changed since ingest (thumbnail shown):")
        XCTAssertEqual(lines.count { $0.hasPrefix("  /") }, 3, "the first few by default")
        XCTAssertEqual(lines.dropLast().last, "  … and 1 more (--verbose names all)")
        XCTAssertEqual(lines.last, "daybook: exported 10 entries")

        let all = try TemporaryFolder.make("daybook-export-site").appendingPathComponent("site")
        let verbose = try daybook("export", "html", "--verbose", all.path)
        let named = verbose.stderr.split(separator: "\n").filter { $0.hasPrefix("  /") }.map { String($0.dropFirst(2)) }
        XCTAssertEqual(Set(named), Set(removed.map { photos.appendingPathComponent($0).path }))

        for path in ["", "index.html", "entries", "previews", "static/daybook.css"] {
            var info = stat()
            XCTAssertEqual(stat(all.appendingPathComponent(path).path, &info), 0, path)
            XCTAssertEqual(
                info.st_mode & 0o777, info.st_mode & S_IFMT == S_IFDIR ? 0o755 : 0o644, "\(path): \(String(info.st_mode & 0o777, radix: 8))"
            )
        }
    }
}
