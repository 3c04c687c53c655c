import DaybookTestSupport
import Foundation
import XCTest

/// `daybook ingest` does not wait for files (only `watch` does): a HEIC cut short, just
/// written or not, is reported at once as truncated, one line naming the file.
final class TruncatedHEICIngestTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try TemporaryFolder.make("daybook-truncated-heic") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testACutHEICIsOneTruncatedLineNamingTheFile() throws {
        let whole = try Data(contentsOf: Repository.root.appendingPathComponent("SampleImages/10-reykjavik-dandelions.heic"))
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Written a moment ago: a file still arriving, to a watcher.
        let cut = photos.appendingPathComponent("IMG_0042.HEIC")
        try whole.prefix(whole.count / 2).write(to: cut)
        let published = photos.appendingPathComponent("truncated.heic")
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("heic-badinputs/truncated.heic"), to: published)
        let library = folder.appendingPathComponent("library")

        let started = Date()
        let run = try DaybookProcess.run(["ingest", photos.path], library: library)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "ingest does not wait for a settle time")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "0 new, 0 already in the journal, 2 failed\n")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init).sorted()
        XCTAssertEqual(lines.count, 2, run.stderr)
        XCTAssertTrue(
            lines[0].hasPrefix(
                "daybook: error: \(cut.path): truncated HEIF file: it ends at byte \(whole.count / 2), inside its 'mdat' box, "
                    + "which declares \(whole.count) (libheif: "), lines[0])
        XCTAssertTrue(
            lines[1].hasPrefix(
                "daybook: error: \(published.path): truncated HEIF file: it ends at byte 3657, inside its 'mdat' box, which declares 3658"),
            lines[1])
    }
}
