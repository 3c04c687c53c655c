import DaybookTestSupport
import Foundation
import XCTest

/// A date from another year shows its year wherever entries are listed without month
/// sections to say it: without it, "Wed 22 Oct 16:44" in `latest` would read as this year's.
final class YearInDatesTests: XCTestCase {
    var library: URL!

    override func setUpWithError() throws { library = try TemporaryFolder.make("daybook-years") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: library) }

    func testAnEntryFromAnotherYearShowsItsYear() throws {
        let photo = Repository.fixtures.appendingPathComponent("corpus/jpg/gps/DSCN0012.jpg")
        XCTAssertEqual(try DaybookProcess.run(["ingest", photo.path], library: library).status, 0)
        // DateTimeOriginal 2008:10:22 16:29:49, a Wednesday.
        let latest = try DaybookProcess.run(["latest"], library: library)
        XCTAssertEqual(latest.status, 0, latest.stderr)
        XCTAssertTrue(latest.stdout.contains("  Wed 22 Oct 2008 16:29  Arezzo, Italy"), latest.stdout)
        let near = try DaybookProcess.run(["search", "--near", "43.46,11.88"], library: library)
        XCTAssertEqual(near.status, 0, near.stderr)
        XCTAssertTrue(near.stdout.hasPrefix("Nearest first\n  Wed 22 Oct 2008 16:29  Arezzo, Italy"), near.stdout)
    }
}
