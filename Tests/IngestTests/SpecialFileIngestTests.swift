import DaybookStore
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DaybookIngest

/// FIFOs and device links in a folder: counted as skipped with their kind, never opened (a
/// FIFO opened for reading would wait for a writer forever).
final class SpecialFileIngestTests: XCTestCase {
    func testAFIFOAndADeviceLinkAreSkippedWithTheirKind() async throws {
        let root = try temporaryFolder("daybook-special-files")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent("08-no-exif.jpg"), to: photos.appendingPathComponent("a.jpg"))
        XCTAssertEqual(mkfifo(photos.appendingPathComponent("pipe.jpg").path, 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: photos.appendingPathComponent("zero.jpg").path, withDestinationPath: "/dev/zero")
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        let events = Mutex<[IngestEvent]>([])
        let summary = try await Ingester(store: store, options: IngestOptions(jobs: 2)).ingest(paths: [photos.path]) { event in
            events.withLock { $0.append(event) }
        }
        XCTAssertEqual(summary.created.count, 1)
        XCTAssertEqual(summary.failed, 0)
        XCTAssertEqual(summary.skipped, 2)
        XCTAssertTrue(summary.line.contains("2 skipped"), summary.line)
        let skipped = events.withLock { $0 }.compactMap { event -> String? in
            if case .skipped(let path, let reason) = event { return "\((path as NSString).lastPathComponent): \(reason)" }
            return nil
        }
        XCTAssertEqual(skipped.sorted(), ["pipe.jpg: not a regular file (a FIFO)", "zero.jpg: not a regular file (a character device)"])

        // Named on the command line, a FIFO is an error that says what it is, not a wait.
        let named = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [
            photos.appendingPathComponent("pipe.jpg").path
        ])
        XCTAssertEqual(named.failed, 1)
    }

    /// The file read itself refuses a FIFO put where a photo was (after the folder was listed).
    func testReadingAFIFODoesNotWait() throws {
        let root = try temporaryFolder("daybook-fifo-read")
        let pipe = root.appendingPathComponent("photo.jpg").path
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        // Should the read wait for a writer, one comes after 3 s, so the test ends either way.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 3)
            let fd = open(pipe, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        let started = Date()
        XCTAssertThrowsError(try PhotoFile.contents(pipe, maxBytes: 1 << 20)) { error in
            XCTAssertEqual((error as? Rejection)?.reason, "not a regular file (a FIFO)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the read waited for a writer")
    }
}
