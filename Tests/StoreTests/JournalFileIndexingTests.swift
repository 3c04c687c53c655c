import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// A journal file written by hand (or by another device) changes the index: text entries,
/// photo entries found by id or by their photo's bytes, and photos known from the file alone.
final class JournalFileIndexingTests: XCTestCase {
    var store: JournalStore!

    static let november = LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 56, second: 58)!
    static let photoDate = LocalDateTime(year: 2019, month: 7, day: 14, hour: 10, minute: 30, second: 0)!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-indexing")))
    }

    /// Writes `file` where its id and date put it, as another device or a person would.
    @discardableResult
    func put(_ file: JournalFile) throws -> JournalFilePath {
        let url = file.path.url(in: store.library)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.serialized().write(to: url)
        return file.path
    }

    /// A stored photo entry of made-up bytes `digit`, with automatic tags.
    func photo(_ digit: Character, id: String = UUID().uuidString.lowercased(), tags: [String] = ["blue", "sky"]) throws -> JournalEntry {
        let entry = JournalEntry(
            id: id, contentHash: String(repeating: digit, count: 64), sourcePath: "/photos/IMG_000\(digit).jpg", fileSize: 10,
            capture: CaptureTime(
                local: Self.photoDate, source: .dateTimeOriginal, offset: UTCOffset(seconds: 7200, source: .exifOffsetTag)),
            location: GeoLocation(latitude: 48.85, longitude: 2.29), pixelSize: (640, 480), thumbnail: nil, thumbnailSize: nil,
            problems: [])
        try store.save(entry, sourceTruncated: false, autoTags: tags.map { AutoTag(name: $0, score: 0.9) }, taggerVersion: 1)
        return entry
    }

    func tags(_ id: String, _ source: String) throws -> [String] {
        try store.tags(entryID: id).filter { $0.source.rawValue == source }.map(\.name).sorted()
    }

    func removals(_ id: String) throws -> [String] {
        try store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM tag_removal WHERE entry_id = ? ORDER BY name", arguments: [id])
        }
    }

    func testATextEntryWrittenByHandIsAddedThenFollowsItsEdits() throws {
        let id = "3f2a9c1e-5b7d-4e0a-9a61-0c2b3d4e5f60"
        var file = JournalFile(
            id: id, date: Self.november, utcOffsetSeconds: 3600, placeName: "Paris",
            location: GeoLocation(latitude: 48.8566, longitude: 2.3522),
            tags: ["lunch", "river"], created: "2026-11-29T09:56:58Z", text: "Lunch by the river\nThe rest.")
        let path = try put(file)
        XCTAssertEqual(try store.indexJournalFile(at: path), .added(entryID: id))
        let entry = try XCTUnwrap(try store.entry(id: id))
        XCTAssertEqual(entry.media, .text)
        XCTAssertEqual(entry.contentHash, "text:" + id)
        XCTAssertEqual(entry.sourcePath, "journal/2026/11/2026-11-29-3f2a9c1e.md")
        XCTAssertEqual(entry.text, "Lunch by the river\nThe rest.")
        XCTAssertEqual(entry.capturedLocal, Self.november)
        XCTAssertEqual(entry.captureSource, .user)
        XCTAssertEqual(entry.offset?.seconds, 3600)
        XCTAssertEqual(entry.location?.latitude, 48.8566)
        XCTAssertEqual(entry.locationSource, .user)
        XCTAssertEqual(entry.weatherStatus, .pending)
        XCTAssertEqual(entry.createdAt, "2026-11-29T09:56:58Z")
        XCTAssertEqual(try tags(id, "user"), ["lunch", "river"])
        XCTAssertEqual(try store.search(JournalQuery(text: "river")).map(\.entry.id), [id])

        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: id))
        XCTAssertEqual(try store.entry(id: id)?.updatedAt, entry.updatedAt)

        file.text = "Dinner instead"
        file.tags = ["dinner", "river"]
        file.location = nil
        try put(file)
        XCTAssertEqual(try store.indexJournalFile(at: path), .updated(entryID: id))
        let edited = try XCTUnwrap(try store.entry(id: id))
        XCTAssertEqual(edited.text, "Dinner instead")
        XCTAssertNil(edited.location)
        XCTAssertEqual(edited.weatherStatus, .unavailable)
        XCTAssertEqual(try tags(id, "user"), ["dinner", "river"], "exactly the file's tags")
        XCTAssertEqual(try store.search(JournalQuery(text: "dinner")).map(\.entry.id), [id])
        XCTAssertEqual(try store.search(JournalQuery(text: "lunch")).map(\.entry.id), [])
    }

    func testAZoneThePlaceGaveAFloatingTimeIsKept() throws {
        let id = "0a1b2c3d-0000-4000-8000-00000000000a"
        let path = try put(
            JournalFile(
                id: id, date: Self.november, location: GeoLocation(latitude: 48.8566, longitude: 2.3522),
                created: "2026-01-01T00:00:00Z", text: "Floating"))
        var placed = 0
        let zone: (inout JournalEntry) -> Void = { entry in
            placed += 1
            if entry.offset == nil { entry.offset = UTCOffset(seconds: 3600, source: .placeTimeZone) }
        }
        XCTAssertEqual(try store.indexJournalFile(at: path, place: zone), .added(entryID: id))
        XCTAssertEqual(try store.entry(id: id)?.offset, UTCOffset(seconds: 3600, source: .placeTimeZone))
        XCTAssertEqual(try store.indexJournalFile(at: path, place: zone), .unchanged(entryID: id))
        XCTAssertEqual(placed, 1, "named once, when its position was new")
    }

    func testTheFilesDaybookWritesChangeNothing() throws {
        let written = try store.write(
            NewTextEntry(text: "Mine", date: Self.november, offset: UTCOffset(seconds: 3600, source: .device), tags: ["a"]))
        let path = try XCTUnwrap(JournalFilePath(relative: written.sourcePath))
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: written.id))
        try store.edit(entryID: written.id, text: "Mine, edited\n")
        try store.editTags(entryID: written.id, add: ["b"], remove: ["a"])
        let edited = try XCTUnwrap(try store.entry(id: written.id))
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: written.id))
        XCTAssertEqual(try store.entry(id: written.id), edited, "updated_at untouched")
    }

    func testAPhotoEntrysFileFoundByIdAppliesTheWordsAndChoicesItHolds() throws {
        let photo = try photo("a")
        let moved = LocalDateTime(year: 2020, month: 1, day: 2, hour: 3, minute: 4, second: 5)!
        var file = JournalFile(
            id: photo.id, date: Self.photoDate, utcOffsetSeconds: 7200, location: GeoLocation(latitude: 48.85, longitude: 2.29),
            tags: ["mine"], photo: .init(contentHash: photo.contentHash, fileName: "IMG_000a.jpg"), created: photo.createdAt,
            text: "Words on a photo", removedTags: ["blue"])
        let path = try put(file)
        XCTAssertEqual(try store.indexJournalFile(at: path), .updated(entryID: photo.id))
        var entry = try XCTUnwrap(try store.entry(id: photo.id))
        XCTAssertEqual(entry.text, "Words on a photo")
        XCTAssertEqual(entry.captureSource, .dateTimeOriginal, "a date not set by hand is the photo's")
        XCTAssertEqual(try tags(photo.id, "user"), ["mine"])
        XCTAssertEqual(try tags(photo.id, "auto"), ["sky"])
        XCTAssertEqual(try removals(photo.id), ["blue"])
        try store.replaceAutoTags(entryID: photo.id, with: [AutoTag(name: "blue", score: 1)], taggerVersion: 2)
        XCTAssertEqual(try tags(photo.id, "auto"), [], "a removed tag never comes back")
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: photo.id))

        // Set by hand: the date and the place are the file's; the file moves with the date.
        try FileManager.default.removeItem(at: path.url(in: store.library))
        file.date = moved
        file.dateSetByHand = true
        file.placeSetByHand = true
        file.location = GeoLocation(latitude: 45.76, longitude: 4.84)
        file.stackChoice = .split
        let movedPath = try put(file)
        XCTAssertEqual(try store.indexJournalFile(at: movedPath), .updated(entryID: photo.id))
        entry = try XCTUnwrap(try store.entry(id: photo.id))
        XCTAssertEqual(entry.capturedLocal, moved)
        XCTAssertEqual(entry.captureSource, .user)
        XCTAssertEqual(entry.offset, UTCOffset(seconds: 7200, source: .exifOffsetTag), "the same offset keeps its source")
        XCTAssertEqual(entry.location?.latitude, 45.76)
        XCTAssertEqual(entry.locationSource, .user)
        XCTAssertNil(entry.placeVersion, "named again by a places update")
        XCTAssertEqual(entry.weatherStatus, .pending)
        XCTAssertEqual(entry.sourcePath, "/photos/IMG_000a.jpg", "the photo stays where it is")
        let split = try store.pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT stack_split FROM entry WHERE id = ?", arguments: [photo.id])
        }
        XCTAssertEqual(split, true)
        XCTAssertEqual(try store.indexJournalFile(at: movedPath), .unchanged(entryID: photo.id))
        XCTAssertEqual(try store.indexJournalFile(at: path), .ignored, "the old name is no entry's file now")
        XCTAssertNotNil(try store.entry(id: photo.id))
    }

    func testAPhotoFoundByItsBytesIsRekeyedToTheFilesID() throws {
        let local = try photo("b")
        let id = "0a1b2c3d-0000-4000-8000-000000000001"
        let path = try put(
            JournalFile(
                id: id, date: Self.photoDate, utcOffsetSeconds: 7200, tags: ["far"],
                photo: .init(contentHash: local.contentHash, fileName: "IMG_000b.jpg"), created: "2026-01-01T00:00:00Z",
                text: "Written on the other device"))
        XCTAssertEqual(try store.indexJournalFile(at: path), .updated(entryID: id))
        XCTAssertNil(try store.entry(id: local.id))
        let entry = try XCTUnwrap(try store.entry(id: id))
        XCTAssertEqual(entry.contentHash, local.contentHash)
        XCTAssertEqual(entry.sourcePath, local.sourcePath)
        XCTAssertEqual(entry.text, "Written on the other device")
        XCTAssertEqual(try tags(id, "auto"), ["blue", "sky"], "its automatic tags follow it")
        XCTAssertEqual(try tags(id, "user"), ["far"])
        XCTAssertEqual(try store.search(JournalQuery(text: "device")).map(\.entry.id), [id])
        XCTAssertEqual(try store.count(), 1)
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: id))
    }

    func testTwoFilesNamingOnePhotoAreAProblemAndBothAreKept() throws {
        let local = try photo("9")
        let reference = JournalFile.PhotoReference(contentHash: local.contentHash, fileName: "IMG_0009.jpg")
        let own = try put(
            JournalFile(id: local.id, date: Self.photoDate, photo: reference, created: local.createdAt, text: "Mine"))
        XCTAssertEqual(try store.indexJournalFile(at: own), .updated(entryID: local.id))
        let other = JournalFile(
            id: "0a1b2c3d-0000-4000-8000-000000000009", date: Self.photoDate, photo: reference, created: "2026-01-01T00:00:00Z",
            text: "Theirs")
        let path = try put(other)
        XCTAssertThrowsError(try store.indexJournalFile(at: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): photo 999999999999… is entry \(local.id)'s, whose own file is \(own)"), "\(error)")
        }
        XCTAssertEqual(try store.entry(id: local.id)?.text, "Mine")
        XCTAssertEqual(try JournalFileParser.parse(try Data(contentsOf: path.url(in: store.library))), other, "left as it is")
    }

    func testAPhotoOnAnotherDeviceIsKnownFromItsFileAlone() throws {
        let id = "0a1b2c3d-0000-4000-8000-000000000002"
        let hash = String(repeating: "c", count: 64)
        let path = try put(
            JournalFile(
                id: id, date: Self.photoDate, utcOffsetSeconds: 7200, location: GeoLocation(latitude: 48.85, longitude: 2.29),
                tags: ["far"], photo: .init(contentHash: hash, fileName: "IMG_000c.jpg"), created: "2026-01-01T00:00:00Z",
                text: "Seen elsewhere", removedTags: ["sky"], stackChoice: .cover))
        XCTAssertEqual(try store.indexJournalFile(at: path), .added(entryID: id))
        let entry = try XCTUnwrap(try store.entry(id: id))
        XCTAssertTrue(entry.isPhotoElsewhere)
        XCTAssertEqual(entry.media, .photo)
        XCTAssertEqual(entry.contentHash, hash)
        XCTAssertEqual(entry.sourcePath, path.description)
        XCTAssertEqual(entry.fileSize, 0)
        XCTAssertNil(entry.thumbnail)
        XCTAssertNil(entry.captureSource, "the photo's date, from the file")
        XCTAssertEqual(entry.capturedLocal, Self.photoDate)
        XCTAssertEqual(entry.text, "Seen elsewhere")
        XCTAssertEqual(try removals(id), ["sky"])
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: id))

        // The photo arrives: the entry takes its media and keeps the person's words and choices.
        let arriving = JournalEntry(
            contentHash: hash, sourcePath: "/photos/IMG_000c.jpg", fileSize: 1234,
            capture: CaptureTime(local: Self.photoDate, source: .dateTimeOriginal), cameraMake: "Canon", pixelSize: (640, 480),
            thumbnail: nil, thumbnailSize: nil, problems: [])
        let outcome = try store.save(
            arriving, sourceTruncated: false, autoTags: [AutoTag(name: "sky", score: 0.9), AutoTag(name: "blue", score: 0.8)],
            taggerVersion: 1)
        let filled = try XCTUnwrap(try store.entry(id: id))
        guard case .filled(let stored) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(stored.id, id)
        XCTAssertFalse(filled.isPhotoElsewhere)
        XCTAssertEqual(filled.sourcePath, "/photos/IMG_000c.jpg")
        XCTAssertEqual(filled.fileSize, 1234)
        XCTAssertEqual(filled.cameraMake, "Canon")
        XCTAssertEqual(filled.captureSource, .dateTimeOriginal)
        XCTAssertEqual(filled.text, "Seen elsewhere")
        XCTAssertEqual(filled.createdAt, "2026-01-01T00:00:00Z")
        XCTAssertEqual(try tags(id, "auto"), ["blue"], "automatic tags but the removed one")
        XCTAssertEqual(try tags(id, "user"), ["far"])
        XCTAssertEqual(try store.count(), 1)
        XCTAssertEqual(try store.indexJournalFile(at: path), .unchanged(entryID: id), "its file agrees with it still")
    }
}
