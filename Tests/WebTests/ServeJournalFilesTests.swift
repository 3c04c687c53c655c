import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `daybook serve` keeps its index in step with the journal folder: a journal file
/// another device (or a hand edit) writes is on the entry's page within a bounded wait.
final class ServeJournalFilesTests: XCTestCase {
    func testAJournalFileWrittenByHandIsServedAndFollowsItsEdits() async throws {
        let root = try TemporaryFolder.make("daybook-serve-journal")
        let library = root.appendingPathComponent("library")
        _ = try JournalStore(library: Library(root: library))
        let serve = try DaybookChild(["serve", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let served = try XCTUnwrap(serve.waitForLog(#/serving .* at (http://127\.0\.0\.1:\d+/)/#, timeout: 30), serve.log)
        let base = try XCTUnwrap(URL(string: String(served)))

        let id = "3f2a9c1e-5b7d-4e0a-9a61-0c2b3d4e5f60"
        var file = JournalFile(
            id: id, date: LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 56, second: 58)!,
            created: "2026-11-29T09:56:58Z", text: "Lunch by the river")
        let url = file.path.url(in: Library(root: library))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.serialized().write(to: url)
        let page = base.appendingPathComponent("entries/\(id)")
        let shown = try await Self.waitForPage(page, containing: "Lunch by the river", timeout: 10)
        XCTAssertTrue(shown, serve.log)

        file.text = "Dinner by the river"
        try file.serialized().write(to: url)
        let edited = try await Self.waitForPage(page, containing: "Dinner by the river", timeout: 10)
        XCTAssertTrue(edited, serve.log)
        XCTAssertEqual(serve.stop(), 0, serve.log)
    }

    /// Polls `url` until its page holds `text`, for at most `timeout` seconds.
    static func waitForPage(_ url: URL, containing text: String, timeout: Double) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            let (data, _) = try await URLSession.shared.data(from: url)
            if String(decoding: data, as: UTF8.self).contains(text) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
