import DaybookTestSupport
import Foundation
import XCTest

/// A day with nothing from earlier years: nothing is sent, or, when so set, the entries of
/// one other day, the same one for every run of that day.
final class RemindEmptyDayTests: XCTestCase {
    private func preview(_ library: URL, _ date: String) throws -> [String: Any] {
        let run = try DaybookProcess.run(["remind", "--dry-run", "--json", "--date", date], library: library)
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(object["reminder"] as? [String: Any])
    }

    func testAnEmptyDaySendsNothingOrTheSameRandomMemoryAllDay() throws {
        let library = try RemindLibrary.make()
        XCTAssertEqual(try DaybookProcess.run(["remind", "--desktop", "on"], library: library).status, 0)
        let skipped = try DaybookProcess.run(["remind", "--date", "2026-03-02"], library: library)
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertEqual(skipped.stderr, "daybook: nothing from 2 March in earlier years: no reminder sent\n")
        XCTAssertEqual(skipped.stdout, "")

        XCTAssertEqual(try DaybookProcess.run(["remind", "--when-empty", "random"], library: library).status, 0)
        let memory = try preview(library, "2026-03-02")
        XCTAssertEqual(memory["kind"] as? String, "random-memory")
        let years = try XCTUnwrap(memory["years"] as? [[String: Any]])
        XCTAssertEqual(years.count, 1)
        let entries = try XCTUnwrap(years.first?["entries"] as? [[String: Any]])
        let days = Set(entries.compactMap { ($0["captured_local"] as? String)?.prefix(10) })
        XCTAssertEqual(days.count, 1, "one day's entries: \(entries)")
        let day = try XCTUnwrap(days.first)
        XCTAssertTrue(["2019-07-14", "2021-07-14", "2023-07-14"].contains(String(day)), String(day))
        let subject = try XCTUnwrap(memory["subject"] as? String)
        XCTAssertTrue(subject.hasPrefix("A memory: 14 July "), subject)
        XCTAssertEqual(memory["link"] as? String, nil)
        XCTAssertEqual(try preview(library, "2026-03-02")["subject"] as? String, subject, "the same memory all day")
    }
}
