import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// The compare-and-set of a text save, in the store that the web and the CLI share.
final class TextVersionTests: XCTestCase {
    var store: JournalStore!
    let id = "aaaa0001"

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-text-version")))
        let entry = JournalEntry(
            id: id, contentHash: id, sourcePath: "/p/\(id).jpg", fileSize: 1, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        try store.insert(entry, autoTags: [], taggerVersion: 1)
        try store.edit(entryID: id, text: "Start")
    }

    func text() throws -> String? { try store.entry(id: id)?.text }

    func testASaveOverAnotherTextIsRefusedAndChangesNothing() throws {
        let start = TextVersion(of: "Start")
        XCTAssertEqual(try store.entry(id: id)?.textVersion, start)
        try store.edit(entryID: id, text: "Other")
        XCTAssertThrowsError(try store.edit(entryID: id, text: "Mine", basedOn: start)) { error in
            XCTAssertEqual(
                error as? EditConflict,
                EditConflict(entryID: id, currentText: "Other", currentVersion: TextVersion(of: "Other"), submittedText: "Mine"))
        }
        XCTAssertEqual(try text(), "Other")
        // A save over the version it names goes through, and so does one with no version.
        try store.edit(entryID: id, text: "Mine", basedOn: TextVersion(of: "Other"))
        XCTAssertEqual(try text(), "Mine")
        try store.edit(entryID: id, text: "Anyway")
        XCTAssertEqual(try text(), "Anyway")
    }

    func testTagsAndDatesElsewhereDoNotBlockATextSave() throws {
        let start = try XCTUnwrap(try store.entry(id: id)).textVersion
        let updated = try XCTUnwrap(try store.entry(id: id)).updatedAt
        try store.editTags(entryID: id, add: ["harbour"], remove: [])
        try store.edit(entryID: id, capturedAt: LocalDateTime(exif: "2020:01:02 03:04:05"))
        try store.edit(entryID: id, text: "Mine", basedOn: start)
        let entry = try XCTUnwrap(try store.entry(id: id))
        XCTAssertEqual(entry.text, "Mine")
        XCTAssertEqual(entry.capturedLocal, LocalDateTime(exif: "2020:01:02 03:04:05"))
        XCTAssertEqual(try store.tags(entryID: id).map(\.name), ["harbour"])
        // All within this second: updated_at could not have told these saves apart.
        XCTAssertEqual(String(entry.updatedAt.prefix(16)), String(updated.prefix(16)))
    }

    func testTheVersionIsSixteenHexDigitsAndOnlyThoseAreRead() throws {
        XCTAssertEqual(TextVersion(of: "").description, "e3b0c44298fc1c14", "SHA-256 of nothing, first 8 bytes")
        XCTAssertNotEqual(TextVersion(of: "a"), TextVersion(of: "a "))
        XCTAssertEqual(TextVersion("e3b0c44298fc1c14"), TextVersion(of: ""))
        for bad in ["", "E3B0C44298FC1C14", "e3b0c44298fc1c1", "e3b0c44298fc1c14 ", "zzzzzzzzzzzzzzzz", "e3b0c44298fc1c14e"] {
            XCTAssertNil(TextVersion(bad), bad)
        }
    }

    func testATextOverTheLimitIsRefused() throws {
        let most = String(repeating: "日", count: JournalEntry.maximumTextBytes / 3)
        try store.edit(entryID: id, text: most)
        XCTAssertThrowsError(try store.edit(entryID: id, text: most + "abcd")) { error in
            XCTAssertEqual((error as? StoreError)?.code, .textTooLong)
            XCTAssertEqual(
                "\(error)", "the text is 1048579 bytes; an entry's text may be at most 1048576 bytes (1 MiB) of UTF-8")
        }
        XCTAssertEqual(try text(), most)
    }
}
