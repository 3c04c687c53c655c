import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// A photo format Daybook knows but does not read yet (AVIF, GIF, camera RAW) is a
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
        XCTAssertEqual(summary.created.count, 3, "the JPEG, and the PNG and WebP (issue 22)")
        XCTAssertEqual(log.skipped.sorted(), ["harbour.avif", "harbour.dng", "harbour.gif"])
        XCTAssertEqual(summary.line, "3 new, 0 already in the journal, 0 failed, 3 skipped (1 camera RAW, 1 AVIF, 1 GIF)")
        // The next run of the same folder is just as quiet.
        XCTAssertEqual(try journal.ingest([folder]).failed, 0)
    }

    func testAnUnsupportedFormatNamedExplicitlyFailsSayingItIsNotSupported() throws {
        let folder = try folder(["harbour.avif", "harbour.gif"])
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest(
            [folder.appendingPathComponent("harbour.avif"), folder.appendingPathComponent("harbour.gif")], log: log)
        XCTAssertEqual(summary.failed, 2)
        XCTAssertEqual(log.failures["harbour.avif"], "AVIF is not supported yet (Daybook reads JPEG, HEIC/HEIF, PNG and WebP photos)")
        XCTAssertEqual(log.failures["harbour.gif"], "GIF is not supported yet (Daybook reads JPEG, HEIC/HEIF, PNG and WebP photos)")
    }

    /// Content or name: a RAW extension over bytes that are no TIFF is still a camera RAW, and
    /// a PNG under a JPEG's name is read as the PNG it is (issue 22: content, never the name).
    func testKindsComeFromContentAndName() throws {
        let folder = try folder(["harbour.png"])
        try Data("not really raw".utf8).write(to: folder.appendingPathComponent("DSC0001.ARW"))
        try FileManager.default.copyItem(
            at: Self.unsupported.appendingPathComponent("harbour.png"), to: folder.appendingPathComponent("holiday.jpg"))
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(log.failures, [:])
        XCTAssertEqual(log.skipped.sorted(), ["DSC0001.ARW"])
        XCTAssertEqual(summary.line, "1 new, 1 already in the journal, 0 failed, 1 skipped (1 camera RAW)")
    }
}
