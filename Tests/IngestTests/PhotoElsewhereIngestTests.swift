import DaybookCore
import DaybookSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A photo entry known from its journal file alone (its photo on another device) takes the
/// photo's media when an ingest here finds the photo's bytes, and keeps what the person wrote.
final class PhotoElsewhereIngestTests: XCTestCase {
    func testAnIngestFillsTheEntryItsJournalFileMadeKeepingTheWordsAndChoices() throws {
        let name = "01-paris-2019-07.jpg"
        let bytes = try Data(contentsOf: Fixtures.samples.appendingPathComponent(name))
        let hash = ContentHash.sha256Hex([UInt8](bytes))
        // What an ingest makes of the photo on its own (the other device's view).
        let other = try TestJournal()
        try other.ingest([Fixtures.samples.appendingPathComponent(name)])
        let alone = try XCTUnwrap(try other.store.entries().first)
        let automatic = try other.store.tags(entryID: alone.id).map(\.name).sorted()
        let removed = try XCTUnwrap(automatic.first, "the sample has automatic tags")

        let journal = try TestJournal()
        let id = "0a1b2c3d-0000-4000-8000-000000000007"
        let file = JournalFile(
            id: id, date: try XCTUnwrap(alone.capturedLocal), utcOffsetSeconds: alone.offset?.seconds, tags: ["holiday"],
            photo: .init(contentHash: hash, fileName: name), created: "2026-01-01T00:00:00Z", text: "Seen on the phone",
            removedTags: [removed])
        let url = file.path.url(in: journal.store.library)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.serialized().write(to: url)
        XCTAssertEqual(try journal.store.indexJournalFile(at: file.path), .added(entryID: id))
        XCTAssertTrue(try XCTUnwrap(try journal.store.entry(id: id)).isPhotoElsewhere)

        let folder = try Fixtures.temporaryFolder("daybook-elsewhere")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent(name)
        try bytes.write(to: photo)
        let summary = try journal.ingest([photo])
        XCTAssertEqual(summary.created, [id], "new on this device, under the file's id")
        let filled = try XCTUnwrap(try journal.store.entry(id: id))
        XCTAssertFalse(filled.isPhotoElsewhere)
        XCTAssertEqual(filled.sourcePath, photo.path)
        XCTAssertEqual(filled.fileSize, Int64(bytes.count))
        XCTAssertEqual(filled.cameraModel, alone.cameraModel)
        XCTAssertEqual(filled.pixelWidth, alone.pixelWidth)
        XCTAssertEqual(filled.location, alone.location)
        XCTAssertNotNil(filled.thumbnail)
        XCTAssertNotNil(try journal.thumbnail(of: filled))
        XCTAssertEqual(filled.text, "Seen on the phone")
        XCTAssertEqual(filled.createdAt, "2026-01-01T00:00:00Z")
        let tags = try journal.store.tags(entryID: id)
        XCTAssertEqual(tags.filter { $0.source == .user }.map(\.name), ["holiday"])
        XCTAssertEqual(tags.filter { $0.source == .auto }.map(\.name).sorted(), automatic.filter { $0 != removed })
        XCTAssertEqual(try journal.store.count(), 1)

        XCTAssertEqual(try journal.ingest([photo]).alreadyInJournal, 1, "filled once")
        XCTAssertEqual(try journal.store.indexJournalFile(at: file.path), .unchanged(entryID: id), "its file agrees with it")
    }
}
