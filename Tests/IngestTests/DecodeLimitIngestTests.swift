import DaybookImaging
import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// A progressive JPEG whose decode would need more memory than the per-image limit is stored
/// with its metadata and without a thumbnail, with one warning line naming the file; the
/// photos beside it are ingested as usual.
final class DecodeLimitIngestTests: XCTestCase {
    /// An 8000×8000 progressive 4:4:4 JPEG of about a megabyte, made by the project's script:
    /// libjpeg would keep 1000 × 1000 blocks × 3 components × 128 bytes = 384 MB.
    static func bigProgressive(at url: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Repository.root.appendingPathComponent("scripts/make_big_progressive.py").path, url.path, "8000x8000",
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("python3 with Pillow is needed to make the 8000×8000 progressive JPEG")
        }
    }

    func testOverLimitPhotoIsStoredWithoutThumbnailAndTheRunGoesOn() throws {
        let folder = try Fixtures.temporaryFolder()
        let big = folder.appendingPathComponent("huge progressive.jpg")
        try Self.bigProgressive(at: big)
        let names = try Array(Fixtures.sampleNames().prefix(2))
        for name in names {
            try FileManager.default.copyItem(
                at: Fixtures.samples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }

        // The default options: the limit a user gets without asking.
        let journal = try TestJournal(jobs: 2)
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)

        XCTAssertEqual(summary.created.count, 3)
        XCTAssertEqual(summary.failed, 0)
        XCTAssertEqual(
            log.warnings["huge progressive.jpg"],
            [
                "a progressive 8000×8000 JPEG needs about 390 MB to decode, over the 200 MB limit (--max-decode-mb); "
                    + "stored without a thumbnail"
            ])
        let entries = try journal.entriesByFile()
        let stored = try XCTUnwrap(entries["huge progressive.jpg"])
        XCTAssertNil(stored.thumbnailName)
        XCTAssertEqual(stored.pixelWidth, 8000)
        for name in names {
            let entry = try XCTUnwrap(entries[name])
            XCTAssertEqual(try journal.thumbnail(of: entry).width, 400, name)
        }
    }

    func testALimitRaisedByTheUserLetsItDecode() throws {
        let folder = try Fixtures.temporaryFolder()
        try Self.bigProgressive(at: folder.appendingPathComponent("big.jpg"))
        let journal = try TestJournal(jobs: 1)
        let ingester = try Ingester(store: journal.store, options: IngestOptions(jobs: 1, maxDecodeBytes: 500_000_000))
        let log = EventLog()
        _ = try ingester.ingest(paths: [folder.path]) { log.record($0) }
        XCTAssertEqual(log.warnings, [:])
        XCTAssertNotNil(try journal.entriesByFile()["big.jpg"]?.thumbnailName)
    }
}
