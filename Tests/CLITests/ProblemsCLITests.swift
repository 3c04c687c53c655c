import DaybookTestSupport
import Foundation
import XCTest

/// `daybook ingest` and `daybook problems` through the real binary, on ExifTool's
/// QuickTime.mov: a damaged file fails one run, and the runs after it leave it alone.
final class ProblemsCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }
    var movies: URL { folder.appendingPathComponent("movies") }
    static let movie = Repository.fixtures.appendingPathComponent("videos-bad/quicktime_sample.mov")

    override func setUpWithError() throws {
        folder = try temporaryFolder("daybook-problems")
        try FileManager.default.createDirectory(at: movies, withIntermediateDirectories: true)
    }

    func problems() throws -> [[String: Any]] {
        let run = try daybook("problems", "--json")
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    func testADamagedMovieWithItsDateIsAnEntryAndListedAsAProblem() throws {
        try FileManager.default.copyItem(at: Self.movie, to: movies.appendingPathComponent("quicktime_sample.mov"))
        let first = try daybook("ingest", movies.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("1 new (1 video), 0 already in the journal, 0 failed"), first.stdout)
        XCTAssertTrue(
            first.stderr.contains(
                "quicktime_sample.mov: damaged QuickTime movie: its index lists frames, but the file holds no media data"),
            first.stderr)
        XCTAssertFalse(first.stderr.contains("not a JPEG"), first.stderr)
        let listed = try problems()
        XCTAssertEqual(listed.count, 1)
        XCTAssertNotNil(listed.first?["entry_id"] as? String)
        XCTAssertEqual(listed.first?["code"] as? String, "damaged")

        let again = try daybook("ingest", movies.path)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("0 new, 1 already in the journal, 0 failed"), again.stdout)
    }

    func testAFailedMovieFailsOnceThenIsKnownUntilForgotten() throws {
        var bytes = [UInt8](try Data(contentsOf: Self.movie))
        bytes.replaceSubrange(20..<24, with: [0, 0, 0, 0])  // mvhd's creation time: no date left
        let clip = movies.appendingPathComponent("clip.mov")
        try Data(bytes).write(to: clip)
        let reason = "damaged QuickTime movie: its index lists frames, but the file holds no media data (no 'mdat' content)"

        let first = try daybook("ingest", movies.path)
        XCTAssertEqual(first.status, 1, first.stdout)
        XCTAssertTrue(first.stderr.contains("daybook: error: \(clip.path): \(reason)"), first.stderr)

        let second = try daybook("ingest", movies.path)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "0 new, 0 already in the journal, 0 failed\n1 known damaged file (see daybook problems)\n")
        XCTAssertFalse(second.stderr.contains("error"), second.stderr)
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("ingest", "--json", movies.path).stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["known_problems"] as? Int, 1)
        XCTAssertEqual(report["failed"] as? Int, 0)

        let listed = try problems()
        XCTAssertEqual(listed.count, 1)
        let problem = try XCTUnwrap(listed.first)
        XCTAssertEqual(problem["path"] as? String, clip.path)
        XCTAssertEqual(problem["code"] as? String, "damaged")
        XCTAssertEqual(problem["reason"] as? String, reason)
        XCTAssertEqual(problem["file_size"] as? Int, 3871)
        XCTAssertNil(problem["entry_id"] as? String)
        let judgedAt = try XCTUnwrap(problem["judged_at"] as? String)
        XCTAssertNotNil(ISO8601DateFormatter().date(from: judgedAt), judgedAt)
        let text = try daybook("problems")
        XCTAssertEqual(text.stdout, "\(clip.path): \(reason)  judged \(judgedAt)\n")

        // Forgotten, the file is judged again by the next run, and fails again.
        let forgot = try daybook("problems", "--forget", clip.path)
        XCTAssertEqual(forgot.status, 0, forgot.stderr)
        XCTAssertEqual(try daybook("ingest", movies.path).status, 1)
        XCTAssertEqual(try daybook("problems", "--forget", movies.appendingPathComponent("none.mov").path).status, 1)
        XCTAssertEqual(try daybook("problems", "--forget-all").stdout, "forgot 1 judgement; the next run reads those files again\n")
        XCTAssertEqual(try problems().count, 0)
        XCTAssertTrue(try daybook("problems", "--help").stdout.contains("--forget <path>"))
    }
}
