import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// A burst on the web journal (Tests/Fixtures/stacks): the timeline shows it once with its
/// count, its entry page shows every frame, and the cover and split forms work only with the
/// page's CSRF token, like the other edit forms.
final class StackPageTests: XCTestCase {
    func testTimelineCountFramesCoverAndSplit() async throws {
        let root = try TemporaryFolder.make("daybook-stack-page")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg", "different-shot.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: photos.appendingPathComponent(name))
        }
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        _ = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
        let byName = Dictionary(uniqueKeysWithValues: try store.entries().map { (($0.sourcePath as NSString).lastPathComponent, $0.id) })
        let (first, last) = (try XCTUnwrap(byName["burst-1.jpg"]), try XCTUnwrap(byName["burst-3.jpg"]))

        let journal = try WebJournal(store: store, configuration: WebConfiguration())
        let issued = try await journal.pageToken()
        let token = try XCTUnwrap(issued)
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            let timeline = try await client.execute(uri: "/", method: .get) { $0.text }
            XCTAssertEqual(timeline.components(separatedBy: #"<li class="tile""#).count - 1, 2, "the burst once, the other shot")
            XCTAssertTrue(timeline.contains(#"data-id="\#(first)""#))
            XCTAssertFalse(timeline.contains(#"data-id="\#(last)""#))
            XCTAssertEqual(timeline.components(separatedBy: #"<div class="stack">3 photos</div>"#).count - 1, 1, timeline)

            let page = try await client.execute(uri: "/entries/\(last)", method: .get) { $0.text }
            XCTAssertTrue(page.contains("3 photos of one burst"), page)
            for id in byName.filter({ $0.key.hasPrefix("burst") }).values { XCTAssertTrue(page.contains(#"href="/entries/\#(id)""#)) }
            XCTAssertTrue(page.contains(#"action="/entries/\#(last)/stack/cover""#))

            // Without the token: refused, nothing changes.
            let refused = try await client.execute(
                uri: "/entries/\(last)/stack/cover", method: .post, headers: formHeaders, body: formBody([("csrf", "wrong")])
            ) { $0.status }
            XCTAssertEqual(refused, .forbidden)
            XCTAssertEqual(try store.entryStack(entryID: last)?.coverID, first)

            let picked = try await client.execute(
                uri: "/entries/\(last)/stack/cover", method: .post, headers: formHeaders, body: formBody([("csrf", token)])
            ) { $0.status }
            XCTAssertEqual(picked, .seeOther)
            XCTAssertEqual(try store.entryStack(entryID: first)?.coverID, last)
            let afterCover = try await client.execute(uri: "/", method: .get) { $0.text }
            XCTAssertTrue(afterCover.contains(#"data-id="\#(last)""#))
            XCTAssertFalse(afterCover.contains(#"data-id="\#(first)""#))

            let split = try await client.execute(
                uri: "/entries/\(last)/stack/split", method: .post, headers: formHeaders, body: formBody([("csrf", token)])
            ) { $0.status }
            XCTAssertEqual(split, .seeOther)
            let afterSplit = try await client.execute(uri: "/", method: .get) { $0.text }
            XCTAssertEqual(afterSplit.components(separatedBy: #"<li class="tile""#).count - 1, 4)
            XCTAssertFalse(afterSplit.contains(#"class="stack""#))
        }
    }

    /// `export html`: the static timeline shows the burst once with its count, and every frame
    /// still has its own page, linked from the cover's.
    func testTheStaticSiteShowsTheStackOnceAndEveryFramesPage() throws {
        let root = try TemporaryFolder.make("daybook-stack-site")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg", "different-shot.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: photos.appendingPathComponent(name))
        }
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        _ = try Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
        let byName = Dictionary(uniqueKeysWithValues: try store.entries().map { (($0.sourcePath as NSString).lastPathComponent, $0.id) })
        let site = root.appendingPathComponent("site")
        let report = try StaticSite(store: store, folder: site).write()
        XCTAssertEqual(report.entries, 4)
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertEqual(index.components(separatedBy: #"<li class="tile""#).count - 1, 2, "the burst once, the other shot")
        XCTAssertTrue(index.contains("3 photos"))
        let cover = try String(contentsOf: site.appendingPathComponent("entries/\(byName["burst-1.jpg"]!).html"), encoding: .utf8)
        for name in ["burst-2.jpg", "burst-3.jpg"] {
            let id = try XCTUnwrap(byName[name])
            XCTAssertTrue(cover.contains("\(id).html"), "the cover's page links \(name)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("entries/\(id).html").path))
        }
        XCTAssertFalse(cover.contains("/stack/split"), "no forms in a static site")
    }
}
