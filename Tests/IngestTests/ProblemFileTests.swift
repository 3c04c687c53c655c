import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DaybookIngest

/// A damaged or unsupported file is judged once and named by the format it was taken for:
/// ExifTool's QuickTime.mov (a 2005 movie with no `ftyp`, its frames gone) through the real
/// ingester, and the same bytes without their date.
final class ProblemFileTests: XCTestCase {
    static let movie = Repository.fixtures.appendingPathComponent("videos-bad/quicktime_sample.mov")

    /// The movie's bytes with its `mvhd` creation time zeroed: nothing is left to keep.
    static func undatedMovie() throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: movie))
        XCTAssertEqual(Array(bytes[12..<16]), Array("mvhd".utf8))
        bytes.replaceSubrange(20..<24, with: [0, 0, 0, 0])
        return Data(bytes)
    }

    func testADamagedMovieWithADateIsAnEntryWithoutAPicture() throws {
        let folder = try Fixtures.temporaryFolder("damaged-movie")
        try FileManager.default.copyItem(at: Self.movie, to: folder.appendingPathComponent("quicktime_sample.mov"))
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 1, "\(log.failures)")
        XCTAssertEqual(summary.failed, 0)
        let entry = try XCTUnwrap(try journal.entriesByFile()["quicktime_sample.mov"])
        XCTAssertEqual(entry.media, .video)
        XCTAssertEqual(entry.capturedLocal?.iso8601, "2005-08-11T14:03:54", "exiftool: Create Date 2005:08:11 14:03:54 (UTC)")
        XCTAssertEqual(entry.offset?.seconds, 0)
        XCTAssertNil(entry.thumbnailName)
        let damage = "damaged QuickTime movie: its index lists frames, but the file holds no media data (no 'mdat' content)"
        XCTAssertEqual(log.warnings["quicktime_sample.mov"], ["\(damage); stored without a thumbnail"])
        XCTAssertEqual(entry.problems, "\(damage); stored without a thumbnail")
        let listed = try journal.store.problemFiles()
        XCTAssertEqual(listed.map(\.entryID), [entry.id])
        XCTAssertEqual(listed.map(\.reason), [damage])

        let again = try journal.ingest([folder])
        XCTAssertEqual([again.alreadyInJournal, again.failed, again.knownProblems], [1, 0, 0])
        XCTAssertNil(again.knownProblemsLine)
    }

    func testAFailedFileIsJudgedOnceUntilItChanges() throws {
        let folder = try Fixtures.temporaryFolder("undated-movie")
        let file = folder.appendingPathComponent("clip.mov")
        try Self.undatedMovie().write(to: file)
        let journal = try TestJournal()
        let first = EventLog()
        XCTAssertEqual(try journal.ingest([folder], log: first).failed, 1)
        let reason = "damaged QuickTime movie: its index lists frames, but the file holds no media data (no 'mdat' content)"
        XCTAssertEqual(first.failures, ["clip.mov": reason])
        XCTAssertEqual(first.failureCodes["clip.mov"], .damaged)

        let second = EventLog()
        let summary = try journal.ingest([folder], log: second)
        XCTAssertEqual([summary.failed, summary.knownProblems, summary.created.count], [0, 1, 0])
        XCTAssertEqual(summary.knownProblemsLine, "1 known damaged file (see daybook problems)")
        guard case .knownProblem(let known)? = second.events.last else { return XCTFail("\(second.events)") }
        XCTAssertEqual(known.path, file.path)
        XCTAssertEqual(known.reason, reason)
        XCTAssertEqual(known.code, .damaged)

        // The same bytes under another name are known by their hash, and remembered there too.
        let copy = folder.appendingPathComponent("copy.mov")
        try FileManager.default.copyItem(at: file, to: copy)
        let withCopy = try journal.ingest([folder])
        XCTAssertEqual([withCopy.failed, withCopy.knownProblems], [0, 2])
        XCTAssertEqual(try journal.store.problemFiles().map(\.path), [file.path, copy.path])

        // A touch is a change: the file is judged afresh, and fails again.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: file.path)
        let touched = EventLog()
        let afresh = try journal.ingest([file], log: touched)
        XCTAssertEqual([afresh.failed, afresh.knownProblems], [1, 0])
        XCTAssertEqual(touched.failures, ["clip.mov": reason])
        XCTAssertEqual(try journal.ingest([file]).knownProblems, 1)

        // New bytes whose date reads: an entry without a picture, which takes the path's judgement.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: Self.movie, to: file)
        let dated = try journal.ingest([file])
        XCTAssertEqual([dated.created.count, dated.failed, dated.knownProblems], [1, 0, 0])
        XCTAssertEqual(try journal.store.problemFile(path: file.path)?.entryID, dated.created.first)

        // A whole video in its place reads well: the path's judgement is forgotten.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("videos/plain.3gp"), to: file)
        XCTAssertEqual(try journal.ingest([file]).created.count, 1)
        XCTAssertNil(try journal.store.problemFile(path: file.path))
    }

    /// The watcher's way in (`ingest(pulling:)`) judges once too.
    func testPullingReportsAKnownFailureWithoutReadingItAgain() async throws {
        let folder = try Fixtures.temporaryFolder("pulled-movie")
        let file = folder.appendingPathComponent("clip.mov")
        try Self.undatedMovie().write(to: file)
        let journal = try TestJournal()
        let first = try await journal.ingester.ingest(paths: [folder.path])
        XCTAssertEqual(first.failed, 1)
        let log = EventLog()
        let queue = PathQueue([file.path])
        await journal.ingester.ingest(pulling: { queue.next() }, onEvent: { log.record($0) })
        guard case .knownProblem(let known)? = log.events.last else { return XCTFail("\(log.events)") }
        XCTAssertEqual(known.path, file.path)
    }

    /// A name that claims a video and bytes that are none: named by what the name claims.
    func testAWebPageNamedLikeAMovieIsNotAQuickTimeMovie() throws {
        let folder = try Fixtures.temporaryFolder("html-movie")
        try Data("<!DOCTYPE html><html><body>404 Not Found</body></html>\n".utf8).write(to: folder.appendingPathComponent("clip.mov"))
        let journal = try TestJournal()
        let log = EventLog()
        XCTAssertEqual(try journal.ingest([folder], log: log).failed, 1)
        XCTAssertEqual(log.failures, ["clip.mov": "not a QuickTime movie (looks like HTML/text)"])
        XCTAssertEqual(log.failureCodes["clip.mov"], .notAPhoto)
        // Named on its own, a file whose name claims no format was never taken for a JPEG.
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: notes)
        let named = EventLog()
        XCTAssertEqual(try journal.ingest([notes], log: named).failed, 1)
        XCTAssertEqual(named.failures, ["notes.txt": "not a photo or video (looks like HTML/text)"])
    }
}

/// Paths handed out one at a time, then nil.
private final class PathQueue: Sendable {
    private let paths: Mutex<[String]>
    init(_ paths: [String]) { self.paths = Mutex(paths) }
    func next() -> String? { paths.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
}
