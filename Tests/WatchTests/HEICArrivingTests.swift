import DaybookImaging
import DaybookStore
import DaybookSupport
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest

/// A HEIC copied into a watched folder in rounds, closed after each (FTP and SMB servers,
/// sync tools): every close is an IN_CLOSE_WRITE, and the HEIF's box sizes, not an end
/// marker, say whether the photo is whole.
final class HEICArrivingTests: WatchedFolderTestCase {
    static let heic = Repository.root.appendingPathComponent("SampleImages/10-reykjavik-dandelions.heic")

    /// Appends `bytes[range]` in one round: open, write, close.
    func appendRound(_ bytes: [UInt8], _ range: Range<Int>, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let written = bytes[range].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        XCTAssertEqual(written, range.count)
        close(fd)
    }

    /// Lines a watcher logged about truncation, or at warning or error level.
    func complaints(_ watcher: WatchProcess) -> [String] {
        watcher.lines(containing: "truncat") + watcher.lines(containing: " warning: ") + watcher.lines(containing: " error: ")
    }

    /// Pauses of a second: ten times the batch's quiet time, so each round's close is read on
    /// its own, and shorter than the settle time (5 s), so no round is taken for the end.
    func testAHEICCopiedInRoundsIsOneWholeEntryAndNoTruncationIsLogged() throws {
        let watcher = try WatchProcess([folder], library: library, ["--rescan-interval", "0.5", "--log-level", "debug"])
        let journal = try Journal(library)
        let bytes = [UInt8](try Data(contentsOf: Self.heic))
        let path = folder.appendingPathComponent("IMG_4821.HEIC").path
        let rounds = 4
        let roundSize = (bytes.count + rounds - 1) / rounds
        for round in 0..<rounds {
            appendRound(bytes, round * roundSize..<min(bytes.count, (round + 1) * roundSize), to: path)
            if round < rounds - 1 {
                usleep(1_000_000)
                XCTAssertEqual(journal.count(), 0, "an entry appeared after round \(round + 1) of \(rounds)\n\(watcher.log)")
                XCTAssertEqual(
                    watcher.lines(containing: "\(path) ends early, perhaps still being written").count, round + 1,
                    "each short version is read, and put off\n\(watcher.log)")
            }
        }
        let closedAt = Date()
        journal.waitForCount(1, timeout: 10, watcher: watcher)
        XCTAssertLessThan(Date().timeIntervalSince(closedAt), 5, "the last close completes the photo: read at once")
        // Past the settle time of the last short version: nothing more comes.
        usleep(5_500_000)
        XCTAssertEqual(journal.count(), 1, watcher.log)
        let entry = try XCTUnwrap(try journal.entries().first)
        XCTAssertEqual(entry.contentHash, ContentHash.sha256Hex(bytes))
        XCTAssertEqual(entry.fileSize, Int64(bytes.count))
        XCTAssertEqual(entry.capturedLocal?.iso8601.prefix(16), "2023-06-21T23:40")
        XCTAssertNotNil(entry.thumbnail)
        XCTAssertNil(entry.problems, "no truncation warning: the entry is the whole photo")
        XCTAssertFalse(try journal.store.isStoredFromTruncatedFile(id: entry.id))
        try journal.assertThumbnailsComplete()
        XCTAssertEqual(watcher.lines(containing: " info: ingested \(path) as ").count, 1, watcher.log)
        XCTAssertEqual(complaints(watcher), [], watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    /// A writer that stops for longer than `--settle`: the short version is read then, and
    /// it is one clear error line naming the file (libheif cannot open a HEIF whose image
    /// data is missing, so there is no partial entry); the whole file then becomes the entry.
    func testAHEICWhoseWriterPausesPastTheSettleTimeIsReportedOnceThenStoredWhole() throws {
        let watcher = try WatchProcess([folder], library: library, ["--settle", "1", "--log-level", "debug"])
        let journal = try Journal(library)
        let bytes = [UInt8](try Data(contentsOf: Self.heic))
        let path = folder.appendingPathComponent("upload.heic").path
        let half = bytes.count / 2
        appendRound(bytes, 0..<half, to: path)
        XCTAssertTrue(watcher.waitForLog("truncated HEIF file", timeout: 10), watcher.log)
        let errors = watcher.lines(containing: " error: ")
        XCTAssertEqual(errors.count, 1, watcher.log)
        let error = try XCTUnwrap(errors.first?.split(separator: " ", maxSplits: 1).last)
        let expected = "error: \(path): truncated HEIF file: it ends at byte \(half), inside its 'mdat' box, which declares \(bytes.count)"
        XCTAssertTrue(error.hasPrefix(expected), "\(error)")
        XCTAssertTrue(error.hasSuffix("(tried again when the file changes)"), "\(error)")
        let putOff = try XCTUnwrap(watcher.log.range(of: "\(path) ends early"), "first put off for --settle: \(watcher.log)")
        XCTAssertLessThan(putOff.lowerBound, try XCTUnwrap(watcher.log.range(of: "truncated HEIF file")).lowerBound)
        XCTAssertEqual(journal.count(), 0)

        appendRound(bytes, half..<bytes.count, to: path)
        journal.waitForCount(1, timeout: 10, settle: 1.5, watcher: watcher)
        let entry = try XCTUnwrap(try journal.entries().first)
        XCTAssertEqual(entry.contentHash, ContentHash.sha256Hex(bytes))
        XCTAssertNil(entry.problems)
        XCTAssertFalse(try journal.store.isStoredFromTruncatedFile(id: entry.id))
        try journal.assertThumbnailsComplete()
        XCTAssertEqual(watcher.lines(containing: " error: ").count, 1, watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    // MARK: The part, in process

    /// The ingester asks both checks: each says false for the other format's bytes.
    func testPhotoEndingJudgesJPEGAndHEICByTheirOwnStructure() throws {
        let heic = [UInt8](try Data(contentsOf: Self.heic))
        let jpeg = try TestPhotos.small(5)
        XCTAssertFalse(PhotoEnding.endsEarly(heic))
        XCTAssertFalse(PhotoEnding.endsEarly(jpeg))
        for cut in [0, 5, 12, 28, 100, 414, 420, heic.count / 2, heic.count - 1] {
            XCTAssertTrue(PhotoEnding.endsEarly(Array(heic.prefix(cut))), "HEIC cut at \(cut)")
        }
        XCTAssertTrue(PhotoEnding.endsEarly(Array(jpeg.prefix(jpeg.count / 2))))
        XCTAssertFalse(PhotoEnding.endsEarly(Array("<html>404</html>".utf8)))
    }
}
