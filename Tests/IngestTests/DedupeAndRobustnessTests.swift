import DaybookImaging
import DaybookIngest
import DaybookStore
import Foundation
import XCTest

final class DedupeAndRobustnessTests: XCTestCase {
    let files = FileManager.default

    func testSecondRunCreatesNothing() throws {
        let journal = try TestJournal()
        XCTAssertEqual(try journal.ingest([Fixtures.samples]).created.count, 10)
        let again = try journal.ingest([Fixtures.samples])
        XCTAssertEqual(again.created.count, 0)
        XCTAssertEqual(again.alreadyInJournal, 10)
        XCTAssertEqual(try journal.store.count(), 10)
    }

    func testSamePhotoUnderTwoPathsIsOneEntryWithItsLastPath() throws {
        let journal = try TestJournal()
        let folder = try Fixtures.temporaryFolder()
        let original = Fixtures.samples.appendingPathComponent("03-newyork-2021-03.jpg")
        let first = folder.appendingPathComponent("a/IMG_0001.JPG")
        let second = folder.appendingPathComponent("b/copy of new york.jpeg")
        for url in [first, second] {
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.copyItem(at: original, to: url)
        }
        try journal.ingest([first])
        let summary = try journal.ingest([second])
        XCTAssertEqual(summary.created.count, 0)
        XCTAssertEqual(summary.alreadyInJournal, 1)
        let entries = try journal.store.entries()
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(entries.first?.sourcePath, second.path)

        // Both copies in one parallel run: still one entry.
        let fresh = try TestJournal(jobs: 4)
        let parallel = try fresh.ingest([folder])
        XCTAssertEqual(parallel.created.count, 1)
        XCTAssertEqual(parallel.alreadyInJournal, 1)
        XCTAssertEqual(try fresh.store.count(), 1)
        XCTAssertEqual(try files.contentsOfDirectory(atPath: fresh.store.library.thumbnailsURL.path).count, 1)
    }

    func testHiddenFoldersSkippedSymlinkLoopsSurvivedMagicBytesDecide() throws {
        let folder = try Fixtures.temporaryFolder()
        let nested = folder.appendingPathComponent("2021/March")
        try files.createDirectory(at: nested, withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        try files.copyItem(
            at: Fixtures.samples.appendingPathComponent("03-newyork-2021-03.jpg"),
            to: nested.appendingPathComponent("no-extension"))
        try files.copyItem(
            at: Fixtures.samples.appendingPathComponent("01-paris-2019-07.jpg"),
            to: folder.appendingPathComponent(".hidden/secret.jpg"))
        try Data("just notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        // A loop back to the top, and a second link to the same folder.
        try files.createSymbolicLink(atPath: nested.appendingPathComponent("loop").path, withDestinationPath: folder.path)
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("alias").path, withDestinationPath: nested.path)

        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 1, "a JPEG without an extension is still a JPEG; the hidden one is skipped")
        XCTAssertEqual(summary.alreadyInJournal, 0, "the folder reached through two links is walked once")
        XCTAssertEqual(log.skipped, ["notes.txt"])
        XCTAssertEqual(summary.failed, 0)
    }

    func testNonPhotoIsAnErrorWhenNamedOrWhenItClaimsToBeAJPEG() throws {
        let folder = try Fixtures.temporaryFolder()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        try Data(png).write(to: folder.appendingPathComponent("holiday.jpg"))
        try Data("plain".utf8).write(to: folder.appendingPathComponent("readme.txt"))
        try Data().write(to: folder.appendingPathComponent("empty.jpeg"))

        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder, folder.appendingPathComponent("readme.txt")], log: log)
        XCTAssertEqual(summary.failed, 3)
        // Read as the PNG its bytes say it is, which stops after its signature.
        XCTAssertEqual(log.failures["holiday.jpg"], "truncated PNG file (it ends at byte 12; libspng: end of stream)")
        XCTAssertEqual(log.failures["empty.jpeg"], "empty file")
        XCTAssertNotNil(log.failures["readme.txt"], "named explicitly, so not silently skipped")
        XCTAssertEqual(log.skipped, ["readme.txt"], "found in the folder walk, it is only skipped")
        XCTAssertEqual(log.failureCodes, ["holiday.jpg": .damaged, "empty.jpeg": .notAPhoto, "readme.txt": .notAPhoto])
        XCTAssertEqual(try journal.store.count(), 0)
    }

    func testMissingPathIsOneFailureAndTheRunGoesOn() throws {
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([URL(fileURLWithPath: "/nonexistent/photos"), Fixtures.samples], log: log)
        XCTAssertEqual(summary.failed, 1)
        XCTAssertEqual(summary.created.count, 10)
        XCTAssertEqual(log.failures["photos"], "no such file or directory")
        let failure = try XCTUnwrap(log.events.lazy.compactMap { if case .failed(let error) = $0 { error } else { nil } }.first)
        XCTAssertEqual(failure.code, .unreadable)
        XCTAssertEqual(failure.description, "/nonexistent/photos: no such file or directory")
        XCTAssertEqual((failure.underlying as? POSIXError)?.code, .ENOENT, "the system's error is kept, not only its text")
    }

    func testRepairRemovesTemporariesAndOrphansButKeepsEntries() throws {
        let journal = try TestJournal()
        try journal.ingest([Fixtures.samples])
        let thumbnails = journal.store.library.thumbnailsURL
        let kept = try files.contentsOfDirectory(atPath: thumbnails.path).sorted()
        XCTAssertEqual(kept.count, 10)
        // What a killed run leaves: a temporary, and a thumbnail renamed but never committed.
        try Data([1, 2, 3]).write(to: thumbnails.appendingPathComponent(".tmp-99999-\(UUID().uuidString).jpg"))
        try Data([1, 2, 3]).write(to: thumbnails.appendingPathComponent(String(repeating: "ab", count: 32) + ".jpg"))
        // And an entry whose thumbnail vanished.
        try files.removeItem(at: thumbnails.appendingPathComponent(kept[0]))

        let summary = try journal.ingest([Fixtures.samples])
        XCTAssertEqual(summary.repair?.temporariesRemoved, 1)
        XCTAssertEqual(summary.repair?.orphansRemoved, 1)
        XCTAssertEqual(summary.repair?.missingThumbnailsCleared, 1)
        let referenced = try journal.store.referencedThumbnails()
        XCTAssertEqual(Set(try files.contentsOfDirectory(atPath: thumbnails.path)), referenced)
        XCTAssertEqual(try journal.store.count(), 10)
    }

    func testSharedBadInputsAreHandledAndTheBatchGoesOn() throws {
        let folder = Fixtures.badInputs
        let journal = try TestJournal()
        let log = EventLog()
        let start = Date()
        let summary = try journal.ingest([folder, Fixtures.samples], log: log)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        XCTAssertEqual(Set(log.failures.keys), ["zero_bytes.jpg", "html_error_page.jpg"])
        XCTAssertEqual(summary.created.count, 11 + 10, "the eleven ingestible bad inputs and the ten samples")
        // A PNG under a JPEG's name is read by its content.
        let png = try XCTUnwrap(try journal.entriesByFile()["png_named_jpg.jpg"])
        XCTAssertEqual([png.pixelWidth, png.pixelHeight], [100, 75])
        XCTAssertNotNil(png.thumbnail)

        let entries = try journal.entriesByFile()
        for name in ["truncated_at_10pct.jpg", "truncated_at_50pct.jpg", "sof_declares_60000x60000.jpg"] {
            let entry = try XCTUnwrap(entries[name], name)
            XCTAssertNil(entry.thumbnail, "\(name): no grey-filled or bomb thumbnail")
            XCTAssertFalse(entry.problemList.isEmpty, name)
            XCTAssertFalse(log.warnings[name, default: []].isEmpty, "\(name) must be reported")
        }
        XCTAssertEqual(entries["truncated_at_50pct.jpg"]?.capturedLocal?.iso8601, "2008-10-22T16:43:21")
        XCTAssertEqual(entries["sof_declares_60000x60000.jpg"]?.pixelWidth, 60000)
        XCTAssertNil(entries["gps_ref_letters_missing.jpg"]?.location)
        XCTAssertNil(entries["dates_all_zero.jpg"]?.capturedLocal)
        XCTAssertEqual(entries["datetimeoriginal_garbage_text.jpg"]?.capturedLocal?.iso8601, "2000-05-31T21:50:40")
        XCTAssertNotNil(entries["exif_ifd0_offset_out_of_range.jpg"]?.thumbnail)
    }
}
