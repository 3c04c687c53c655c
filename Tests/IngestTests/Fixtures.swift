import DaybookImaging
import DaybookIngest
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DaybookStore

enum Fixtures {
    static let samples = Repository.sampleSquares
    /// Copies of the shared bad inputs, committed so that a fresh clone tests them too
    /// (Tests/Fixtures/badinputs/README.md gives their origin and licence).
    static let badInputs = Repository.fixtures.appendingPathComponent("badinputs")

    static func temporaryFolder(_ label: String = "daybook-test") throws -> URL {
        try TemporaryFolder.make(label)
    }

    static func sampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".jpg") }.sorted()
    }
}

/// Collects events from a run, thread-safely.
final class EventLog: Sendable {
    private let stored = Mutex<[IngestEvent]>([])

    func record(_ event: IngestEvent) { stored.withLock { $0.append(event) } }
    var events: [IngestEvent] { stored.withLock { $0 } }

    var failures: [String: String] {
        var result: [String: String] = [:]
        for case .failed(let error) in events { result[(error.path as NSString).lastPathComponent] = error.reason }
        return result
    }

    /// The failed files' codes, by file name.
    var failureCodes: [String: IngestError.Code] {
        var result: [String: IngestError.Code] = [:]
        for case .failed(let error) in events { result[(error.path as NSString).lastPathComponent] = error.code }
        return result
    }

    var skipped: [String] {
        events.compactMap { if case .skipped(let path, _) = $0 { (path as NSString).lastPathComponent } else { nil } }
    }

    var rawOutcomes: [RAWPairOutcome] {
        events.compactMap { if case .rawPair(let outcome) = $0 { outcome } else { nil } }
    }

    var warnings: [String: [String]] {
        var result: [String: [String]] = [:]
        for case .warning(let path, let message) in events { result[(path as NSString).lastPathComponent, default: []].append(message) }
        return result
    }
}

struct TestJournal {
    let folder: URL
    let store: JournalStore
    let ingester: Ingester

    init(jobs: Int = 2) throws {
        folder = try Fixtures.temporaryFolder("daybook-library")
        store = try JournalStore(library: Library(root: folder))
        ingester = try Ingester(store: store, options: IngestOptions(jobs: jobs))
    }

    @discardableResult
    func ingest(_ paths: [URL], log: EventLog = EventLog()) throws -> IngestSummary {
        try ingester.ingest(paths: paths.map(\.path)) { log.record($0) }
    }

    func entriesByFile() throws -> [String: JournalEntry] {
        Dictionary(uniqueKeysWithValues: try store.entries().map { (($0.sourcePath as NSString).lastPathComponent, $0) })
    }

    /// Weather as a back-fill stores it, observed at `observedAt` (local ISO) at a grid point.
    func storeWeather(entryID: String, observedAt: String, temperature: Double, grid: (Double, Double)) throws {
        try store.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO weather (entry_id, provider, observed_at, temperature_c, grid_latitude, grid_longitude, fetched_at)
                    VALUES (?, 'test', ?, ?, ?, ?, '2026-01-01T00:00:00Z')
                    """, arguments: [entryID, observedAt, temperature, grid.0, grid.1])
            try db.execute(sql: "UPDATE entry SET weather_status = 'done' WHERE id = ?", arguments: [entryID])
        }
    }

    func thumbnail(of entry: JournalEntry) throws -> RGBImage {
        let name = try XCTUnwrap(entry.thumbnailName)
        let bytes = try XCTUnwrap(try ThumbnailFiles(library: store.library).read(name))
        return try JPEGDecoder.decode(bytes, minimumLongestSide: 10_000).image
    }
}
