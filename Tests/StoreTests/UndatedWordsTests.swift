import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A photo entry with no date has no journal file (its path is its date), so words, tags or
/// choices given to it would live in the index alone, and a rebuild would lose them: they are
/// refused until it has a date, which may come with them in the same change.
final class UndatedWordsTests: XCTestCase {
    var store: JournalStore!
    var photo: JournalEntry!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-undated-words")))
        photo = JournalEntry(
            contentHash: String(repeating: "9", count: 64), sourcePath: "/photos/screenshot.png", fileSize: 10, pixelSize: (640, 480),
            thumbnail: nil, thumbnailSize: nil, problems: [])
        try store.save(photo, sourceTruncated: false, autoTags: [AutoTag(name: "grey", score: 0.9)], taggerVersion: 1)
        XCTAssertNil(try store.entry(id: photo.id)?.capturedLocal)
    }

    func refusal(_ change: () throws -> Void) -> StoreError? {
        do {
            try change()
            return nil
        } catch {
            return error as? StoreError
        }
    }

    func testWordsTagsAndRemovedTagsAreRefusedAndNothingChanges() throws {
        let words = refusal { try store.edit(entryID: photo.id, text: "A screenshot of the map") }
        XCTAssertEqual(words?.code, .undated)
        XCTAssertEqual(
            words?.description,
            "entry \(photo.shortID) has no date, so no journal file can keep its words, tags or choices: give it a date first "
                + "(daybook edit \(photo.shortID) --date \"YYYY-MM-DD HH:MM\", which may go with the change)")
        XCTAssertEqual(refusal { try store.editTags(entryID: photo.id, add: ["maps"], remove: []) }?.code, .undated)
        XCTAssertEqual(refusal { try store.editTags(entryID: photo.id, add: [], remove: ["grey"]) }?.code, .undated)
        XCTAssertEqual(try store.entry(id: photo.id)?.text, "")
        XCTAssertEqual(try store.tags(entryID: photo.id).map(\.name), ["grey"])
    }

    func testADateGivenWithTheWordsGivesThemTheirFile() throws {
        let date = LocalDateTime(year: 2024, month: 5, day: 6, hour: 12, minute: 0, second: 0)!
        try store.edit(entryID: photo.id, text: "A screenshot of the map", capturedAt: date)
        let file = try XCTUnwrap(try store.journalFile(entryID: photo.id))
        let path = JournalFilePath(id: photo.id, date: date)
        XCTAssertEqual(try JournalFileParser.parse(try Data(contentsOf: path.url(in: store.library))), file)
        XCTAssertEqual(file.text, "A screenshot of the map")
        XCTAssertTrue(file.dateSetByHand)
        try store.editTags(entryID: photo.id, add: ["maps"], remove: [])
        XCTAssertEqual(try JournalFileParser.parse(try Data(contentsOf: path.url(in: store.library))).tags, ["maps"])
    }
}
