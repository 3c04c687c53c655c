import DaybookTestSupport
import Foundation
import XCTest

/// What `daybook ingest` says of a RAW beside its JPEG, through the real binary: the summary
/// line, `--verbose`'s line per RAW and `--json`'s `raws_paired` and `raw_files`.
final class RAWPairReportCLITests: XCTestCase {
    var base: URL!

    override func setUpWithError() throws { base = try TemporaryFolder.make("daybook-raw-report") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func testTheSummaryVerboseAndJSONSayThePairWasMade() throws {
        let photos = base.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("raw/canon-350d-preview.dng"), to: photos.appendingPathComponent("IMG_0001.Cr2"))
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent("07-deadsea-2022-06.jpg"), to: photos.appendingPathComponent("IMG_0001.jpg")
        )
        let raw = photos.appendingPathComponent("IMG_0001.Cr2").path

        let json = try DaybookProcess.run(["ingest", "--json", "--verbose", photos.path], library: base.appendingPathComponent("library"))
        XCTAssertEqual(json.status, 0, json.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["new"] as? Int, 1)
        XCTAssertEqual(report["skipped"] as? Int, 0)
        XCTAssertEqual(report["raws_paired"] as? Int, 1)
        XCTAssertEqual(report["raws_waiting"] as? Int, 0)
        let id = try XCTUnwrap(((report["created"] as? [[String: Any]])?.first)?["id"] as? String)
        let files = try XCTUnwrap(report["raw_files"] as? [[String: Any]])
        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(files.first?["path"] as? String, raw)
        XCTAssertEqual(files.first?["photo"] as? String, photos.appendingPathComponent("IMG_0001.jpg").path)
        XCTAssertEqual(files.first?["status"] as? String, "paired")
        XCTAssertEqual(files.first?["entry_id"] as? String, id)
        XCTAssertTrue(json.stderr.contains("daybook: \(raw): paired with IMG_0001.jpg (entry \(id.prefix(8)))"), json.stderr)
        XCTAssertTrue(
            json.stderr.hasSuffix("1 new, 0 already in the journal, 0 failed, 1 RAW file paired with its photo\n"), json.stderr)

        let again = try DaybookProcess.run(["ingest", "--json", photos.path], library: base.appendingPathComponent("library"))
        let second = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(second["already_in_journal"] as? Int, 2)
        XCTAssertEqual((second["raw_files"] as? [[String: Any]])?.first?["status"] as? String, "already-paired")
    }
}
