import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import XCTest

/// `export html`: the same pages as files, with relative links only, nothing but what the
/// journal holds, and the hostile values escaped as on the server.
final class StaticSiteTests: XCTestCase {
    func testExportWritesEveryPageWithRelativeLinksOnly() throws {
        let fixture = try WebFixture()
        let entries = try fixture.store.entries()
        let gone = try XCTUnwrap(entries.first { $0.sourcePath.hasSuffix("04-sydney-2021-12.jpg") })
        try FileManager.default.removeItem(atPath: gone.sourcePath)
        let folder = fixture.root.appendingPathComponent("site")
        let report = try StaticSite(store: fixture.store, folder: folder).write()
        XCTAssertEqual(report.entries, entries.count)
        XCTAssertEqual(report.previewsMissing, 1)
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: folder.path)).filter { !$0.hasSuffix("/") }
        for entry in entries {
            XCTAssertTrue(files.contains("entries/\(entry.id).html"))
            XCTAssertTrue(files.contains("thumbnails/\(try XCTUnwrap(entry.thumbnailName).fileName)"))
        }
        XCTAssertEqual(files.filter { $0.hasPrefix("previews/") }.count, entries.count - 1)
        for name in ["index.html", "on-this-day.html", "tags.html", "map.html", "places.js", "static/daybook.css", "static/countries.js"] {
            XCTAssertTrue(files.contains(name), name)
        }
        for page in files where page.hasSuffix(".html") {
            let html = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            XCTAssertNil(html.firstMatch(of: /(href|src|action)="\//), "\(page): every link is relative")
            XCTAssertNil(html.firstMatch(of: /<form[^>]*method="post"/), "\(page): read-only")
            XCTAssertFalse(html.contains("<script>") || html.contains("<img src=x"), page)
            // Each relative link names a file of the site (or a section of a page).
            for link in html.matches(of: /(?:href|src)="([^"#?]+)/).map({ String($0.output.1) }) {
                let target = folder.appendingPathComponent(page).deletingLastPathComponent().appendingPathComponent(link)
                    .standardizedFileURL
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: target.path) || link.hasPrefix("vendor/") || link.hasPrefix("../vendor/"),
                    "\(page) links \(link)")
            }
        }
        let hostile = try String(contentsOf: folder.appendingPathComponent("entries/\(try fixture.hostileEntry.id).html"), encoding: .utf8)
        XCTAssertTrue(hostile.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertTrue(hostile.contains("<p>&lt;script&gt;alert(&#39;daybook&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;</p>"))
        let sydney = try String(contentsOf: folder.appendingPathComponent("entries/\(gone.id).html"), encoding: .utf8)
        XCTAssertTrue(sydney.contains("src=\"../thumbnails/\(gone.contentHash).jpg\""), "the thumbnail stands in for the preview")
        let places = try String(contentsOf: folder.appendingPathComponent("places.js"), encoding: .utf8)
        XCTAssertTrue(places.hasPrefix("window.DAYBOOK_PLACES = ["))
        XCTAssertEqual(places.matches(of: #/"id" : /#).count, entries.filter { $0.location != nil }.count)
    }

    func testExportRefusesAFolderThatIsNotEmpty() throws {
        let fixture = try WebFixture()
        let folder = fixture.root.appendingPathComponent("busy")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try StaticSite(store: fixture.store, folder: folder)) { error in
            XCTAssertTrue("\(error)".contains("is not empty"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["notes.txt"])
    }
}
