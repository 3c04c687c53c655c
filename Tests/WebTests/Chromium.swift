import DaybookTestSupport
import Foundation
import XCTest

/// Debian's headless Chromium, for the tests that load the pages in a real browser; they are
/// skipped only where it is not installed (scripts/setup.sh installs it).
enum Chromium {
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Its path, or the test is skipped.
    static func required() throws -> String {
        guard let path else { throw XCTSkip("chromium is not installed (apt-get install chromium)") }
        return path
    }

    /// The DOM after the page's scripts ran; fails the test on any console message unless
    /// `quiet` is false (a refused page may log its status).
    static func load(
        _ url: String, chromium: String, profile: URL, arguments: [String] = [], quiet: Bool = true, virtualTime: Int = 5000
    ) async throws -> String {
        let folder = try TemporaryFolder.make("daybook-chromium")
        let dom = folder.appendingPathComponent("dom.html")
        let log = folder.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: dom.path, contents: nil)
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=\(virtualTime)", "--window-size=1280,900", "--dump-dom", url,
            ] + arguments
        process.standardOutput = try FileHandle(forWritingTo: dom)
        process.standardError = try FileHandle(forWritingTo: log)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        XCTAssertEqual(process.terminationStatus, 0, url)
        let messages = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").filter { $0.contains(":CONSOLE") }
        if quiet { XCTAssertEqual(messages, [], "\(url): the page logged to its console") }
        return try String(contentsOf: dom, encoding: .utf8)
    }
}
