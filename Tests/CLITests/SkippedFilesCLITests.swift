import DaybookTestSupport
import Foundation
import XCTest

/// What `ingest` says about the files it does not read: the summary counts them by kind,
/// `--verbose` names each one (escaped), `--json` lists them, and a file Daybook recognises
/// but cannot read (a camera RAW LibRaw refuses) is a skip in a folder, an error only when named.
final class SkippedFilesCLITests: XCTestCase, DaybookCommandLineTest {
    static let unsupported = Repository.fixtures.appendingPathComponent("unsupported")

    let library = TemporaryFolder.unusedPath("daybook-cli-skips")

    /// A camera card's worth of files Daybook does not read, beside one JPEG.
    static func cardFolder() throws -> URL {
        let folder = try TemporaryFolder.make("daybook-card")
        func write(_ bytes: [UInt8], _ name: String) throws { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        // A Canon CR2 starts as a TIFF, with "CR" and the format's version after the header.
        try write(
            [0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0, 0x43, 0x52, 0x02, 0x00, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 64), "IMG_0001.CR2")
        // A Nikon NEF is a big-endian TIFF with nothing of its own at the start.
        try write([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8] + [UInt8](repeating: 0, count: 64), "DSC_0002.NEF")
        // An AVI clip: a video in a container Daybook does not read (QuickTime/MP4 ones are read).
        try write(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("AVI LIST".utf8) + [UInt8](repeating: 0, count: 24), "MVI_0003.AVI")
        try write(Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>".utf8), "IMG_0003.AAE")
        try write(Array("shopping list".utf8), "notes.txt")
        for name in ["harbour.dng", "harbour.avif", "harbour.png", "harbour.webp", "harbour.gif"] {
            try FileManager.default.copyItem(at: unsupported.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg"), to: folder.appendingPathComponent("paris.jpg"))
        return folder
    }

    func testTheSummaryCountsSkippedFilesByKindAndExitsZero() throws {
        let folder = try Self.cardFolder()
        let run = try daybook("ingest", folder.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout,
            "5 new, 0 already in the journal, 0 failed, "
                + "6 skipped (3 camera RAW, 1 video, 1 Apple edit, 1 other)\n")
        XCTAssertEqual(run.stderr, "", "without --verbose, no line per skipped file")
    }

    func testVerboseNamesEachSkippedFileWithItsReasonEscaped() throws {
        let folder = try Self.cardFolder()
        let hostile = "evil\u{1B}[31m.cr2"
        try Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]).write(to: folder.appendingPathComponent(hostile))
        let run = try daybook("ingest", "--verbose", folder.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 7, run.stderr)
        let path = folder.path
        for line in [
            // RAW by their bytes, but stubs LibRaw refuses: skipped in LibRaw's words.
            "daybook: skipped \(path)/IMG_0001.CR2: unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)",
            "daybook: skipped \(path)/DSC_0002.NEF: unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)",
            "daybook: skipped \(path)/harbour.dng: unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)",
            "daybook: skipped \(path)/MVI_0003.AVI: video in a format Daybook does not read (only .mov, .mp4, .m4v, .3gp)",
            "daybook: skipped \(path)/IMG_0003.AAE: Apple edit (.AAE, its photo is read without it)",
            // Eight bytes: LibRaw runs out of file.
            "daybook: skipped \(path)/evil\\e[31m.cr2: unreadable camera RAW file (LibRaw: Input/output error)",
        ] {
            XCTAssertTrue(lines.contains(line), "missing \(line) in\n\(run.stderr)")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("daybook: skipped \(path)/notes.txt: ") }, run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1B}"), "no raw escape reaches the terminal")
    }

    func testJSONListsTheSkippedFiles() throws {
        let folder = try Self.cardFolder()
        let run = try daybook("ingest", "--json", folder.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["skipped"] as? Int, 6)
        let files = try XCTUnwrap(report["skipped_files"] as? [[String: String]], run.stdout)
        XCTAssertEqual(files.map { $0["path"] }, files.map { $0["path"] }.sorted { ($0 ?? "") < ($1 ?? "") }, "in path order")
        let kinds = Dictionary(uniqueKeysWithValues: files.map { (($0["path"]! as NSString).lastPathComponent, $0["kind"]!) })
        XCTAssertEqual(
            kinds,
            [
                "IMG_0001.CR2": "camera-raw", "DSC_0002.NEF": "camera-raw", "harbour.dng": "camera-raw", "MVI_0003.AVI": "video",
                "IMG_0003.AAE": "apple-edit", "notes.txt": "other",
            ])
        let dng = try XCTUnwrap(files.first { $0["path"]?.hasSuffix("harbour.dng") == true })
        XCTAssertEqual(dng["path"], folder.appendingPathComponent("harbour.dng").path)
        XCTAssertEqual(dng["reason"], "unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)")
    }

    /// In a folder a RAW that LibRaw refuses is a skip (exit 0) and an AVIF an entry; named on
    /// the command line the RAW is an error line saying why; a damaged JPEG beside them still
    /// fails the run.
    func testAnUnsupportedFormatIsASkipInAFolderAndAnErrorWhenNamed() throws {
        let folder = try TemporaryFolder.make("daybook-avif")
        for name in ["harbour.avif", "harbour.dng"] {
            try FileManager.default.copyItem(at: Self.unsupported.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let inFolder = try daybook("ingest", folder.path)
        XCTAssertEqual(inFolder.status, 0, inFolder.stderr)
        XCTAssertEqual(inFolder.stdout, "1 new, 0 already in the journal, 0 failed, 1 skipped (1 camera RAW)\n", "the AVIF is read")
        let again = try daybook("ingest", folder.path)
        XCTAssertEqual(again.status, 0, "not a failure on every later run either: \(again.stderr)")

        let dng = folder.appendingPathComponent("harbour.dng").path
        let named = try daybook("ingest", dng)
        XCTAssertEqual(named.status, 1)
        XCTAssertEqual(
            named.stderr, "daybook: error: \(dng): unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)\n")

        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("badinputs/zero_bytes.jpg"), to: folder.appendingPathComponent("zero.jpg"))
        let damaged = try daybook("ingest", folder.path)
        XCTAssertEqual(damaged.status, 1, "a damaged JPEG is still a failure")
        XCTAssertEqual(damaged.stderr, "daybook: error: \(folder.path)/zero.jpg: empty file\n")
    }
}
