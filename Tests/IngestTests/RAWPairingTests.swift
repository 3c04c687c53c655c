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
    static let otherJPEG = Fixtures.samples.appendingPathComponent("01-paris-2019-07.jpg")

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

    /// The extension pairs in any case (`.Cr2` with `.jpg`, `.nEf` with `.Jpeg`), in either
    /// order; the base name is the camera's, exactly: `img_0001.JPG` is another shot's name.
    func testExtensionsPairInAnyCaseAndTheBaseNameExactly() throws {
        let together = try Fixtures.temporaryFolder("pair-case")
        try copy(Self.raw, into: together, as: "IMG_0001.Cr2")
        try copy(Self.jpeg, into: together, as: "IMG_0001.jpg")
        try copy(Self.otherJPEG, into: together, as: "img_0001.JPG")
        let first = try TestJournal()
        let log = EventLog()
        try first.ingest([together], log: log)
        XCTAssertEqual(log.failures, [:])
        XCTAssertEqual(try contents(first), ["IMG_0001.jpg raw=IMG_0001.Cr2", "img_0001.JPG"])

        let rawFirst = try Fixtures.temporaryFolder("pair-case-raw-first")
        try copy(Self.raw, into: rawFirst, as: "DSC_0002.nEf")
        let second = try TestJournal()
        try second.ingest([rawFirst])
        XCTAssertEqual(try contents(second), ["DSC_0002.nEf"])
        try copy(Self.jpeg, into: rawFirst, as: "DSC_0002.Jpeg")
        try second.ingest([rawFirst])
        XCTAssertEqual(try contents(second), ["DSC_0002.Jpeg raw=DSC_0002.nEf"])
    }

    /// One run says the same whichever file it reads first: the RAW is paired, never
    /// skipped. By name, one worker reads `IMG_0001.DNG` before `IMG_0001.JPG` and
    /// `IMG_0001.NEF` after it.
    func testARunReportsThePairTheSameWhicheverIsReadFirst() throws {
        var lines: [String] = []
        for (rawName, rawFirst) in [("IMG_0001.DNG", true), ("IMG_0001.NEF", false)] {
            let folder = try Fixtures.temporaryFolder("pair-report")
            try copy(Self.raw, into: folder, as: rawName)
            try copy(Self.jpeg, into: folder, as: "IMG_0001.JPG")
            let rawPath = folder.appendingPathComponent(rawName).path
            let journal = try TestJournal(jobs: 1)
            let log = EventLog()
            let summary = try journal.ingest([folder], log: log)
            let id = try XCTUnwrap(try journal.store.entries().first?.id)
            XCTAssertEqual(summary.rawsPaired, [rawPath], rawName)
            XCTAssertEqual(summary.rawsWaiting, [], rawName)
            XCTAssertEqual([summary.created.count, summary.alreadyInJournal, summary.skipped, summary.handled], [1, 0, 0, 2], rawName)
            XCTAssertEqual(log.skipped, [], rawName)
            let outcomes = log.rawOutcomes.map { [$0.fromRAW ? "raw" : "photo", "\($0)"] }
            let paired = "paired with IMG_0001.JPG (entry \(id.prefix(8)))"
            let waiting = "waiting for IMG_0001.JPG beside it: listed with that photo's entry when it is read"
            XCTAssertEqual(
                outcomes, rawFirst ? [["raw", waiting], ["photo", paired]] : [["photo", paired], ["raw", "already \(paired)"]])
            lines.append(summary.line)

            let again = try journal.ingest([folder])
            XCTAssertEqual([again.created.count, again.alreadyInJournal, again.rawsPaired.count, again.skipped], [0, 2, 0, 0], rawName)
        }
        XCTAssertEqual(lines, Array(repeating: "1 new, 0 already in the journal, 0 failed, 1 RAW file paired with its photo", count: 2))
    }

    /// A RAW whose photo fails to read is still waiting when the run ends, and the run says so.
    func testARAWWhosePhotoFailsIsReportedWaiting() throws {
        let folder = try Fixtures.temporaryFolder("pair-broken-photo")
        try copy(Self.raw, into: folder, as: "IMG_0001.DNG")
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("IMG_0001.JPG"))
        let journal = try TestJournal(jobs: 1)
        let summary = try journal.ingest([folder])
        XCTAssertEqual(summary.rawsWaiting, [folder.appendingPathComponent("IMG_0001.DNG").path])
        XCTAssertEqual([summary.failed, summary.skipped, summary.handled], [1, 0, 2])
        XCTAssertEqual(summary.line, "0 new, 0 already in the journal, 1 failed, 1 RAW file waiting for its photo")
        XCTAssertEqual(try journal.store.count(), 0)
    }

    /// A photo moved away (as `watch --move-to` moves it) leaves its RAW its entry's: the
    /// RAW read again alone is not a second entry of the same shot.
    func testARAWWhosePhotoMovedAwayStaysItsEntrys() throws {
        let folder = try Fixtures.temporaryFolder("pair-moved")
        try copy(Self.raw, into: folder, as: "IMG_0001.DNG")
        try copy(Self.jpeg, into: folder, as: "IMG_0001.JPG")
        let journal = try TestJournal()
        try journal.ingest([folder])
        let archive = try Fixtures.temporaryFolder("pair-moved-archive")
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("IMG_0001.JPG"), to: archive.appendingPathComponent("IMG_0001.JPG"))
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual([summary.created.count, summary.alreadyInJournal], [0, 1])
        XCTAssertEqual(try contents(journal), ["IMG_0001.JPG raw=IMG_0001.DNG"])
        XCTAssertEqual(log.rawOutcomes.map(\.photo), [folder.appendingPathComponent("IMG_0001.JPG").path])
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
