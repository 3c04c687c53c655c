import DaybookCore
import DaybookIngest
import DaybookMetadata
import DaybookStore
import DaybookStoreTestSupport
import DaybookTestSupport
import DaybookWeather
import Foundation
import XCTest

/// The back-fill through the journal store against a real HTTP server on 127.0.0.1: after
/// every fault, each entry has weather, or is pending, or carries the provider's refusal —
/// none lost, none twice — and retries stay bounded.
final class StoreBackfillTests: ServerTestCase {
    struct Place { let latitude: Double; let longitude: Double }
    static let paris = Place(latitude: 48.8566, longitude: 2.3522)
    static let lyon = Place(latitude: 45.7640, longitude: 4.8357)

    @discardableResult
    func addEntry(_ store: JournalStore, _ local: String, at place: Place, offset: Int? = nil) throws -> String {
        var metadata = PhotoMetadata()
        let time = try XCTUnwrap(LocalDateTime(exif: local))
        metadata.capture = CaptureTime(
            local: time, source: .dateTimeOriginal,
            offset: offset.flatMap { UTCOffset(seconds: $0, source: .exifOffsetTag) })
        metadata.location = GeoLocation(latitude: place.latitude, longitude: place.longitude)
        let entry = JournalEntry(
            contentHash: UUID().uuidString, sourcePath: "/photos/\(UUID().uuidString).jpg", fileSize: 1,
            metadata: metadata, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        try store.insert(entry)
        return entry.id
    }

    func backfill(
        _ store: JournalStore, server: LocalHTTPServer, retry: RetryPolicy = RetryPolicy(maxAttempts: 3),
        timeout: Double = 5, options: BackfillOptions = BackfillOptions(archiveDelayDays: 5)
    ) async throws -> BackfillSummary {
        let provider = OpenMeteoArchive(baseURL: server.baseURL, timeout: timeout)
        let fetcher = WeatherFetcher(
            provider: provider, retry: retry, limiter: RateLimiter(requestsPerMinute: 0),
            sleep: { _ in })
        let backfill = WeatherBackfill(store: store, provider: provider, fetcher: fetcher)
        return try await backfill.run(try backfill.plan(options), options: options)
    }

    /// Every entry is in exactly one state, and there is at most one weather row per entry.
    func assertAccountedFor(_ store: JournalStore, done: Int, pending: Int, error: Int, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let entries = try store.entries()
        XCTAssertEqual(entries.filter { $0.weatherStatus == .done }.count, done, "done", file: file, line: line)
        XCTAssertEqual(entries.filter { $0.weatherStatus == .pending }.count, pending, "pending", file: file, line: line)
        XCTAssertEqual(entries.filter { $0.weatherStatus == .error }.count, error, "error", file: file, line: line)
        for entry in entries {
            let weather = try store.weather(entryID: entry.id)
            XCTAssertEqual(weather != nil, entry.weatherStatus == .done, entry.id, file: file, line: line)
        }
    }

    func seed(_ store: JournalStore) throws {
        for day in 1...5 {
            try addEntry(store, "2021:07:0\(day) 14:20:00", at: Self.paris, offset: 7200)
            try addEntry(store, "2021:07:0\(day) 09:40:00", at: Self.lyon)
        }
    }

    /// A store holding the `seed` entries, and a server giving `replies` in turn (the last
    /// one repeats).
    func seededStoreAndServer(_ replies: [@Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply]) throws -> (
        JournalStore, LocalHTTPServer
    ) {
        let store = try makeStore("daybook-weather")
        try seed(store)
        return (store, try startServer(ReplyScript(replies).next))
    }

    func testSuccessFillsEveryEntryAndTheSecondRunMakesNoRequest() async throws {
        let (store, server) = try seededStoreAndServer([OpenMeteoFake.ok])
        let first = try await backfill(store, server: server)
        XCTAssertEqual(first.filled, 10)
        XCTAssertEqual(server.requestCount, 2, "one request per place for the five days")
        try assertAccountedFor(store, done: 10, pending: 0, error: 0)

        let second = try await backfill(store, server: server)
        XCTAssertEqual(second.attempts, 0)
        XCTAssertEqual(server.requestCount, 2)

        // The answer for 14:20 +02:00 is the 12:00 UTC hour; its values are the fake's for that hour.
        let parisEntry = try XCTUnwrap(try store.entries().first { $0.capturedLocal?.iso8601 == "2021-07-01T14:20:00" })
        let weather = try XCTUnwrap(try store.weather(entryID: parisEntry.id))
        XCTAssertEqual(weather.observedAt, "2021-07-01T12:00:00Z")
        let expected = OpenMeteoFake.values(at: 1_625_140_800)
        XCTAssertEqual(weather.temperatureC, expected.temperature)
        XCTAssertEqual(weather.weatherCode, expected.code)
        XCTAssertEqual(weather.weatherText, WMOWeatherCode.text(expected.code))
        XCTAssertEqual(weather.timeZone, "Europe/Paris")
    }

    func testFloatingTimeTakesThePlacesOffsetAndUsesTheLocalHour() async throws {
        let store = try makeStore("daybook-weather")
        let id = try addEntry(store, "2021:07:01 09:40:00", at: Self.lyon)
        let server = try startServer(OpenMeteoFake.ok)
        _ = try await backfill(store, server: server)
        let entry = try XCTUnwrap(try store.entry(id: id))
        XCTAssertEqual(entry.offset?.seconds, 7200, "Lyon in July is +02:00")
        XCTAssertEqual(entry.offset?.source, .placeTimeZone)
        XCTAssertEqual(entry.capturedUTC, 1_625_125_200, "09:40 local = 07:40 UTC")
        XCTAssertEqual(try store.weather(entryID: id)?.observedAt, "2021-07-01T08:00:00Z", "nearest hour to 07:40 UTC")
    }

    func testCachedAnswersCostNoRequest() async throws {
        let (store, server) = try seededStoreAndServer([OpenMeteoFake.ok])
        _ = try await backfill(store, server: server)
        // A new photo from the same place and day: answered from the cache.
        try addEntry(store, "2021:07:03 18:05:00", at: Self.paris, offset: 7200)
        let summary = try await backfill(store, server: server)
        XCTAssertEqual(summary.filled, 1)
        XCTAssertEqual(summary.answeredFromCache, 1)
        XCTAssertEqual(server.requestCount, 2)
    }

    func testServerErrorsLeaveEntriesPendingWithBoundedRetries() async throws {
        let (store, server) = try seededStoreAndServer([{ _ in .json(500, "oops") }])
        let summary = try await backfill(store, server: server, retry: RetryPolicy(maxAttempts: 3))
        XCTAssertEqual(summary.pending, 10)
        XCTAssertEqual(server.requestCount, 6, "3 attempts for each of the 2 requests, then it gives up")
        try assertAccountedFor(store, done: 0, pending: 10, error: 0)
    }

    func testRateLimitIsHonouredThenSucceeds() async throws {
        let (store, server) = try seededStoreAndServer([
            { _ in .json(429, #"{"error":true,"reason":"Minutely API request limit exceeded"}"#, headers: ["Retry-After": "1"]) },
            { OpenMeteoFake.ok($0) },
        ])
        let summary = try await backfill(store, server: server)
        XCTAssertEqual(summary.filled, 10)
        XCTAssertEqual(server.requestCount, 3)
        try assertAccountedFor(store, done: 10, pending: 0, error: 0)
    }

    func testSlowServerTimesOutAndEntriesStayPending() async throws {
        let store = try makeStore("daybook-weather")
        try addEntry(store, "2021:07:01 14:20:00", at: Self.paris, offset: 7200)
        let server = try startServer { OpenMeteoFake.ok($0).delayed(by: 3) }
        let start = Date()
        let summary = try await backfill(store, server: server, retry: RetryPolicy(maxAttempts: 2), timeout: 1)
        XCTAssertEqual(summary.pending, 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 6, "two 1 s timeouts, not two 3 s answers")
        try assertAccountedFor(store, done: 0, pending: 1, error: 0)
    }

    func testMalformedJSONIsRetriedOnceAndLeftPending() async throws {
        let (store, server) = try seededStoreAndServer([{ _ in .json(200, #"{"latitude": 48.8, "hourly": {"time": [1, 2"#) }])
        let summary = try await backfill(store, server: server)
        XCTAssertEqual(summary.pending, 10)
        XCTAssertEqual(server.requestCount, 4, "malformed answers get one retry per request")
        try assertAccountedFor(store, done: 0, pending: 10, error: 0)
    }

    func testPermanentRefusalIsRecordedOnTheEntriesAndNotRetried() async throws {
        let reason = "Parameter 'start_date' is out of allowed range from 1940-01-01 to 2026-11-18"
        let (store, server) = try seededStoreAndServer([{ _ in .json(400, #"{"error":true,"reason":"\#(reason)"}"#) }])
        let summary = try await backfill(store, server: server)
        XCTAssertEqual(summary.errors, 10)
        XCTAssertEqual(server.requestCount, 2)
        try assertAccountedFor(store, done: 0, pending: 0, error: 10)
        XCTAssertEqual(try store.weatherError(entryID: try XCTUnwrap(try store.entries().first).id), reason)
        let again = try await backfill(store, server: server)
        XCTAssertEqual(again.attempts, 0, "refused entries leave the queue")
    }

    func testEachAnsweredRequestIsCommittedSoAStoppedRunLosesNothing() async throws {
        let (store, server) = try seededStoreAndServer([OpenMeteoFake.ok])
        var options = BackfillOptions(archiveDelayDays: 5)
        options.maxRequests = 1
        let partial = try await backfill(store, server: server, options: options)
        XCTAssertEqual(partial.filled, 5)
        XCTAssertEqual(partial.notAttempted, 1)
        try assertAccountedFor(store, done: 5, pending: 5, error: 0)
        let rest = try await backfill(store, server: server)
        XCTAssertEqual(rest.filled, 5)
        XCTAssertEqual(server.requestCount, 2)
        try assertAccountedFor(store, done: 10, pending: 0, error: 0)
    }

    func testPhotosNewerThanTheArchiveStayPending() async throws {
        let store = try makeStore("daybook-weather")
        try addEntry(store, "2021:07:01 14:20:00", at: Self.paris, offset: 7200)
        try addEntry(store, "2021:07:09 14:20:00", at: Self.paris, offset: 7200)
        let server = try startServer(OpenMeteoFake.ok)
        let options = BackfillOptions(archiveDelayDays: 5, today: .d("2021-07-12"))
        let summary = try await backfill(store, server: server, options: options)
        XCTAssertEqual(summary.filled, 1)
        XCTAssertEqual(summary.pending, 1)
        let query = try XCTUnwrap(server.requests.first?.query)
        XCTAssertLessThanOrEqual(try XCTUnwrap(query["end_date"]), "2021-07-07", "never asks the archive past today − 5 days")
    }

    func testTenThousandEntriesAtThirtyPlacesOverThreeYearsTakeAtMostNinetyRequests() async throws {
        let store = try makeStore("daybook-weather")
        var generator = SplitMix64(seed: 42)
        let places = (0..<30).map { _ in
            Place(latitude: Double.random(in: -60...70, using: &generator), longitude: Double.random(in: -179...179, using: &generator))
        }
        let start = try XCTUnwrap(LocalDateTime(exif: "2019:01:01 00:00:00")).secondsSinceEpochIgnoringZone
        let threeYears: Int64 = 3 * 365 * 86_400
        let entries = (0..<10_000).map { index -> JournalEntry in
            let place = places[Int.random(in: 0..<30, using: &generator)]
            var metadata = PhotoMetadata()
            let local = LocalDateTime(unixSecondsIgnoringZone: start + Int64.random(in: 0..<threeYears, using: &generator))
            metadata.capture = CaptureTime(local: local, source: .dateTimeOriginal)
            metadata.location = GeoLocation(latitude: place.latitude, longitude: place.longitude)
            return JournalEntry(
                contentHash: "hash-\(index)", sourcePath: "/p/\(index).jpg", fileSize: 1, metadata: metadata,
                pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        }
        XCTAssertEqual(try store.insert(batch: entries), 10_000)
        let server = try startServer { OpenMeteoFake.ok($0) }
        let summary = try await backfill(store, server: server)
        XCTAssertLessThanOrEqual(server.requestCount, 90)
        XCTAssertEqual(summary.filled + summary.pending, 10_000)
        XCTAssertGreaterThan(summary.filled, 9_900, "nearly every entry matched an hour")
        let again = try await backfill(store, server: server)
        XCTAssertEqual(again.attempts, 0)
    }
}

extension LocalHTTPServer.Reply {
    func delayed(by seconds: Double) -> Self {
        Self(status: status, headers: headers, body: body, delay: seconds)
    }
}
