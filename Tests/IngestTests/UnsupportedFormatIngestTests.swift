import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// A file Daybook recognises but cannot read (a camera RAW that LibRaw refuses) is a skip with
/// its reason when found in a folder, so one such file does not fail every later run; named
/// on the command line it is a failure that says so. The other formats here (AVIF, PNG, WebP,
/// GIF) are read. Damaged JPEGs fail.
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
        // Every format here is read but the DNG, a plain TIFF under a RAW name, which LibRaw refuses.
        XCTAssertEqual(summary.created.count, 5, "the JPEG, the AVIF, and the PNG, WebP and GIF (issue 22)")
        XCTAssertEqual(log.skipped.sorted(), ["harbour.dng"])
        XCTAssertEqual(summary.line, "5 new, 0 already in the journal, 0 failed, 1 skipped (1 camera RAW)")
        // The next run of the same folder is just as quiet.
        XCTAssertEqual(try journal.ingest([folder]).failed, 0)
    }

    func testAnUnsupportedFormatNamedExplicitlyFailsSayingItIsNotSupported() throws {
        let folder = try folder(["harbour.avif", "harbour.dng", "harbour.gif"])
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest(
            ["harbour.avif", "harbour.dng", "harbour.gif"].map { folder.appendingPathComponent($0) }, log: log)
        XCTAssertEqual(summary.failed, 1)
        XCTAssertEqual(summary.created.count, 2, "the AVIF and the GIF are read (issue 22)")
        XCTAssertEqual(log.failures["harbour.dng"], "unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)")
    }

    /// Content or name: a RAW extension over bytes that are no TIFF is still a camera RAW, and
    /// a PNG under a JPEG's name is read as the PNG it is (its content decides, never its name).
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
