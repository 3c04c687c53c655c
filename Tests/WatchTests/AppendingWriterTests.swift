import DaybookImaging
import DaybookStore
import DaybookSupport
import Foundation
import XCTest

@testable import DaybookIngest
@testable import DaybookWatch

/// Writers that append a file in several rounds and close it in between (FTP and SMB servers,
/// resumed downloads, sync tools): every close is an IN_CLOSE_WRITE, and only the last one
/// means the photo is whole.
final class AppendingWriterTests: WatchedFolderTestCase {

    /// Appends `bytes[range]` in one round: open, write, close.
    func appendRound(_ bytes: [UInt8], _ range: Range<Int>, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let written = bytes[range].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        XCTAssertEqual(written, range.count)
        close(fd)
    }

    func testAPhotoAppendedInFourRoundsHalfASecondApartIsOneEntryOfTheWholePhoto() throws {
        // The default --settle (5 s), and rescans that must not pick the file up between rounds.
        let watcher = try WatchProcess([folder], library: library, ["--rescan-interval", "0.5"])
        let journal = try Journal(library)
        let bytes = [UInt8](try Data(contentsOf: Folders.samples.appendingPathComponent("01-paris-2019-07.jpg")))
        let path = folder.appendingPathComponent("IMG_0001.jpg").path
        let rounds = 4
        let roundSize = (bytes.count + rounds - 1) / rounds
        for round in 0..<rounds {
            appendRound(bytes, round * roundSize..<min(bytes.count, (round + 1) * roundSize), to: path)
            if round < rounds - 1 {
                usleep(500_000)
                XCTAssertEqual(journal.count(), 0, "an entry appeared after round \(round + 1) of \(rounds)\n\(watcher.log)")
            }
        }
        let closedAt = Date()
        // The last close completes the photo: it is read at once, not after the settle time.
        journal.waitForCount(1, timeout: 4, watcher: watcher)
        XCTAssertLessThan(Date().timeIntervalSince(closedAt), 4)
        // Past the settle time of the last short version: nothing more comes.
        usleep(5_500_000)
        XCTAssertEqual(journal.count(), 1, watcher.log)
        let entry = try XCTUnwrap(try journal.entries().first)
        XCTAssertEqual(entry.contentHash, ContentHash.sha256Hex(bytes))
        XCTAssertEqual(entry.fileSize, Int64(bytes.count))
        XCTAssertNil(entry.problems, "no truncation warning: the entry is the whole photo")
        XCTAssertFalse(try journal.store.isStoredFromTruncatedFile(id: entry.id))
        try journal.assertThumbnailsComplete()
        XCTAssertEqual(watcher.lines(containing: " info: ingested ").count, 1, watcher.log)
        XCTAssertEqual(watcher.lines(containing: "Premature end").count, 0, watcher.log)
        XCTAssertEqual(watcher.lines(containing: " warning: ").count + watcher.lines(containing: " error: ").count, 0, watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    /// A writer that stops for longer than the settle time: the short version is stored as
    /// truncated (and not archived), the user writes about it, and the whole file replaces it.
    func testAWriterPausingPastTheSettleTimeCompletesTheSameEntryKeepingTheUsersWords() throws {
        let archive = try Folders.temporary("archive")
        defer { try? FileManager.default.removeItem(at: archive) }
        let watcher = try WatchProcess([folder], library: library, ["--settle", "1", "--move-to", archive.path])
        let journal = try Journal(library)
        let bytes = [UInt8](try Data(contentsOf: Folders.samples.appendingPathComponent("10-mumbai-2023-08.jpg")))
        let path = folder.appendingPathComponent("upload.jpg").path
        let half = bytes.count / 2
        appendRound(bytes, 0..<half, to: path)
        journal.waitForCount(1, timeout: 10, watcher: watcher)
        let truncated = try XCTUnwrap(try journal.entries().first)
        XCTAssertTrue(try journal.store.isStoredFromTruncatedFile(id: truncated.id))
        XCTAssertTrue(truncated.problemList.contains { $0.contains("Premature end of JPEG file") }, "\(truncated.problemList)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "a truncated file is left where its writer may complete it")
        XCTAssertTrue(watcher.waitForLog("(truncated: replaced if the file changes)", timeout: 5), watcher.log)

        try journal.store.edit(entryID: truncated.id, text: "Sunrise at the gateway")
        try journal.store.editTags(entryID: truncated.id, add: ["monsoon"], remove: [])

        appendRound(bytes, half..<bytes.count, to: path)
        XCTAssertTrue(
            poll(timeout: 10) { (try? journal.store.entry(idPrefix: truncated.id))?.contentHash == ContentHash.sha256Hex(bytes) },
            watcher.log)
        XCTAssertTrue(poll(timeout: 10) { Folders.files(in: self.folder).isEmpty }, "the whole photo is archived: \(watcher.log)")
        usleep(1_500_000)
        XCTAssertEqual(journal.count(), 1, watcher.log)
        let entry = try journal.store.entry(idPrefix: truncated.id)
        XCTAssertEqual(entry.text, "Sunrise at the gateway")
        XCTAssertEqual(try journal.store.tags(entryID: entry.id).filter { $0.source == .user }.map(\.name), ["monsoon"])
        XCTAssertNil(entry.problems)
        XCTAssertFalse(try journal.store.isStoredFromTruncatedFile(id: entry.id))
        XCTAssertEqual(entry.sourcePath, archive.appendingPathComponent("2023/08/upload.jpg").path)
        try journal.assertThumbnailsComplete()
        XCTAssertEqual(watcher.lines(containing: "completed \(path): its truncated entry \(entry.shortID)").count, 1, watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    // MARK: The parts, in process

    func testEndOfImageIsFoundByStructureNotByTheLastBytes() throws {
        let photo = try TestPhotos.small(3)
        XCTAssertFalse(JPEGEnding.endsEarly(photo))
        for cut in [0, 1, 2, 3, 4, 20, photo.count / 3, photo.count / 2, photo.count - 2, photo.count - 1] {
            XCTAssertTrue(JPEGEnding.endsEarly(Array(photo.prefix(cut))), "cut at \(cut) of \(photo.count)")
        }
        // An EXIF-like APP1 holding a whole JPEG (as an EXIF thumbnail does) right after SOI:
        // its FF D9 is not the end of the photo.
        let thumbnail = try TestPhotos.small(4)
        let payload = Array("Exif\0\0".utf8) + thumbnail
        let app1 = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let withThumbnail = Array(photo.prefix(2)) + app1 + Array(photo.dropFirst(2))
        XCTAssertFalse(JPEGEnding.endsEarly(withThumbnail))
        let cutAfterThumbnail = 2 + app1.count + 100
        XCTAssertTrue(JPEGEnding.endsEarly(Array(withThumbnail.prefix(cutAfterThumbnail))))
        // Data after EOI (motion photos, maker trailers) does not make a photo incomplete.
        XCTAssertFalse(JPEGEnding.endsEarly(photo + Array("ftypmp42 video".utf8) + [0xFF, 0xD8, 0x00]))
        // Not a JPEG at all: not for this check to say.
        XCTAssertFalse(JPEGEnding.endsEarly(Array("<html>404</html>".utf8)))
        XCTAssertTrue(JPEGEnding.endsEarly([]), "an empty file may be a first round")
    }

    func testAPostponedFileIsLookedAtAgainAtItsSettleTimeUnlessItIsClosedAgainFirst() throws {
        let root = try Folders.temporary("unit-postpone")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("a.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(fileURLWithPath: path))
        let stamp = FileStamp.of(path)
        var state = WatchState(
            quietTime: .milliseconds(10), maxDelay: .seconds(1), rescanInterval: .seconds(300),
            firstRescanAt: ManualClock.Instant.zero + .seconds(300))
        var now = ManualClock.Instant.zero
        /// The coordinator starts a batch and a worker takes the file in hand.
        func takeInBatch(_ message: String) {
            now = now + .milliseconds(10)
            XCTAssertEqual(state.nextWork(now: now), .batch, message)
            XCTAssertEqual(state.nextFile(now: now, idleSince: now, linger: .milliseconds(10)), .candidate(path), message)
            XCTAssertTrue(state.take(path, stamp: stamp), message)
        }

        state.markReady([path], now: now)
        takeInBatch("the first close")
        let start = now
        state.postpone(path, until: start + .milliseconds(200), now: start)
        XCTAssertFalse(state.isHandled(path, try XCTUnwrap(stamp)), "neither queued, nor in hand, nor in the ledger: not dealt with")
        XCTAssertEqual(state.nextWork(now: start), .wait(until: start + .milliseconds(200)))
        XCTAssertEqual(
            state.nextWork(now: start + .milliseconds(200)), .recheck([.init(path: path, context: .scan)]),
            "looked at again at its settle time, judged as a scan")
        now = start + .milliseconds(200)

        // Closed again while waiting: queued at once, and the wait is forgotten.
        state.markReady([path], now: now)
        takeInBatch("closed again")
        state.postpone(path, until: now + .seconds(60), now: now)
        state.markReady([path], now: now)
        takeInBatch("the close wins over the 60 s wait")

        // Closed again while being read: read again right after.
        state.markReady([path], now: now)
        state.postpone(path, until: now + .seconds(60), now: now)
        takeInBatch("closed while being read")
        state.finish(path, .stored, now: now)
        XCTAssertFalse(state.take(path, stamp: FileStamp.of(path)), "this version is in the ledger: no worker takes it again")
    }
}
