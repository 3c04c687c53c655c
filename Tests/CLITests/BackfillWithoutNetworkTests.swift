import DaybookTestSupport
import Foundation
import XCTest

/// `backfill-weather` on a machine without network. The archive's address
/// is a port on 127.0.0.1 where nothing listens, so every connection is refused the way an
/// unreachable host's is.
final class BackfillWithoutNetworkTests: XCTestCase {
    var library: URL!

    override func setUpWithError() throws { library = try TemporaryFolder.make("daybook-offline") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: library) }

    /// One line, naming what works instead of the command that just failed; the entries
    /// without a place are counted in it, not listed one line each.
    func testNoNetworkIsOneLineThatNamesAWayForward() throws {
        XCTAssertEqual(try DaybookProcess.run(["ingest", Repository.sampleSquares.path], library: library).status, 0)
        let run = try DaybookProcess.run(["backfill-weather", "--weather", "open-meteo:http://127.0.0.1:1"], library: library)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(
            run.stderr,
            "daybook: error: no network (cannot reach 127.0.0.1): weather for 6 entries is still pending "
                + "(4 more without a place or date never will); try again once the network is back, "
                + "or fill it from downloaded observations with --weather file:PATH (CSV or JSON)\n")
        XCTAssertFalse(run.stderr.contains("backfill-weather"), "not the advice to run the command that just failed")

        // The entries that never get weather are listed where the plan is shown.
        let plan = try DaybookProcess.run(["backfill-weather", "--dry-run"], library: library)
        XCTAssertEqual(plan.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("no weather for ") }.count, 4, plan.stdout)
    }
}
