import DaybookTestSupport
import Foundation
import XCTest

/// The journey's last step: the user writes an entry of words alone beside the running server,
/// and finds it wherever entries are found.
extension JourneyPages {
    /// `daybook write` on `library`, dated on the day the Nikon photos share (22 October); then
    /// `list`, `search`, `on-this-day` and `export json` and `export markdown` have it, and the
    /// served timeline shows its title as a tile with no picture, its page no figure.
    func checkWrittenEntry(library: URL, in root: URL) throws {
        let title = "Evening walk <after> the rain"
        let written = try DaybookProcess.run(
            ["write", "--library", library.path, "--text", "\(title)\nNo photos today.", "--date", "2008-10-22 21:00", "--tag", "walk"],
            library: library)
        XCTAssertEqual(written.status, 0, written.stderr)
        let match = try XCTUnwrap(written.stdout.firstMatch(of: /^([0-9a-f]{8}) written to (\S+\.md)$/.anchorsMatchLineEndings()))
        let short = String(match.output.1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: String(match.output.2)), written.stdout)

        func ids(_ arguments: [String]) throws -> [String] {
            let run = try DaybookProcess.run(arguments + ["--json", "--library", library.path], library: library)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], run.stdout)
            return entries.compactMap { $0["id"] as? String }
        }
        let listed = try DaybookProcess.list(library: library).filter { $0.media == "text" }
        XCTAssertEqual(listed.map { String($0.id.prefix(8)) }, [short], "list has the written entry, as text")
        let id = try XCTUnwrap(listed.first?.id)
        XCTAssertEqual(try ids(["search", "rain"]), [id])
        XCTAssertTrue(try ids(["search", "--tag", "walk"]).contains(id))
        XCTAssertTrue(try ids(["on-this-day", "--date", "10-22"]).contains(id))

        let export = try DaybookProcess.run(["export", "json", "-", "--library", library.path], library: library)
        XCTAssertTrue(export.stdout.contains("\"content_hash\" : \"text:\(id)\""), "export json carries it")
        let markdown = root.appendingPathComponent("markdown")
        let exported = try DaybookProcess.run(["export", "markdown", markdown.path, "--library", library.path], library: library)
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let october = try String(contentsOf: markdown.appendingPathComponent("2008-10.md"), encoding: .utf8)
        XCTAssertTrue(october.contains("<sub>journal/2008/10/2008-10-22-\(short).md · id \(id)</sub>"), october)

        try browser.open(base + "/")
        let query = "document.querySelector('li.tile[data-id=\"\(id)\"] .noimage')?.textContent ?? 'no tile'"
        let tile = try browser.evaluate(query) as? String
        XCTAssertEqual(tile, title, "the timeline shows the title, as text")
        try browser.open(base + "/entries/\(id)")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('figure, img').length") as? Int, 0, "words alone, no picture")
        let text = try browser.evaluate("document.querySelector('[data-field=text]').value ?? ''") as? String
        XCTAssertEqual(text, "\(title)\nNo photos today.")
        XCTAssertEqual(try browser.takeProblems(), [], "the pages of the written entry")
    }
}
