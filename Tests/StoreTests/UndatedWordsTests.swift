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

/// An entry's own tags fit the one front-matter line its journal file keeps them on: past the
/// limit an edit is refused and nothing changes, so every file Daybook writes reads back.
final class OwnTagLimitTests: XCTestCase {
    func testSixtyOfTheLongestTagsFitTheFileAndTheSixtyFirstIsRefused() throws {
        let store = try JournalStore(library: Library(root: try temporaryFolder("daybook-own-tags")))
        let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 8, minute: 0, second: 0)!
        let entry = try store.write(NewTextEntry(text: "Many tags", date: date, offset: nil))
        let names = (0..<61).map { String(format: "%02d", $0) + String(repeating: "t", count: 62) }
        try store.editTags(entryID: entry.id, add: Array(names.prefix(60)), remove: [])
        let file = try JournalFileParser.parse(try Data(contentsOf: store.library.root.appendingPathComponent(entry.sourcePath)))
        XCTAssertEqual(file.tags.count, 60, "the file with the most tags reads back")
        XCTAssertThrowsError(try store.editTags(entryID: entry.id, add: [names[60]], remove: [])) { error in
            XCTAssertEqual(
                "\(error)", "an entry may have at most 60 tags of its own; this would give it 61: nothing was changed")
        }
        XCTAssertEqual(try store.tags(entryID: entry.id).count, 60)
        XCTAssertThrowsError(try store.write(NewTextEntry(text: "More", date: date, offset: nil, tags: names)))
        try store.editTags(entryID: entry.id, add: [], remove: [names[0]])
        XCTAssertEqual(try store.tags(entryID: entry.id).count, 59)
    }
}
