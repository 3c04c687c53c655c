import DaybookCore
import DaybookPlaces
import DaybookPresentation
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// `export markdown` on an entry whose every outside field is markup: the files, rendered by
/// a CommonMark renderer (cmark), hold no live tag, link or heading from those fields.
final class MarkdownExportSafetyTests: XCTestCase {
    static let script = "<img src=x onerror=alert(1)>"

    func testHostileFieldsRenderAsText() throws {
        let folder = try temporaryFolder("daybook-markdown-safety")
        let store = try JournalStore(library: Library(root: folder.appendingPathComponent("library")))
        let entry = JournalEntry(
            id: "abcd0001-0000-0000-0000-000000000000", contentHash: "h1",
            sourcePath: "/photos/[x](javascript:alert(3))\n# FORGED <b>bold</b>.jpg", fileSize: 1,
            capture: CaptureTime(local: try XCTUnwrap(LocalDateTime(exif: "2024:03:05 10:00:00")), source: .dateTimeOriginal),
            location: GeoLocation(latitude: 48.85, longitude: 2.35), cameraMake: Self.script,
            cameraModel: "</sub><script>alert(2)</script>",
            pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        try store.insert(entry)
        _ = try store.updatePlaces(version: "test", limit: 10) { entry in
            entry.place = NamedPlace(
                name: "<iframe src=//evil>", region: "**region**", country: "<svg onload=alert(4)>", countryCode: "FR",
                distanceKm: 1, timeZone: nil, dataVersion: "test")
        }
        try store.edit(entryID: entry.id, text: "# Heading?\n- list?\n1. ordered?\n<a href=\"javascript:alert(5)\">x</a> ![i](x)")
        _ = try store.editTags(entryID: entry.id, add: ["__bold__"], remove: [])

        let output = folder.appendingPathComponent("md")
        let files = try JournalExport.markdown(try store.journalItems(), store: store, to: output)
        XCTAssertEqual(files.map(\.lastPathComponent).sorted(), ["2024-03.md", "places.md"])
        for file in files {
            let markdown = try String(contentsOf: file, encoding: .utf8)
            for raw in ["<img", "<script", "<iframe", "<svg", "<a ", "<b>", "](javascript"] {
                XCTAssertFalse(markdown.contains(raw), "\(raw) in \(file.lastPathComponent):\n\(markdown)")
            }
            guard let html = try Self.commonMark(markdown) else { continue }
            // The only tags in the HTML are the ones the export writes and cmark makes.
            let tags = Set(
                try NSRegularExpression(pattern: "</?([a-zA-Z0-9]+)").matches(in: html, range: NSRange(html.startIndex..., in: html))
                    .map { String(html[Range($0.range(at: 1), in: html)!]) })
            XCTAssertTrue(tags.isSubset(of: ["h1", "h2", "h3", "p", "sub", "ul", "li", "a"]), "\(tags) in\n\(html)")
            XCTAssertFalse(html.contains("href=\"javascript"), html)
            XCTAssertFalse(html.contains("<strong>") || html.contains("<em>"), html)
            if file.lastPathComponent == "2024-03.md" {
                XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"), html)
                XCTAssertTrue(html.contains("<p># Heading?\n- list?\n1. ordered?\n"), html)
                XCTAssertTrue(html.contains("#__bold__"), html)
                XCTAssertEqual(html.components(separatedBy: "<h2>").count, 2, "one entry heading: \(html)")
            }
        }
    }

    /// `markdown` rendered by cmark (Debian's `cmark`), raw HTML allowed, as a reader's viewer
    /// would; nil when cmark is not installed (the byte checks above still run).
    static func commonMark(_ markdown: String) throws -> String? {
        let cmark = URL(fileURLWithPath: "/usr/bin/cmark")
        guard FileManager.default.isExecutableFile(atPath: cmark.path) else { return nil }
        let process = Process()
        process.executableURL = cmark
        process.arguments = ["--unsafe"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let html = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: html, as: UTF8.self)
    }
}
