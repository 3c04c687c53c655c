import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// A page whose template names a value its model does not have is a 500 that says so, and
/// one line at error level in the server's log naming the value: never an empty page.
final class TemplateErrorRouteTests: XCTestCase {
    func testATemplateErrorIsA500AndALogLine() async throws {
        let fixture = try WebFixture()
        var texts = TemplateLibrary.texts
        texts["timeline"] = try XCTUnwrap(texts["timeline"]).replacingOccurrences(of: "<h1>Timeline</h1>", with: "<h1>{{latitude}}</h1>")
        var journal = try fixture.journal()
        journal.pages.templates = Result { () throws(TemplateError) in try PageTemplates(texts: texts) }
        let lines = LoggedLines()
        var logger = Logger(label: "web-test") { _ in LineHandler(lines: lines) }
        logger.logLevel = .warning
        try await journal.application(logger: logger).test(.router) { client in
            try await client.execute(uri: "/?month=2019-07", method: .get) { response in
                XCTAssertEqual(response.status, .internalServerError)
                XCTAssertEqual(response.text, "This page could not be rendered: the server's log says why.\n")
            }
            try await client.execute(uri: "/tags", method: .get) { response in
                XCTAssertEqual(response.status, .ok, "the other pages")
                XCTAssertTrue(response.text.contains("<h1>Tags</h1>"))
            }
        }
        let logged = lines.all
        XCTAssertEqual(logged.count, 1, "\(logged)")
        XCTAssertEqual(logged.first, "error: page not rendered: template timeline: no value named latitude uri=/?month=2019-07")
    }

    /// A template that does not parse stops the server at start, naming the template.
    func testATemplateThatDoesNotParseIsAnErrorAtStart() throws {
        var texts = TemplateLibrary.texts
        texts["tags"] = "{{#tags}}never closed"
        XCTAssertThrowsError(try PageTemplates(texts: texts)) { XCTAssertTrue("\($0)".hasPrefix("template tags: "), "\($0)") }
        texts["tags"] = nil
        XCTAssertThrowsError(try PageTemplates(texts: texts)) { XCTAssertTrue("\($0)".contains("tags.mustache"), "\($0)") }
        XCTAssertNoThrow(try TemplateLibrary.parsed.get())
    }
}

/// The lines a logger wrote: level, message and metadata.
private final class LoggedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

private struct LineHandler: LogHandler {
    let lines: LoggedLines
    var logLevel = Logger.Level.info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let shown = (event.metadata ?? [:]).filter { !$0.key.hasPrefix("hb.") }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        lines.append((["\(event.level): \(event.message)"] + shown).joined(separator: " "))
    }
}
