import DaybookTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `daybook serve --wait-for-journal`, as the systemd unit runs it: started before there is a
/// journal, it waits instead of exiting (which would have systemd restart it in a loop), and
/// serves the journal once `daybook watch` has made it.
final class ServeWaitsForJournalTests: XCTestCase {
    func testServeStartedBeforeTheJournalServesItOnceTheWatcherMadeIt() async throws {
        let root = try TemporaryFolder.make("daybook-serve-waits")
        let library = root.appendingPathComponent("library")
        let inbox = root.appendingPathComponent("import")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let serve = try DaybookChild(
            ["serve", "--wait-for-journal", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        XCTAssertNotNil(serve.waitForLog(#/notice: (no journal at \S+ yet)/#, timeout: 30), serve.log)
        usleep(1_500_000)
        XCTAssertTrue(serve.process.isRunning, "it waits: \(serve.log)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path), "waiting creates nothing")
        XCTAssertEqual(
            serve.log.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" },
            ["notice: no journal at \(library.path) yet: waiting for `daybook ingest FOLDER` or `daybook watch FOLDER` to make one"],
            "one line, however long it waits")

        let watch = try DaybookChild(["watch", inbox.path, "--library", library.path], log: root.appendingPathComponent("watch.log"))
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLog(#/notice: (watching)/#, timeout: 30), watch.log)
        let served = try XCTUnwrap(serve.waitForLog(#/serving \S+ at (http://127\.0\.0\.1:\d+/)/#, timeout: 30), serve.log)
        let page = try await ServeBesideWatchTests.get(try XCTUnwrap(URL(string: String(served))))
        XCTAssertTrue(page.contains("No entries yet"), page)
        XCTAssertEqual(watch.stop(), 0)
        XCTAssertEqual(serve.stop(), 0, "SIGTERM stops serve cleanly")
    }

    func testSIGTERMWhileWaitingStopsCleanlyAndWithoutIt() throws {
        let root = try TemporaryFolder.make("daybook-serve-waits-stop")
        let library = root.appendingPathComponent("library")
        let waiting = try DaybookChild(
            ["serve", "--wait-for-journal", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("waiting.log"))
        XCTAssertNotNil(waiting.waitForLog(#/notice: (no journal)/#, timeout: 30), waiting.log)
        XCTAssertEqual(waiting.stop(), 0, waiting.log)
        XCTAssertEqual(waiting.process.terminationReason, .exit)
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path))

        // Without the option, no journal is still an error at once.
        let plain = try DaybookChild(["serve", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("plain.log"))
        plain.process.waitUntilExit()
        XCTAssertEqual(plain.process.terminationStatus, 1)
        XCTAssertEqual(
            plain.log, "daybook: error: no journal at \(library.path): run `daybook ingest FOLDER` first, or pass --library\n")
    }
}
