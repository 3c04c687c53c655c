import DaybookCore
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DaybookIngest
@testable import DaybookStore

/// Sidecars both ways: the words other tools keep in a sidecar become an entry's text and
/// tags at ingest, and a change made in Daybook is written into the sidecar (when on) for
/// other tools, with exiftool as their stand-in.
final class SidecarWriteBackTests: XCTestCase {
    static let photo = Repository.fixtures.appendingPathComponent("xmp/plain.jpg")
    var folder: URL!

    override func setUpWithError() throws {
        try Exiftool.skipUnlessInstalled()
        folder = try Fixtures.temporaryFolder("sidecar-write-back")
    }

    private func photo(_ name: String = "IMG_0001.jpg") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Self.photo, to: url)
        return url
    }

    private func onlyEntry(_ journal: TestJournal) throws -> JournalEntry {
        let entries = try journal.store.entries()
        XCTAssertEqual(entries.count, 1)
        return try XCTUnwrap(entries.first)
    }

    /// The fixture has no date of its own; words and tags need one (a journal file is named by it).
    private func dated(_ journal: TestJournal, _ entry: JournalEntry) throws {
        try journal.store.edit(entryID: entry.id, capturedAt: LocalDateTime(year: 2024, month: 5, day: 6, hour: 12, minute: 0, second: 0)!)
    }

    private func userTags(_ journal: TestJournal, _ entry: JournalEntry) throws -> [String] {
        try journal.store.tags(entryID: entry.id).filter { $0.source == .user }.map(\.name).sorted()
    }

    /// Lightroom's keywords (a hierarchy and its parents in dc:subject) and caption, written
    /// by exiftool: the leaves become tags, the caption the text.
    func testLightroomsCaptionAndKeywordsBecomeTheEntrysWords() throws {
        try photo()
        try Exiftool.run([
            "-o", folder.appendingPathComponent("IMG_0001.xmp").path, "-XMP-dc:Description=Lunch by the river",
            "-XMP-lr:HierarchicalSubject=Places|France|Paris", "-XMP-dc:Subject=Places", "-XMP-dc:Subject=France",
            "-XMP-dc:Subject=Paris", "-XMP-dc:Subject=New York", "-XMP-dc:Subject=☕",
        ])
        let journal = try TestJournal()
        let log = EventLog()
        try journal.ingest([folder], log: log)
        let entry = try onlyEntry(journal)
        XCTAssertEqual(entry.text, "Lunch by the river")
        XCTAssertEqual(try userTags(journal, entry), ["new-york", "paris"])
        XCTAssertEqual(log.warnings["IMG_0001.jpg"], ["sidecar IMG_0001.xmp: keyword \"☕\" makes no tag name; left out"])
        XCTAssertEqual(try journal.store.search(JournalQuery(text: "river")).map(\.entry.id), [entry.id], "the caption is searchable")
        XCTAssertEqual(try journal.store.search(JournalQuery(tags: ["paris"])).map(\.entry.id), [entry.id])
    }

    /// A sidecar changed later (digiKam adds a caption) fills an entry without words, but
    /// never replaces words or tags given in Daybook.
    func testTheEntrysOwnWordsWinOverALaterSidecar() throws {
        try photo()
        let sidecar = folder.appendingPathComponent("IMG_0001.jpg.xmp")
        try Exiftool.run(["-o", sidecar.path, "-XMP-dc:Subject=first"])
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try onlyEntry(journal)
        XCTAssertEqual(entry.text, "")
        XCTAssertEqual(try userTags(journal, entry), ["first"])
        try Exiftool.run(["-overwrite_original", "-XMP-dc:Description=A caption", sidecar.path])
        try journal.ingest([folder])
        XCTAssertEqual(try onlyEntry(journal).text, "A caption")

        try dated(journal, entry)
        try journal.store.edit(entryID: entry.id, text: "My words")
        try journal.store.editTags(entryID: entry.id, add: ["mine"], remove: ["first"])
        try Exiftool.run(["-overwrite_original", "-XMP-dc:Description=Another caption", "-XMP-dc:Subject+=second", sidecar.path])
        try journal.ingest([folder])
        XCTAssertEqual(try onlyEntry(journal).text, "My words")
        XCTAssertEqual(try userTags(journal, entry), ["mine"])
    }

    /// Words given a photo (`photo attach`) keep their journal file, which says they have no
    /// tags: a sidecar's keywords arriving later do not add to the index what the file lacks.
    func testAnEntryWithAJournalFileTakesNothingFromItsSidecar() throws {
        try photo()
        let journal = try TestJournal()
        try journal.ingest([folder])
        let photoEntry = try onlyEntry(journal)
        let date = try XCTUnwrap(LocalDateTime(year: 2024, month: 5, day: 17, hour: 12, minute: 0, second: 0))
        let words = try journal.store.write(NewTextEntry(text: "Words first", date: date, offset: nil))
        let attached = try journal.store.attachPhoto(to: words.id, photo: photoEntry.id)
        XCTAssertTrue(journal.store.hasJournalFile(attached))
        try Exiftool.run(["-o", folder.appendingPathComponent("IMG_0001.jpg.xmp").path, "-XMP-dc:Subject=harbour"])
        try journal.ingest([folder])
        XCTAssertEqual(try onlyEntry(journal).text, "Words first")
        XCTAssertEqual(try userTags(journal, attached), [])
    }

    func testAChangeIsWrittenIntoANewSidecarThatExiftoolReads() throws {
        let photo = try photo()
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try onlyEntry(journal)
        try journal.store.edit(
            entryID: entry.id, text: "Lunch & a \"view\"",
            capturedAt: LocalDateTime(year: 2024, month: 5, day: 17, hour: 12, minute: 30, second: 0),
            location: GeoLocation(latitude: 48.8566, longitude: 2.3522))
        try journal.store.editTags(entryID: entry.id, add: ["River Walk"], remove: [])

        let off = SidecarWriteBack(library: journal.store.library) { XCTFail("reported: \($0)") }
        XCTAssertEqual(off.entryChanged(entry.id, .text, store: journal.store), .off)
        XCTAssertFalse(FileManager.default.fileExists(atPath: photo.path + ".xmp"))

        try SidecarWriteBackSetting.set(true, in: journal.store.library)
        let writeBack = SidecarWriteBack(library: journal.store.library) { XCTFail("reported: \($0)") }
        XCTAssertEqual(
            writeBack.entryChanged(entry.id, [.text, .tags, .date, .place], store: journal.store), .written(path: photo.path + ".xmp"))
        let tags = try Exiftool.read(URL(fileURLWithPath: photo.path + ".xmp"), numbers: true)
        XCTAssertEqual(tags["XMP-dc:Description"] as? String, "Lunch & a \"view\"")
        XCTAssertEqual(Exiftool.list(tags["XMP-dc:Subject"]), ["river-walk"])
        XCTAssertEqual(Exiftool.list(tags["XMP-lr:HierarchicalSubject"]), ["river-walk"])
        XCTAssertEqual((tags["XMP-exif:DateTimeOriginal"] as? String)?.prefix(19), "2024:05:17 12:30:00")
        XCTAssertEqual(try XCTUnwrap(tags["XMP-exif:GPSLatitude"] as? Double), 48.8566, accuracy: 1e-7)
        XCTAssertEqual(try XCTUnwrap(tags["XMP-exif:GPSLongitude"] as? Double), 2.3522, accuracy: 1e-7)
        // The photo itself is never written.
        XCTAssertEqual(try Data(contentsOf: photo), try Data(contentsOf: Self.photo))
        XCTAssertEqual(writeBack.entryChanged(entry.id, .text, store: journal.store), .unchanged(path: photo.path + ".xmp"))

        // Read back by a new ingest (the index rebuilt from the files), the words come back.
        let again = try TestJournal()
        try again.ingest([folder])
        let reread = try onlyEntry(again)
        XCTAssertEqual(reread.text, "Lunch & a \"view\"")
        XCTAssertEqual(try userTags(again, reread), ["river-walk"])
        XCTAssertEqual(reread.capturedLocal?.iso8601, "2024-05-17T12:30:00")
    }

    /// Lightroom's `IMG_0001.xmp` is the sidecar the ingest reads, so it is the one written,
    /// and its own properties stay.
    func testTheExistingSidecarIsTheOneWritten() throws {
        try photo()
        let lightroom = folder.appendingPathComponent("IMG_0001.xmp")
        try Exiftool.run(["-o", lightroom.path, "-XMP-crs:Exposure2012=+0.35", "-XMP-xmp:Rating=3"])
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try onlyEntry(journal)
        try dated(journal, entry)
        try journal.store.editTags(entryID: entry.id, add: ["beach"], remove: [])
        let writeBack = SidecarWriteBack(library: journal.store.library, forced: true) { XCTFail("reported: \($0)") }
        XCTAssertEqual(writeBack.entryChanged(entry.id, .tags, store: journal.store), .written(path: lightroom.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("IMG_0001.jpg.xmp").path))
        let tags = try Exiftool.read(lightroom)
        XCTAssertEqual("\(tags["XMP-crs:Exposure2012"] ?? "")", "+0.35")
        XCTAssertEqual("\(tags["XMP-xmp:Rating"] ?? "")", "3")
        XCTAssertEqual(Exiftool.list(tags["XMP-dc:Subject"]), ["beach"])
    }

    /// A sidecar Daybook must not change is named in one line and left byte for byte.
    func testAHostileOrLinkedSidecarIsLeftAsItIs() throws {
        try photo()
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try onlyEntry(journal)
        try dated(journal, entry)
        try journal.store.editTags(entryID: entry.id, add: ["beach"], remove: [])
        let sidecar = folder.appendingPathComponent("IMG_0001.jpg.xmp")
        let hostile = Data("<!DOCTYPE x [<!ENTITY a \"b\">]><x>&a;</x>".utf8)
        try hostile.write(to: sidecar)
        let reports = ReportLog()
        let writeBack = SidecarWriteBack(library: journal.store.library, forced: true) { reports.add($0) }
        guard case .failed = writeBack.entryChanged(entry.id, .tags, store: journal.store) else { return XCTFail("written") }
        XCTAssertEqual(try Data(contentsOf: sidecar), hostile)
        XCTAssertTrue(reports.lines.first?.contains("document type") == true, "\(reports.lines)")

        try FileManager.default.removeItem(at: sidecar)
        let elsewhere = try Fixtures.temporaryFolder("sidecar-target").appendingPathComponent("other.xmp")
        try Data().write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: sidecar, withDestinationURL: elsewhere)
        guard case .failed = writeBack.entryChanged(entry.id, .tags, store: journal.store) else { return XCTFail("written") }
        XCTAssertEqual(try Data(contentsOf: elsewhere), Data())
        XCTAssertTrue(reports.lines.last?.contains("symbolic link") == true, "\(reports.lines)")
    }

    /// A folder Daybook may not write is said once a run, however many edits follow.
    func testAReadOnlyFolderIsReportedOnce() throws {
        try photo()
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try onlyEntry(journal)
        try dated(journal, entry)
        try journal.store.editTags(entryID: entry.id, add: ["beach"], remove: [])
        try makeReadOnly(folder)
        defer { undoReadOnly(folder) }
        let reports = ReportLog()
        let writeBack = SidecarWriteBack(library: journal.store.library, forced: true) { reports.add($0) }
        for _ in 0..<3 {
            guard case .failed = writeBack.entryChanged(entry.id, .tags, store: journal.store) else { return XCTFail("written") }
        }
        XCTAssertEqual(reports.lines.count, 1, "\(reports.lines)")
        XCTAssertEqual(try userTags(journal, entry), ["beach"], "the change stays in the journal")
    }
}

extension SidecarWriteBackTests {
    /// A folder this process cannot write: by its mode for a normal user; root, whom modes do
    /// not stop, gets the folder bound read-only onto itself (a read-only file system, as a
    /// camera card mounted so), or the test is skipped where mounting is not allowed.
    func makeReadOnly(_ folder: URL) throws {
        guard getuid() == 0 else {
            chmod(folder.path, 0o555)
            return
        }
        for arguments in [["--bind", folder.path, folder.path], ["-o", "remount,bind,ro", folder.path]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/mount")
            process.arguments = arguments
            let run = try DaybookProcess.start(process, input: nil).finish()
            if run.status != 0 {
                undoReadOnly(folder)
                throw XCTSkip("root cannot make a read-only folder here (mount \(arguments.joined(separator: " ")): \(run.stderr))")
            }
        }
    }

    func undoReadOnly(_ folder: URL) {
        guard getuid() == 0 else {
            chmod(folder.path, 0o755)
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [folder.path]
        _ = try? DaybookProcess.start(process, input: nil).finish()
    }
}

/// What a write-back reported, in order.
final class ReportLog: Sendable {
    private let stored = Mutex<[String]>([])
    func add(_ line: String) { stored.withLock { $0.append(line) } }
    var lines: [String] { stored.withLock { $0 } }
}
