import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// A photo format Daybook knows but does not read yet (AVIF, PNG, WebP, GIF, camera RAW) is a
/// skip with its reason when found in a folder, so one such file no longer fails every later
/// run; named on the command line it is a failure that says so. Damaged JPEGs still fail.
final class UnsupportedFormatIngestTests: XCTestCase {
    static let unsupported = Repository.fixtures.appendingPathComponent("unsupported")

    func folder(_ names: [String]) throws -> URL {
        let folder = try Fixtures.temporaryFolder("unsupported-formats")
        for name in names {
            try FileManager.default.copyItem(at: Self.unsupported.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    func testUnsupportedFormatsInAFolderAreSkippedByKind() throws {
        let folder = try folder(["harbour.avif", "harbour.png", "harbour.webp", "harbour.gif", "harbour.dng"])
        try FileManager.default.copyItem(
            at: Fixtures.samples.appendingPathComponent("01-paris-2019-07.jpg"), to: folder.appendingPathComponent("paris.jpg"))
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.failed, 0, "\(log.failures)")
        // The AVIF is read; the DNG is a plain TIFF under a RAW name, which LibRaw refuses.
        XCTAssertEqual(summary.created.count, 2)
        XCTAssertEqual(log.skipped.sorted(), ["harbour.dng", "harbour.gif", "harbour.png", "harbour.webp"])
        XCTAssertEqual(summary.line, "2 new, 0 already in the journal, 0 failed, 4 skipped (1 camera RAW, 1 PNG, 1 WebP, 1 GIF)")
        // The next run of the same folder is just as quiet.
        XCTAssertEqual(try journal.ingest([folder]).failed, 0)
    }

    func testAnUnsupportedFormatNamedExplicitlyFailsSayingItIsNotSupported() throws {
        let folder = try folder(["harbour.dng", "harbour.webp"])
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest(
            [folder.appendingPathComponent("harbour.dng"), folder.appendingPathComponent("harbour.webp")], log: log)
        XCTAssertEqual(summary.failed, 2)
        XCTAssertEqual(log.failures["harbour.dng"], "unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)")
        XCTAssertEqual(
            log.failures["harbour.webp"], "WebP is not supported yet (Daybook reads JPEG, HEIC/HEIF, AVIF and camera RAW photos)")
    }

    /// Content or name: a RAW extension over bytes that are no TIFF is still a camera RAW, and
    /// a PNG under a JPEG's name is a broken JPEG (a failure), as before.
    func testKindsComeFromContentAndName() throws {
        let folder = try folder(["harbour.png"])
        try Data("not really raw".utf8).write(to: folder.appendingPathComponent("DSC0001.ARW"))
        try FileManager.default.copyItem(
            at: Self.unsupported.appendingPathComponent("harbour.png"), to: folder.appendingPathComponent("holiday.jpg"))
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(log.failures, ["holiday.jpg": "not a JPEG (PNG signature)"])
        XCTAssertEqual(log.skipped.sorted(), ["DSC0001.ARW", "harbour.png"])
        XCTAssertEqual(summary.line, "0 new, 0 already in the journal, 1 failed, 2 skipped (1 camera RAW, 1 PNG)")
    }
}
