import DaybookTestSupport
import Foundation
import XCTest

/// `--dry-run` with settings on the command line tries them without saving them.
final class RemindDryRunTests: XCTestCase {
    func testADryRunTriesTheGivenSettingsAndSavesNone() throws {
        let library = try RemindLibrary.make()
        let run = try DaybookProcess.run(
            ["remind", "--dry-run", "--json", "--date", RemindLibrary.day, "--url", "http://nas.local:8080"], library: library)
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let reminder = try XCTUnwrap(object["reminder"] as? [String: Any])
        let link = try XCTUnwrap(reminder["link"] as? String)
        XCTAssertTrue(link.hasPrefix("http://nas.local:8080/on-this-day"), link)
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.appendingPathComponent("remind.json").path), "nothing saved")

        let refused = try DaybookProcess.run(["remind", "--again", "--url", "http://nas.local:8080"], library: library)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("try them unsaved with --dry-run"), refused.stderr)
    }
}
