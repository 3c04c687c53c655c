import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// `attachPhoto`, `detachPhoto` and `replacePhoto` in the store: one transaction each, the
/// words' file written last, and a failure anywhere leaves both entries as they were.
final class PhotoAttachTests: XCTestCase {
    var store: JournalStore!
    var words: JournalEntry!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-photo-attach")))
        let date = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 0, second: 0)!
        words = try store.write(NewTextEntry(text: "Words", date: date, offset: nil, tags: ["mine"]))
    }

    /// A stored photo entry of made-up bytes `digit`, taken in 2019 at a place.
    func photo(_ digit: Character) throws -> JournalEntry {
        let entry = JournalEntry(
            contentHash: String(repeating: digit, count: 64), sourcePath: "/photos/IMG_000\(digit).jpg", fileSize: 10,
            capture: CaptureTime(
                local: LocalDateTime(year: 2019, month: 7, day: 14, hour: 10, minute: 30, second: 0)!, source: .dateTimeOriginal),
            location: GeoLocation(latitude: 48.85, longitude: 2.29), pixelSize: (640, 480), thumbnail: nil, thumbnailSize: nil,
            problems: [])
        try store.save(entry, sourceTruncated: false, autoTags: [AutoTag(name: "blue", score: 0.9)], taggerVersion: 1)
        return entry
    }

    var fileURL: URL { store.library.root.appendingPathComponent(words.sourcePath) }

    func testAttachThenDetachGivesBackBothEntries() throws {
        let photo = try photo("a")
        let merged = try store.attachPhoto(to: words.id, photo: photo.id)
        XCTAssertEqual(merged.media, .photo)
        XCTAssertEqual(merged.capturedLocal, words.capturedLocal)
        XCTAssertEqual(merged.location, photo.location, "words without a place take the photo's")
        XCTAssertEqual(merged.weatherStatus, .pending)
        XCTAssertNil(try store.entry(id: photo.id))
        XCTAssertEqual(try store.tags(entryID: words.id).map(\.name).sorted(), ["blue", "mine"])
        let file = try JournalFileParser.parse(try Data(contentsOf: fileURL))
        XCTAssertEqual(file.photo, JournalFile.PhotoReference(contentHash: photo.contentHash, fileName: "IMG_000a.jpg"))
        XCTAssertEqual(file.tags, ["mine"])

        var reread = photo
        reread.id = UUID().uuidString.lowercased()
        let (kept, own) = try store.detachPhoto(from: words.id, reread: reread)
        XCTAssertEqual(kept.media, .text)
        XCTAssertEqual(kept.sourcePath, words.sourcePath)
        XCTAssertEqual(kept.contentHash, "text:" + words.id)
        XCTAssertEqual(own.id, reread.id)
        XCTAssertEqual(own.contentHash, photo.contentHash)
        XCTAssertEqual(own.capturedLocal, photo.capturedLocal)
        XCTAssertEqual(try store.tags(entryID: words.id).map(\.name), ["mine"])
        XCTAssertEqual(try store.tags(entryID: own.id).map(\.name), ["blue"])
        XCTAssertNil(try JournalFileParser.parse(try Data(contentsOf: fileURL)).photo)
        XCTAssertEqual(try store.search(JournalQuery(text: "words")).map(\.entry.id), [words.id])
    }

    func testAFailureLeavesBothEntriesAsTheyWere() throws {
        let photo = try photo("b")
        // A file that no longer reads as the entry's: the transaction fails at its last step.
        let handEdited = try String(contentsOf: fileURL, encoding: .utf8).replacingOccurrences(of: "version: 1", with: "version: 9")
        try handEdited.write(to: fileURL, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try store.attachPhoto(to: words.id, photo: photo.id)) { XCTAssertTrue($0 is JournalFileError, "\($0)") }
        try assertWordsUnchanged()
        XCTAssertEqual(try store.entry(id: photo.id)?.contentHash, photo.contentHash)
        XCTAssertEqual(try store.tags(entryID: photo.id).map(\.name), ["blue"])
        XCTAssertEqual(try String(contentsOf: fileURL, encoding: .utf8), handEdited)

        try store.edit(entryID: photo.id, text: "Its own words")
        XCTAssertThrowsError(try store.attachPhoto(to: words.id, photo: photo.id)) { error in
            XCTAssertEqual(
                (error as? PhotoChangeRefusal)?.description,
                "entry \(photo.shortID) holds words: its photo would take it along; remove it, or write on that entry instead")
        }
        try assertWordsUnchanged()
    }

    func assertWordsUnchanged(file: StaticString = #filePath, line: UInt = #line) throws {
        let now = try XCTUnwrap(try store.entry(id: words.id), file: file, line: line)
        XCTAssertEqual(now.media, .text, file: file, line: line)
        XCTAssertEqual(now.contentHash, words.contentHash, file: file, line: line)
        XCTAssertEqual(now.sourcePath, words.sourcePath, file: file, line: line)
        XCTAssertEqual(now.updatedAt, words.updatedAt, file: file, line: line)
        XCTAssertNil(now.location, file: file, line: line)
    }
}
