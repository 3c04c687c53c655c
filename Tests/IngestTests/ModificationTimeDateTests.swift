import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// `--date-from-mtime` (`IngestOptions.dateFromModificationTime`).
final class ModificationTimeDateTests: XCTestCase {
    static let stills = Repository.fixtures.appendingPathComponent("stills")

    /// `--date-from-mtime`: off by default; on, an undated file with a dateless name takes its
    /// modification time, read on the machine's clock.
    func testModificationTimeDatesOnlyWhenAsked() throws {
        let folder = try Fixtures.temporaryFolder("stills-mtime")
        let file = folder.appendingPathComponent("scan.png")
        try FileManager.default.copyItem(at: Self.stills.appendingPathComponent("Screenshot_20230114-101112.png"), to: file)
        let modified = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)

        let plain = try TestJournal()
        try plain.ingest([folder])
        XCTAssertNil(try plain.entriesByFile()["scan.png"]?.capturedLocal)

        let library = try Fixtures.temporaryFolder("daybook-library")
        let store = try JournalStore(library: Library(root: library))
        var options = IngestOptions(jobs: 1)
        options.dateFromModificationTime = true
        _ = try Ingester(store: store, options: options).ingest(paths: [folder.path]) { _ in }
        let entry = try XCTUnwrap(try store.entries().first)
        XCTAssertEqual(entry.captureSource, .mtime)
        let zone = TimeZone.current.secondsFromGMT(for: modified)
        XCTAssertEqual(entry.capturedLocal, LocalDateTime(unixSecondsIgnoringZone: 1_600_000_000 + Int64(zone)))
    }
}
