import DaybookCore
import DaybookMetadata
import DaybookTestSupport
import DaybookWeather
import Foundation
import Synchronization
import XCTest

/// The whole path the CLI takes — plan, fetch over HTTP with the limiter and retries, match —
/// against the local server.
final class BackfillEndToEndTests: ServerTestCase {
    struct Entry {
        let item: BackfillItem
        let local: LocalDateTime
        let offset: Int?
    }

    func testTenThousandEntriesTakeAtMostNinetyRequests() async throws {
        var generator = SplitMix64(seed: 99)
        let places = spreadPlaces(using: &generator)
        let first = CivilDate.d("2019-01-01"), last = CivilDate.d("2021-12-31")
        var entries: [Entry] = []
        for index in 0..<10_000 {
            let place = places[Int.random(in: 0..<places.count, using: &generator)]
            let date = first.adding(days: Int.random(in: 0...(last - first), using: &generator))
            let local = LocalDateTime(
                year: date.year, month: date.month, day: date.day,
                hour: Int.random(in: 0...23, using: &generator),
                minute: Int.random(in: 0...59, using: &generator), second: 0)!
            // A third have their own offset (the fake's zone is Europe/Paris everywhere).
            let offset: Int? = index % 3 == 0 ? [3600, 7200][index % 2] : nil
            entries.append(
                Entry(
                    item: BackfillItem(entryID: "e\(index)", latitude: place.0, longitude: place.1, date: date),
                    local: local, offset: offset))
        }
        // One in ten answers is a 500 first: retries must not add planned requests.
        let counter = Counter()
        let server = try startServer { request in
            counter.increment() % 10 == 5 ? .json(500, "{}") : OpenMeteoFake.ok(request)
        }
        let fetcher = WeatherFetcher(
            provider: OpenMeteoArchive(baseURL: server.baseURL, timeout: 10),
            limiter: RateLimiter(requestsPerMinute: 0), sleep: { _ in })
        let plan = BackfillPlanner.plan(entries.map(\.item))
        XCTAssertLessThanOrEqual(plan.count, 90)
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.item.entryID, $0) })
        var matched = 0, attemptsTotal = 0
        for planned in plan {
            let (result, attempts) = await fetcher.fetch(planned.request)
            attemptsTotal += attempts
            let series = try result.get()
            for id in planned.entryIDs {
                let entry = byID[id]!
                guard let match = ObservationMatcher.match(local: entry.local, offsetSeconds: entry.offset, in: series) else {
                    XCTFail("\(id) \(entry.local.iso8601) unmatched in \(planned.request)")
                    continue
                }
                // The nearest hour, unless the fake left its temperature null: then the next
                // nearest, within 90 minutes.
                let hourStart = match.instant - match.instant % 3600
                let nearestHour = match.instant - hourStart <= 1800 ? hourStart : hourStart + 3600
                let allowed: Int64 = OpenMeteoFake.values(at: nearestHour).temperature == nil ? 5400 : 1800
                XCTAssertLessThanOrEqual(abs(match.observation.time - match.instant), allowed, id)
                XCTAssertNotNil(match.observation.temperature, id)
                XCTAssertEqual(match.offsetFromPlace, entry.offset == nil)
                matched += 1
            }
        }
        XCTAssertEqual(matched, entries.count)
        XCTAssertEqual(server.requestCount, attemptsTotal)
        XCTAssertEqual(server.requests.filter { $0.path == "/v1/archive" }.count, attemptsTotal)
        XCTAssertLessThanOrEqual(attemptsTotal - plan.count, plan.count / 10 + 1)
        let weight = plan.reduce(0.0) { $0 + OpenMeteoArchive().callWeight(for: $1.request) }
        print(
            "end-to-end: \(entries.count) entries, \(plan.count) planned requests, \(attemptsTotal) HTTP requests, "
                + "\(Int(weight.rounded())) Open-Meteo calls by its counting; with maxGapDays 30: "
                + "\(BackfillPlanner.plan(entries.map(\.item), maxGapDays: 30).count) requests")
    }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    /// Returns the value before incrementing.
    func increment() -> Int {
        value.withLock { value in
            defer { value += 1 }; return value
        }
    }
}
