import DaybookIngest
import DaybookStore
import DaybookStoreTestSupport
import DaybookWeather
import Foundation
import XCTest

/// A machine without network, as real as a test can make it: the archive's base URL is a
/// port on 127.0.0.1 where nothing listens (port 1, which no test or service opens), so
/// every connection is refused by the kernel, the way an unreachable host fails.
extension StoreBackfillTests {
    static let closedPort = URL(string: "http://127.0.0.1:1")!

    /// What ingest runs after storing its photos, with the waits recorded instead of slept.
    func backfillAfterIngest(
        _ store: JournalStore, baseURL: URL, waits: SleepRecorder,
        retry: RetryPolicy = .afterIngest, stopAfterFailure: Bool = true
    ) async throws -> BackfillSummary {
        let provider = OpenMeteoArchive(baseURL: baseURL, timeout: 5)
        let fetcher = WeatherFetcher(
            provider: provider, retry: retry,
            limiter: RateLimiter(requestsPerMinute: 60, sleep: waits.sleep), sleep: waits.sleep)
        let backfill = WeatherBackfill(store: store, provider: provider, fetcher: fetcher)
        let options = BackfillOptions(archiveDelayDays: 5, stopAfterFailure: stopAfterFailure)
        return try await backfill.run(try backfill.plan(options), options: options)
    }

    func testARefusedConnectionIsUnreachableNotAServerError() async throws {
        let client = URLSessionHTTPClient(timeout: 5)
        do {
            _ = try await client.get(Self.closedPort.appendingPathComponent("v1/archive"), timeout: 5)
            XCTFail("nothing listens on port 1")
        } catch {
            guard case .unreachable(let host, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(host, "127.0.0.1")
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testIngestWithoutNetworkMakesOneAttemptWaitsForNothingAndSaysSoInOneLine() async throws {
        let store = try makeStore("daybook-weather")
        try seed(store)  // Paris and Lyon: two planned requests
        let waits = SleepRecorder()
        let summary = try await backfillAfterIngest(store, baseURL: Self.closedPort, waits: waits)
        XCTAssertEqual(summary.attempts, 1, "no retry, and the second place is not asked")
        XCTAssertEqual(summary.notAttempted, 1)
        XCTAssertEqual(waits.recorded, [], "neither a back-off nor a rate-limiter slot was waited for")
        XCTAssertEqual(summary.unreachableHost, "127.0.0.1")
        XCTAssertEqual(summary.pending, 10)
        XCTAssertEqual(
            summary.noNetworkNote,
            "no network (cannot reach 127.0.0.1): weather for 10 entries is pending; run `daybook backfill-weather` later")
        try assertAccountedFor(store, done: 0, pending: 10, error: 0)
    }

    func testBackfillRetriesAnUnreachableHostOnceThenStopsTheWholeRun() async throws {
        let store = try makeStore("daybook-weather")
        try seed(store)
        let waits = SleepRecorder()
        let summary = try await backfillAfterIngest(
            store, baseURL: Self.closedPort, waits: waits,
            retry: RetryPolicy(), stopAfterFailure: false)
        XCTAssertEqual(summary.attempts, 2, "one retry for the first place; the second is not asked")
        XCTAssertEqual(summary.notAttempted, 1)
        XCTAssertEqual(summary.unreachableHost, "127.0.0.1")
        try assertAccountedFor(store, done: 0, pending: 10, error: 0)
    }

    func testAServerErrorIsNotNoNetwork() async throws {
        let store = try makeStore("daybook-weather")
        try seed(store)
        let server = try startServer { _ in .json(503, #"{"error":true,"reason":"maintenance"}"#) }
        let summary = try await backfillAfterIngest(store, baseURL: server.baseURL, waits: SleepRecorder())
        XCTAssertEqual(server.requestCount, 2, "a 5xx is retried once after ingest, then the run stops")
        XCTAssertEqual(summary.attempts, 2)
        XCTAssertNil(summary.unreachableHost)
        XCTAssertNil(summary.noNetworkNote)
        XCTAssertTrue(summary.line.contains("HTTP 503"), summary.line)
    }
}
