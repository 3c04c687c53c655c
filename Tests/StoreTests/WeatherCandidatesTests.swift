import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The weather step after an ingest asks for its new entries only (`entryIDs`): the store
/// reads those by id, in chunks, instead of every pending entry of the library. The answer
/// must be what filtering all pending entries gives: the same candidates in capture order,
/// across chunk boundaries, with the date bounds still applied.
final class WeatherCandidatesTests: XCTestCase {
    func testNewEntriesAreTheCandidatesThatFilteringEveryPendingEntryGives() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-weather-candidates")))
        var generator = SplitMix64(seed: 23)
        let start = try XCTUnwrap(LocalDateTime(exif: "2019:01:01 00:00:00")).secondsSinceEpochIgnoringZone
        // Distinct capture times (an hour apart, shuffled), so capture order is one order.
        let hours = Array(0..<1_300).shuffled(using: &generator)
        let entries = hours.enumerated().map { index, hour in
            JournalEntry(
                contentHash: String(format: "%064x", index), sourcePath: "/p/\(index).jpg", fileSize: 1,
                capture: CaptureTime(local: LocalDateTime(unixSecondsIgnoringZone: start + Int64(hour) * 3_600), source: .dateTimeOriginal),
                // Every seventh has no place: never a weather candidate.
                location: index % 7 == 0 ? nil : GeoLocation(latitude: 48.85, longitude: 2.35), pixelSize: nil, thumbnail: nil,
                thumbnailSize: nil, problems: [])
        }
        XCTAssertEqual(try store.insert(batch: entries), 1_300)
        let pending = try store.weatherCandidates()
        XCTAssertEqual(pending.count, 1_300 - 186)

        // More ids than one chunk holds, with entries that have no place and an id that is no entry.
        let asked = Set(entries.map(\.id).shuffled(using: &generator).prefix(1_100) + ["no-such-entry"])
        let expected = pending.filter { asked.contains($0.entryID) }
        XCTAssertGreaterThan(expected.count, 900)
        XCTAssertEqual(try store.weatherCandidates(entryIDs: asked), expected)

        let since = try XCTUnwrap(CivilDate(iso: "2019-01-20"))
        let until = try XCTUnwrap(CivilDate(iso: "2019-02-10"))
        let bounded = try store.weatherCandidates(since: since, until: until, entryIDs: asked)
        XCTAssertFalse(bounded.isEmpty)
        XCTAssertEqual(bounded, expected.filter { $0.local.date >= since && $0.local.date <= until })

        XCTAssertEqual(try store.weatherCandidates(entryIDs: []), [])
        XCTAssertEqual(try store.weatherCandidates(entryIDs: ["no-such-entry"]), [])
    }

    /// Without `+weather_status` SQLite reads them through the weather_status index: every
    /// pending entry of the library (SQLite's plan is the same at any size, without statistics).
    func testNewEntriesAreReadByTheirPrimaryKey() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-weather-plan")))
        let plan = try store.pool.read { db -> String in
            let request = JournalStore.weatherCandidates(since: CivilDate(iso: "2019-01-20"), until: nil, entryIDs: ["a", "b", "c"])
            let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
                .map { $0["detail"] as String }.joined(separator: "\n")
        }
        XCTAssertTrue(plan.contains("USING INDEX sqlite_autoindex_entry_1 (id=?)"), plan)
        XCTAssertFalse(plan.contains("entry_weather_status"), plan)
    }
}
