import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest
@testable import DaybookStore

/// A camera RAW's XMP sidecars, as darktable (`IMG_0001.CR2.xmp`) and Lightroom
/// (`IMG_0001.xmp`) write them, read by the JPEG's rules: the whole-name sidecar before the
/// shared one, a sidecar newer than the file before its EXIF; and for a RAW+JPEG pair, the
/// RAW's sidecar read with the JPEG's entry, after the JPEG's own. The sidecars are
/// exiftool-written (Tests/Fixtures/xmp/README.md).
final class RAWSidecarTests: XCTestCase {
    static let raw = Repository.fixtures.appendingPathComponent("raw/canon-350d-preview.dng")
    static let xmp = Repository.fixtures.appendingPathComponent("xmp")
    var folder: URL!
    /// Files are dated an hour ago; sidecars are newer unless said otherwise.
    let photoTime = Date().addingTimeInterval(-3600)

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder("daybook-raw-sidecars") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    private func file(_ source: URL, as name: String, modified: Date) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: source, to: url)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        return url
    }

    @discardableResult
    private func sidecar(_ fixture: String, as name: String, modified: Date = Date()) throws -> URL {
        try file(Self.xmp.appendingPathComponent(fixture), as: name, modified: modified)
    }

    private func onlyEntry(_ journal: TestJournal) throws -> JournalEntry {
        let entries = try journal.store.entries()
        XCTAssertEqual(entries.count, 1)
        return try XCTUnwrap(entries.first)
    }

    func testADarktableSidecarNewerThanTheRAWComesFirst() throws {
        try file(Self.raw, as: "IMG_0001.CR2", modified: photoTime)
        try sidecar("sidecar-corrected.xmp", as: "IMG_0001.CR2.xmp")
        let journal = try TestJournal()
        let summary = try journal.ingest([folder])
        XCTAssertEqual([summary.created.count, summary.sidecars], [1, 1])
        let entry = try onlyEntry(journal)
        XCTAssertEqual(entry.capturedLocal?.iso8601, "2019-07-15T08:00:00")
        XCTAssertEqual(entry.captureSource, .sidecar)
        XCTAssertEqual(entry.locationSource, .sidecar)
        XCTAssertEqual(try XCTUnwrap(entry.location?.latitude), 43 + 17.79 / 60, accuracy: 1e-9)
    }

    func testALightroomSidecarOlderThanTheRAWFillsOnlyGaps() throws {
        try file(Self.raw, as: "IMG_0001.CR2", modified: photoTime)
        try sidecar("sidecar-corrected.xmp", as: "IMG_0001.xmp", modified: photoTime.addingTimeInterval(-60))
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try onlyEntry(journal)
        XCTAssertEqual(entry.capturedLocal?.iso8601, "2005-08-03T18:59:18", "the RAW's own EXIF")
        XCTAssertEqual(entry.captureSource, .dateTimeOriginal)
        XCTAssertEqual(entry.locationSource, .exif)
        XCTAssertEqual(try XCTUnwrap(entry.location?.latitude), 31.559, accuracy: 1e-6)
    }

    func testTheRAWsWholeNameSidecarWinsOverTheSharedOne() throws {
        try file(Self.raw, as: "IMG_0001.CR2", modified: photoTime)
        try sidecar("sidecar-corrected.xmp", as: "IMG_0001.xmp")
        try sidecar("sidecar-corrected-again.xmp", as: "IMG_0001.CR2.xmp")
        let journal = try TestJournal()
        try journal.ingest([folder])
        XCTAssertEqual(try onlyEntry(journal).capturedLocal?.iso8601, "2019-07-16T20:00:00")
    }

    /// A pair's entry is the JPEG's; it reads the JPEG's own sidecar, then the RAW's, then
    /// the shared one, and a change to the RAW's sidecar reaches it.
    func testAPairReadsTheJPEGsSidecarThenTheRAWsThenTheShared() throws {
        try file(Self.xmp.appendingPathComponent("plain.jpg"), as: "IMG_0001.JPG", modified: photoTime)
        try file(Self.raw, as: "IMG_0001.CR2", modified: photoTime)
        try sidecar("sidecar-corrected.xmp", as: "IMG_0001.xmp")
        let rawSidecar = try sidecar("sidecar-corrected-again.xmp", as: "IMG_0001.CR2.xmp")
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try onlyEntry(journal)
        XCTAssertEqual((entry.sourcePath as NSString).lastPathComponent, "IMG_0001.JPG")
        XCTAssertEqual(try journal.store.files(entryID: entry.id).map(\.role), [.raw])
        XCTAssertEqual(entry.capturedLocal?.iso8601, "2019-07-16T20:00:00", "the RAW's sidecar before the shared one")

        // darktable rewrites the RAW's sidecar; naming it reads the pair's entry again.
        try sidecar("sidecar-elements.xmp", as: "IMG_0001.CR2.xmp", modified: Date().addingTimeInterval(5))
        let changed = try journal.ingest([rawSidecar])
        XCTAssertEqual(changed.reread, [entry.id])
        XCTAssertEqual([changed.created.count, changed.failed], [0, 0])
        XCTAssertEqual(try journal.store.entry(idPrefix: entry.id).capturedLocal?.iso8601, "2022-06-10T18:05:00")
        XCTAssertEqual(
            SidecarFiles.photos(for: rawSidecar.path).map { ($0 as NSString).lastPathComponent }, ["IMG_0001.CR2", "IMG_0001.JPG"])

        // The JPEG's own sidecar names exactly the entry's file: it comes first.
        try sidecar("sidecar-corrected.xmp", as: "IMG_0001.JPG.xmp", modified: Date().addingTimeInterval(10))
        XCTAssertEqual(try journal.ingest([folder]).reread, [entry.id])
        XCTAssertEqual(try journal.store.entry(idPrefix: entry.id).capturedLocal?.iso8601, "2019-07-15T08:00:00")
        XCTAssertEqual(try journal.store.count(), 1)
    }
}
