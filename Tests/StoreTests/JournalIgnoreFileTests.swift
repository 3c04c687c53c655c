import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// `journal/.stignore` keeps the writer's temporary names on this device: written with the
/// journal folder, completed on open, and a person's own lines never lost.
final class JournalIgnoreFileTests: XCTestCase {
    var root: URL!
    var journal: URL { root.appendingPathComponent("journal") }
    var ignoreFile: URL { journal.appendingPathComponent(".stignore") }

    override func setUpWithError() throws { root = try temporaryFolder("daybook-stignore") }

    func ignoreText() throws -> String { try String(contentsOf: ignoreFile, encoding: .utf8) }

    func testTheFirstEntryMakesTheFolderWithItsIgnoreFile() throws {
        let store = try JournalStore(library: Library(root: root))
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal.path), "an open alone makes no journal folder")
        _ = try store.write(NewTextEntry(text: "Words", date: LocalDateTime(year: 2026, month: 11, day: 29, hour: 9, minute: 0, second: 0)))
        let text = try ignoreText()
        XCTAssertTrue(text.split(separator: "\n").contains("(?d).*.tmp"), text)
        XCTAssertTrue(text.hasPrefix("// Daybook writes"), text)
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: ignoreFile.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o077, 0, "private, as every file of the library")
    }

    /// The pattern must match the names `AtomicFile` really writes (and no journal file):
    /// Syncthing's `*` is any run of characters but `/`, `?d` a prefix.
    func testThePatternMatchesTheTemporaryNamesAndNoJournalFile() throws {
        let pattern = String(JournalIgnoreFile.pattern.dropFirst("(?d)".count))
        XCTAssertEqual(fnmatch(pattern, ".2026-11-29-3f2a9c1e.md.0a1b2c3d.tmp", 0), 0)
        XCTAssertEqual(fnmatch(pattern, ".stignore.0a1b2c3d.tmp", 0), 0)
        XCTAssertNotEqual(fnmatch(pattern, "2026-11-29-3f2a9c1e.md", 0), 0)
        XCTAssertNotEqual(fnmatch(pattern, "2026-11-29-3f2a9c1e.sync-conflict-20261129-123456-ABCDEFG.md", 0), 0)
    }

    func testAFolderThatArrivedBySyncGetsItsIgnoreFileOnOpen() throws {
        try FileManager.default.createDirectory(at: journal.appendingPathComponent("2026/11"), withIntermediateDirectories: true)
        _ = try JournalStore(library: Library(root: root))
        XCTAssertEqual(try ignoreText(), JournalIgnoreFile.block)
        _ = try JournalStore(library: Library(root: root))
        XCTAssertEqual(try ignoreText(), JournalIgnoreFile.block, "a second open changes nothing")
    }

    func testAPersonsIgnoreFileKeepsEveryByteAndGainsThePatternOnce() throws {
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        let theirs = "// mine\n*.draft\n!important.tmp"
        try Data(theirs.utf8).write(to: ignoreFile)
        _ = try JournalStore(library: Library(root: root))
        XCTAssertEqual(try ignoreText(), theirs + "\n" + JournalIgnoreFile.block)
        _ = try JournalStore(library: Library(root: root))
        XCTAssertEqual(try ignoreText(), theirs + "\n" + JournalIgnoreFile.block)

        let already = "  (?d).*.tmp  \n*.draft\n"
        try Data(already.utf8).write(to: ignoreFile)
        _ = try JournalStore(library: Library(root: root))
        XCTAssertEqual(try ignoreText(), already, "a file that has the pattern is left as it is")
    }

    func testALinkedIgnoreFileIsLeftAlone() throws {
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        let elsewhere = root.appendingPathComponent("shared-ignores")
        try Data("*.draft\n".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: ignoreFile, withDestinationURL: elsewhere)
        _ = try JournalStore(library: Library(root: root))
        XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "*.draft\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: ignoreFile.path), elsewhere.path)
    }
}
