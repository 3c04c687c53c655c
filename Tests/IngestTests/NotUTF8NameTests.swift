import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A file whose name is not UTF-8 (Latin-1 `café.jpg` from an old camera card or archive) is
/// reported by its bytes and never opened: read as a Swift string its name would become
/// `caf\u{FFFD}.jpg`, which is another file's name.
final class NotUTF8NameTests: XCTestCase {
    /// Writes `bytes` to `folder`/`name`, where `name` is raw bytes.
    static func create(_ bytes: Data, named name: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    func testANameThatIsNotUTF8IsSkippedAndItsLookalikeIsReadOnce() throws {
        let folder = try Fixtures.temporaryFolder("not-utf8")
        let names = try Array(Fixtures.sampleNames().prefix(2))
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        try Self.create(try Data(contentsOf: Fixtures.samples.appendingPathComponent(names[0])), named: latin1, in: folder)
        // The name the Latin-1 one would become, holding another photo.
        try FileManager.default.copyItem(
            at: Fixtures.samples.appendingPathComponent(names[1]), to: folder.appendingPathComponent("caf\u{FFFD}.jpg"))

        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 1)
        XCTAssertEqual(summary.alreadyInJournal, 0)
        XCTAssertEqual(log.failures, [:])
        let skips = log.events.compactMap { event -> (String, SkipReason)? in
            if case .skipped(let path, let reason) = event { (path, reason) } else { nil }
        }
        XCTAssertEqual(skips.map(\.0), [folder.appendingPathComponent("caf\\xE9.jpg").path])
        XCTAssertEqual(skips.first?.1.kind, .badName)
        XCTAssertEqual(
            skips.first?.1.description,
            "its name is not UTF-8, which Daybook cannot open by name; rename it (for example with `convmv -f latin1 -t utf8`) to read it")
        let entries = try journal.store.entries()
        XCTAssertEqual(entries.map { ($0.sourcePath as NSString).lastPathComponent }, ["caf\u{FFFD}.jpg"])
        let lookalike = try Data(contentsOf: folder.appendingPathComponent("caf\u{FFFD}.jpg"))
        XCTAssertEqual(entries.first?.fileSize, Int64(lookalike.count))
    }

    func testANameGivenThatCameWithReplacementCharactersSaysWhy() throws {
        let folder = try Fixtures.temporaryFolder("not-utf8-named")
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        try Self.create(
            try Data(contentsOf: Fixtures.samples.appendingPathComponent(try Fixtures.sampleNames()[0])), named: latin1, in: folder)
        let journal = try TestJournal()
        let log = EventLog()
        // What the command line hands over for the Latin-1 name.
        try journal.ingest([folder.appendingPathComponent("caf\u{FFFD}.jpg")], log: log)
        XCTAssertEqual(
            log.failures,
            ["caf\u{FFFD}.jpg": "no such file; its name is not UTF-8 (shown with U+FFFD), which Daybook cannot open by name: rename it"])
    }
}
