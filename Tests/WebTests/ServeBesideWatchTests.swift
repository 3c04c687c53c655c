import DaybookIngest
import DaybookSupport
import DaybookTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `daybook serve` and `daybook watch` on one library, as a user runs them: a photo
/// moved into the import folder is on the timeline within two seconds, with no restart.
final class ServeBesideWatchTests: XCTestCase {
    func testAPhotoDroppedInAppearsOnTheTimelineWithinTwoSeconds() async throws {
        let root = try TemporaryFolder.make("daybook-serve-watch")
        let library = root.appendingPathComponent("library")
        let inbox = root.appendingPathComponent("import")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        // watch first: it makes the library, which serve only opens (it creates none).
        let watch = try DaybookChild(["watch", inbox.path, "--library", library.path], log: root.appendingPathComponent("watch.log"))
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLog(#/notice: (watching)/#, timeout: 30), watch.log)
        let serve = try DaybookChild(
            ["serve", "--library", library.path, "--port", "0", "--log-level", "debug"], log: root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let served = try XCTUnwrap(serve.waitForLog(#/serving .* at (http://127\.0\.0\.1:\d+/)/#, timeout: 30), serve.log)
        let base = try XCTUnwrap(URL(string: String(served)))

        let before = try await Self.get(base)
        XCTAssertTrue(before.contains("No entries yet"))
        // Written beside the folder, then moved in whole, as a file manager or rsync does.
        let photo = try Data(contentsOf: Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg"))
        let hash = ContentHash.sha256Hex([UInt8](photo))
        let staging = root.appendingPathComponent("IMG_0001.jpg")
        try photo.write(to: staging)
        let start = ContinuousClock.now
        try FileManager.default.moveItem(at: staging, to: inbox.appendingPathComponent("IMG_0001.jpg"))
        var page = ""
        while ContinuousClock.now - start < .seconds(5) {
            page = try await Self.get(base)
            if page.contains("/thumbnails/\(hash).jpg") { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        let elapsed = ContinuousClock.now - start
        XCTAssertTrue(page.contains("/thumbnails/\(hash).jpg"), "not on the timeline after \(elapsed)\n\(watch.log)")
        XCTAssertLessThan(elapsed, .seconds(2))
        XCTAssertTrue(page.contains("Sunday 14 July 2019"))
        XCTAssertEqual(watch.stop(), 0)
        XCTAssertEqual(serve.stop(), 0, "SIGTERM stops serve cleanly")
        // One debug line per request: the first page, then each poll.
        let requestLines = serve.log.split(separator: "\n").filter { $0.contains("debug: Request") && $0.hasSuffix("hb.request.path=/") }
        XCTAssertGreaterThanOrEqual(requestLines.count, 2, serve.log)
    }

    func testServeRefusesAPublicAddressWithoutAPassword() throws {
        let root = try TemporaryFolder.make("daybook-serve-public")
        let serve = try DaybookChild(
            ["serve", "--library", root.appendingPathComponent("library").path, "--host", "0.0.0.0", "--port", "0"],
            log: root.appendingPathComponent("serve.log"))
        serve.process.waitUntilExit()
        XCTAssertEqual(serve.process.terminationStatus, 1)
        XCTAssertEqual(
            serve.log,
            "daybook: error: refusing to listen on 0.0.0.0 without --password-file: only loopback addresses (127.0.0.1, ::1) may run open\n"
        )
    }

    static func get(_ url: URL) async throws -> String {
        let (data, response) = try await URLSession.shared.data(from: url)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        return String(decoding: data, as: UTF8.self)
    }
}

/// A `daybook` child process whose standard error goes to a file the test reads.
// @unchecked: Foundation's `Process` is not marked Sendable; it is only started, polled and signalled.
final class DaybookChild: @unchecked Sendable {
    let process = Process()
    let logFile: URL

    init(_ arguments: [String], log: URL) throws {
        logFile = log
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = BuildProducts.daybook
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_LIBRARY"] = nil
        environment["DAYBOOK_WEATHER"] = "none"  // no network in tests
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// The first capture of `pattern` once the log has it; nil after `timeout` seconds.
    func waitForLog(_ pattern: Regex<(Substring, Substring)>, timeout: Double) -> Substring? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let match = log.firstMatch(of: pattern) { return match.output.1 }
            usleep(20_000)
        }
        return nil
    }

    /// SIGTERM, then the exit status (SIGKILL after 10 s).
    @discardableResult
    func stop() -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
