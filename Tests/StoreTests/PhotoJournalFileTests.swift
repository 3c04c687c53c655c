import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Every change a person makes to a photo entry reaches its journal file, read back here with
/// the strict parser; a photo entry with nothing of the person's has no file.
final class PhotoJournalFileTests: XCTestCase {
    var store: JournalStore!
    let july = LocalDateTime(year: 2019, month: 7, day: 14, hour: 10, minute: 30, second: 0)!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-photo-files")))
    }

    /// A stored photo entry of made-up bytes `digit`, with the automatic tag "blue".
    func photo(_ digit: Character, second: Int = 0, burst: String? = nil) throws -> JournalEntry {
        let entry = JournalEntry(
            contentHash: String(repeating: digit, count: 64), sourcePath: "/photos/IMG_000\(digit).jpg", fileSize: 10,
            capture: CaptureTime(
                local: LocalDateTime(year: 2019, month: 7, day: 14, hour: 10, minute: 30, second: second)!, source: .dateTimeOriginal,
                offset: UTCOffset(seconds: 7200, source: .exifOffsetTag)),
            location: GeoLocation(latitude: 48.85, longitude: 2.29), pixelSize: (640, 480), thumbnail: nil, thumbnailSize: nil,
            problems: [])
        try store.save(entry, sourceTruncated: false, autoTags: [AutoTag(name: "blue", score: 0.9)], taggerVersion: 1)
        if let burst { try store.stack(entryID: entry.id, perceptualHash: nil, burstID: burst) }
        return entry
    }

    func url(_ entry: JournalEntry, date: LocalDateTime? = nil) -> URL {
        JournalFilePath(id: entry.id, date: date ?? entry.capturedLocal!).url(in: store.library)
    }

    func file(_ entry: JournalEntry, date: LocalDateTime? = nil) throws -> JournalFile {
        try JournalFileParser.parse(try Data(contentsOf: url(entry, date: date)))
    }

    /// The `.md` files under journal/, relative to it.
    func journalFiles() -> [String] {
        let folder = store.library.root.appendingPathComponent("journal").path
        return (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }

    func testWordsDateAndPlaceOfAPhotoEntryMakeAndMoveItsFile() throws {
        let photo = try photo("a")
        XCTAssertEqual(journalFiles(), [], "a photo with nothing of the person's has no file")

        try store.edit(entryID: photo.id, text: "Bastille day\nfireworks")
        var written = try file(photo)
        XCTAssertEqual(written.id, photo.id)
        XCTAssertEqual(written.text, "Bastille day\nfireworks")
        XCTAssertEqual(written.photo, JournalFile.PhotoReference(contentHash: photo.contentHash, fileName: "IMG_000a.jpg"))
        XCTAssertEqual(written.date, july)
        XCTAssertEqual(written.utcOffsetSeconds, 7200)
        XCTAssertEqual(written.location, GeoLocation(latitude: 48.85, longitude: 2.29))
        XCTAssertFalse(written.dateSetByHand)
        XCTAssertFalse(written.placeSetByHand)
        XCTAssertEqual(written.created, photo.createdAt)
        XCTAssertEqual(try store.entry(id: photo.id)?.sourcePath, "/photos/IMG_000a.jpg", "a photo's source_path names its photo")

        let august = LocalDateTime(year: 2019, month: 8, day: 2, hour: 9, minute: 0, second: 0)!
        try store.edit(entryID: photo.id, capturedAt: august)
        XCTAssertEqual(journalFiles(), ["2019/08/2019-08-02-\(photo.shortID).md"], "the file moved with the date")
        written = try file(photo, date: august)
        XCTAssertTrue(written.dateSetByHand)
        XCTAssertFalse(written.placeSetByHand)
        XCTAssertEqual(written.text, "Bastille day\nfireworks")

        try store.edit(entryID: photo.id, location: GeoLocation(latitude: 45.76, longitude: 4.84))
        written = try file(photo, date: august)
        XCTAssertTrue(written.dateSetByHand)
        XCTAssertTrue(written.placeSetByHand)
        XCTAssertEqual(written.location, GeoLocation(latitude: 45.76, longitude: 4.84))
        XCTAssertEqual(written, try store.journalFile(entryID: photo.id), "the file is what the index says")
    }

    func testADateSetByHandAloneMakesTheFile() throws {
        let photo = try photo("b")
        let later = LocalDateTime(year: 2019, month: 7, day: 14, hour: 18, minute: 0, second: 0)!
        try store.edit(entryID: photo.id, capturedAt: later)
        let written = try file(photo, date: later)
        XCTAssertTrue(written.dateSetByHand)
        XCTAssertEqual(written.text, "")
        XCTAssertTrue(
            String(decoding: try Data(contentsOf: url(photo, date: later)), as: UTF8.self).contains("\nset_by_hand: [date]\n"))
    }

    func testUserTagsAndRemovedTagsReachThePhotosFile() throws {
        let photo = try photo("c")
        try store.editTags(entryID: photo.id, add: ["mine"], remove: ["blue"])
        var written = try file(photo)
        XCTAssertEqual(written.tags, ["mine"])
        XCTAssertEqual(written.removedTags, ["blue"])
        XCTAssertEqual(written.text, "")

        try store.editTags(entryID: photo.id, add: ["blue"], remove: ["mine"])
        written = try file(photo)
        XCTAssertEqual(written.tags, ["blue"], "blue is the person's now")
        XCTAssertEqual(written.removedTags, ["mine"])
    }

    /// Bytes equal to the file's are not written again: a watcher or a sync tool sees no change.
    func testAChangeThatLeavesTheFileAsItIsDoesNotRewriteIt() throws {
        let photo = try photo("d")
        try store.editTags(entryID: photo.id, add: [], remove: ["blue"])
        let before = try FileManager.default.attributesOfItem(atPath: url(photo).path)[.systemFileNumber] as? Int
        try store.editTags(entryID: photo.id, add: [], remove: ["blue"])
        let after = try FileManager.default.attributesOfItem(atPath: url(photo).path)[.systemFileNumber] as? Int
        XCTAssertNotNil(before)
        XCTAssertEqual(before, after, "a rewrite would have renamed a new file over it")
        try store.editTags(entryID: photo.id, add: ["x"], remove: [])
        XCTAssertNotEqual(try FileManager.default.attributesOfItem(atPath: url(photo).path)[.systemFileNumber] as? Int, before)
    }

    func testAPickedCoverAndASplitReachTheFrames() throws {
        let first = try photo("e", second: 0, burst: "b1")
        let second = try photo("f", second: 1, burst: "b1")
        let third = try photo("0", second: 2, burst: "b1")
        XCTAssertEqual(try store.entryStack(entryID: first.id)?.size, 3)
        XCTAssertEqual(journalFiles(), [])

        try store.pickCover(entryID: second.id)
        XCTAssertEqual(try file(second).stackChoice, .cover)
        XCTAssertEqual(journalFiles().count, 1, "the other frames hold nothing of the person's")

        try store.pickCover(entryID: third.id)
        XCTAssertEqual(try file(third).stackChoice, .cover)
        XCTAssertNil(try file(second).stackChoice, "kept, and saying the cover moved on")
        XCTAssertEqual(journalFiles().count, 2)

        try store.splitStack(entryID: first.id)
        for frame in [first, second, third] {
            XCTAssertEqual(try file(frame).stackChoice, .split, frame.id)
            XCTAssertEqual(try file(frame), try store.journalFile(entryID: frame.id))
        }
    }

    /// A file that does not parse stops the change at its last step: the files the change
    /// wrote before it are taken back, and the index is left as it was.
    func testAFailedChangeTakesBackTheFilesItWrote() throws {
        let first = try photo("1", second: 0, burst: "b2")
        let second = try photo("2", second: 1, burst: "b2")
        let third = try photo("3", second: 2, burst: "b2")
        try store.pickCover(entryID: first.id)
        let coverBytes = try Data(contentsOf: url(first))
        let handMade = Data("---\nversion: 1\nmood: fine\n---\nmy words\n".utf8)
        try handMade.write(to: url(third))

        XCTAssertThrowsError(try store.splitStack(entryID: first.id)) { error in
            XCTAssertEqual("\(error)", "journal/2019/07/2019-07-14-\(third.shortID).md:3: unknown key \"mood\"")
        }
        XCTAssertEqual(try Data(contentsOf: url(first)), coverBytes, "the cover's file written back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url(second).path), "the new file removed")
        XCTAssertEqual(try Data(contentsOf: url(third)), handMade)
        XCTAssertEqual(try store.entryStack(entryID: first.id)?.coverID, first.id)
        XCTAssertEqual(try store.entryStack(entryID: first.id)?.size, 3)
    }

    func testATombstoneKeepsEverythingThePersonChose() throws {
        let photo = try photo("4")
        let later = LocalDateTime(year: 2019, month: 7, day: 15, hour: 8, minute: 0, second: 0)!
        try store.edit(entryID: photo.id, text: "Gone", capturedAt: later)
        try store.editTags(entryID: photo.id, add: ["mine"], remove: ["blue"])
        try store.delete(entryIDs: [photo.id])
        let tombstone = try file(photo, date: later)
        XCTAssertNotNil(tombstone.deleted)
        XCTAssertEqual(tombstone.text, "Gone")
        XCTAssertEqual(tombstone.tags, ["mine"])
        XCTAssertEqual(tombstone.removedTags, ["blue"])
        XCTAssertTrue(tombstone.dateSetByHand)
        XCTAssertEqual(tombstone.photo?.contentHash, photo.contentHash)
        XCTAssertEqual(journalFiles(), ["2019/07/2019-07-15-\(photo.shortID).md"])
    }

    /// The photo's own entry goes when its photo joins words; a file it kept would bring it back.
    func testAttachingAPhotoWhoseEntryHadAFileRemovesThatFile() throws {
        let words = try store.write(NewTextEntry(text: "Words", date: july, offset: nil))
        let frame = try photo("5", second: 0, burst: "b3")
        _ = try photo("6", second: 1, burst: "b3")
        try store.splitStack(entryID: frame.id)
        XCTAssertEqual(try file(frame).stackChoice, .split)
        try store.attachPhoto(to: words.id, photo: frame.id)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url(frame).path))
        let merged = try file(words)
        XCTAssertEqual(merged.photo?.contentHash, frame.contentHash)
        XCTAssertEqual(merged.text, "Words")
        XCTAssertNil(merged.stackChoice)
    }

    /// Its words would live in the index alone (`UndatedWordsTests`): refused, and no file is made.
    func testAPhotoEntryWithNoDateHasNoFile() throws {
        let undated = JournalEntry(
            contentHash: String(repeating: "7", count: 64), sourcePath: "/photos/undated.jpg", fileSize: 1, pixelSize: nil,
            thumbnail: nil, thumbnailSize: nil, problems: [])
        try store.save(undated, sourceTruncated: false)
        XCTAssertThrowsError(try store.edit(entryID: undated.id, text: "No date")) { error in
            XCTAssertEqual((error as? StoreError)?.code, .undated)
        }
        XCTAssertEqual(try store.entry(id: undated.id)?.text, "")
        XCTAssertEqual(journalFiles(), [])
        XCTAssertNil(try store.journalFile(entryID: undated.id))
    }
}
