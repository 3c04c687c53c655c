import DaybookIngest
import DaybookSupport
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A RAW with a JPEG of the same name beside it is one entry, the JPEG's, with the RAW listed
/// as its `raw` file: whichever is read first, in one run or in two (as `daybook watch` sees
/// a RAW minutes before its JPEG), and however often the folder is read again.
final class RAWPairingTests: XCTestCase {
    static let raw = Repository.fixtures.appendingPathComponent("raw/canon-350d-preview.dng")
    static let jpeg = Fixtures.samples.appendingPathComponent("07-deadsea-2022-06.jpg")

    /// What the journal holds, in words a comparison can show: every entry's file name and its other files.
    private func contents(_ journal: TestJournal) throws -> [String] {
        try journal.store.entries().map { entry in
            let files = try journal.store.files(entryID: entry.id).map { "\($0.role.rawValue)=\(($0.path as NSString).lastPathComponent)" }
            return ([(entry.sourcePath as NSString).lastPathComponent] + files).joined(separator: " ")
        }.sorted()
    }

    private func copy(_ source: URL, into folder: URL, as name: String) throws {
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
    }

    func testAPairIsOneEntryWhicheverArrivesFirst() throws {
        let expected = ["IMG_0001.JPG raw=IMG_0001.DNG"]
        let rawHash = ContentHash.sha256Hex(Array(try Data(contentsOf: Self.raw)))

        // Both in the folder at once.
        let together = try Fixtures.temporaryFolder("pair-together")
        try copy(Self.raw, into: together, as: "IMG_0001.DNG")
        try copy(Self.jpeg, into: together, as: "IMG_0001.JPG")
        let first = try TestJournal()
        let log = EventLog()
        try first.ingest([together], log: log)
        XCTAssertEqual(log.failures, [:])
        XCTAssertEqual(try contents(first), expected)
        let entry = try XCTUnwrap(try first.store.entries().first)
        XCTAssertEqual(try first.store.files(entryID: entry.id).map(\.contentHash), [rawHash])
        try first.ingest([together])
        XCTAssertEqual(try contents(first), expected, "read again: neither split nor doubled")

        // The RAW first, alone (an entry of its own), then its JPEG.
        let rawFirst = try Fixtures.temporaryFolder("pair-raw-first")
        try copy(Self.raw, into: rawFirst, as: "IMG_0001.DNG")
        let second = try TestJournal()
        try second.ingest([rawFirst])
        XCTAssertEqual(try contents(second), ["IMG_0001.DNG"])
        let rawOnly = try XCTUnwrap(try second.store.entries().first?.thumbnailName)
        try copy(Self.jpeg, into: rawFirst, as: "IMG_0001.JPG")
        try second.ingest([rawFirst])
        XCTAssertEqual(try contents(second), expected)
        XCTAssertNil(try ThumbnailFiles(library: second.store.library).read(rawOnly), "the RAW's own thumbnail went with its entry")
        try second.ingest([rawFirst])
        XCTAssertEqual(try contents(second), expected)

        // The JPEG first, then its RAW.
        let jpegFirst = try Fixtures.temporaryFolder("pair-jpeg-first")
        try copy(Self.jpeg, into: jpegFirst, as: "IMG_0001.JPG")
        let third = try TestJournal()
        try third.ingest([jpegFirst])
        try copy(Self.raw, into: jpegFirst, as: "IMG_0001.DNG")
        let events = EventLog()
        try third.ingest([jpegFirst], log: events)
        XCTAssertEqual(try contents(third), expected)
        XCTAssertEqual(events.failures, [:])
    }

    /// Deleting the entry forgets both files in the index; neither file is touched.
    func testDeletingAPairForgetsBothAndKeepsTheFiles() throws {
        let folder = try Fixtures.temporaryFolder("pair-delete")
        try copy(Self.raw, into: folder, as: "IMG_0001.DNG")
        try copy(Self.jpeg, into: folder, as: "IMG_0001.JPG")
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try XCTUnwrap(try journal.store.entries().first)
        try journal.store.delete(entryIDs: [entry.id])
        XCTAssertEqual(try journal.store.files(entryID: entry.id), [])
        XCTAssertNil(try journal.store.owner(ofFileAt: folder.appendingPathComponent("IMG_0001.DNG").path))
        for name in ["IMG_0001.DNG", "IMG_0001.JPG"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
    }
}
