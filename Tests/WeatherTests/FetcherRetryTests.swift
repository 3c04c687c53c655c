import DaybookTestSupport
import DaybookWeather
import Foundation
import XCTest

/// `WeatherFetcher` + `RetryPolicy` against the local server, with a recording sleep.
final class FetcherRetryTests: ServerTestCase {
    private func fetcher(_ server: LocalHTTPServer, retry: RetryPolicy = RetryPolicy(), sleeps: SleepRecorder) -> WeatherFetcher {
        WeatherFetcher(
            provider: OpenMeteoArchive(baseURL: server.baseURL, timeout: 5), retry: retry,
            limiter: RateLimiter(requestsPerMinute: 0), sleep: sleeps.sleep, random: { 0.5 })
    }

    private static let serverError: @Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply = { _ in
        .json(500, #"{"error":true,"reason":"internal"}"#)
    }

    /// What one fetch for Paris did against a server giving `replies` in turn (the last one
    /// repeats): its result, its attempts, the requests the server saw, and the waits between
    /// attempts (recorded, not slept).
    private struct Fetch {
        let result: Result<WeatherSeries, WeatherError>
        let attempts: Int
        let requests: Int
        let sleeps: [Double]
    }

    private func fetchParis(_ replies: [@Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply]) async throws -> Fetch {
        let server = try startServer(ReplyScript(replies).next)
        let sleeps = SleepRecorder()
        let (result, attempts) = await fetcher(server, sleeps: sleeps).fetch(parisRequest())
        return Fetch(result: result, attempts: attempts, requests: server.requestCount, sleeps: sleeps.recorded)
    }

    func testTwoServerErrorsThenSuccess() async throws {
        let fetch = try await fetchParis([Self.serverError, Self.serverError, OpenMeteoFake.ok])
        XCTAssertEqual(fetch.attempts, 3)
        XCTAssertEqual(fetch.requests, 3)
        XCTAssertEqual(try fetch.result.get().hours.count, 48)
        // Full jitter with random 0.5: 0.5 × 1 s, then 0.5 × 2 s.
        XCTAssertEqual(fetch.sleeps, [0.5, 1.0])
    }

    func testAlwaysServerErrorGivesUpAfterMaxAttempts() async throws {
        let fetch = try await fetchParis([Self.serverError])
        XCTAssertEqual(fetch.attempts, 5)
        XCTAssertEqual(fetch.requests, 5)
        XCTAssertEqual(fetch.sleeps.count, 4)
        guard case .failure(.transient(let message)) = fetch.result else { return XCTFail("\(fetch.result)") }
        XCTAssertTrue(message.contains("500"), message)
    }

    func testRateLimitHonoursRetryAfter() async throws {
        let fetch = try await fetchParis([{ _ in .json(429, "{}", headers: ["Retry-After": "2"]) }, OpenMeteoFake.ok])
        XCTAssertEqual(fetch.attempts, 2)
        XCTAssertNoThrow(try fetch.result.get())
        XCTAssertEqual(fetch.sleeps, [2.0])
    }

    func testHourlyLimitGivesUpAtOnce() async throws {
        let fetch = try await fetchParis([
            { _ in .json(429, #"{"error":true,"reason":"Hourly API request limit exceeded. Please try again in the next hour."}"#) }
        ])
        XCTAssertEqual(fetch.attempts, 1)
        XCTAssertEqual(fetch.sleeps, [])
        guard case .failure(let error) = fetch.result else { return XCTFail("expected failure") }
        XCTAssertEqual(error, .rateLimited(retryAfter: 3600))
    }

    func testMinutelyLimitWaitsAMinute() async throws {
        let fetch = try await fetchParis([
            { _ in .json(429, #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#) },
            OpenMeteoFake.ok,
        ])
        XCTAssertEqual(fetch.attempts, 2)
        XCTAssertNoThrow(try fetch.result.get())
        XCTAssertEqual(fetch.sleeps, [60])
    }

    func testBadRequestIsTriedOnce() async throws {
        let reason = "Parameter 'start_date' is out of allowed range"
        let fetch = try await fetchParis([{ _ in .json(400, #"{"error":true,"reason":"\#(reason)"}"#) }])
        XCTAssertEqual(fetch.attempts, 1)
        XCTAssertEqual(fetch.requests, 1)
        XCTAssertEqual(fetch.sleeps, [])
        guard case .failure(let error) = fetch.result else { return XCTFail("expected failure") }
        XCTAssertEqual(error, .permanent(reason))
    }

    func testMalformedIsRetriedOnceOnly() async throws {
        let fetch = try await fetchParis([{ _ in .json(200, "not json") }])
        XCTAssertEqual(fetch.attempts, 2)
        XCTAssertEqual(fetch.requests, 2)
        guard case .failure(.malformed) = fetch.result else { return XCTFail("\(fetch.result)") }
    }

    func testTimeoutsAreRetriedAndBounded() async throws {
        let server = try startServer { .json(200, OpenMeteoFake.answer(for: $0)!, delay: 3) }
        let sleeps = SleepRecorder()
        let fetcher = WeatherFetcher(
            provider: OpenMeteoArchive(baseURL: server.baseURL, timeout: 1),
            retry: RetryPolicy(maxAttempts: 2), limiter: RateLimiter(requestsPerMinute: 0),
            sleep: sleeps.sleep)
        let started = Date()
        let (result, attempts) = await fetcher.fetch(parisRequest())
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(server.requestCount, 2)
        XCTAssertEqual(sleeps.recorded.count, 1)
        XCTAssertGreaterThanOrEqual(elapsed, 1.8, "each attempt waited for its 1 s timeout")
        XCTAssertLessThan(elapsed, 5.5, "and no longer than the server's 3 s answer")
        guard case .failure(.transient(let message)) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(message.contains("timed out"), message)
    }

    /// A fetcher limited to 60 requests a minute (one slot a second), retrying at once; the
    /// limiter's waits are recorded, not slept.
    private func limitedFetcher(_ server: LocalHTTPServer, limiterWaits: SleepRecorder) -> WeatherFetcher {
        WeatherFetcher(
            provider: OpenMeteoArchive(baseURL: server.baseURL, timeout: 5),
            limiter: RateLimiter(requestsPerMinute: 60, sleep: limiterWaits.sleep), sleep: { _ in }, random: { 0 })
    }

    func testEveryAttemptTakesARateLimiterSlot() async throws {
        let script = ReplyScript([Self.serverError, OpenMeteoFake.ok])
        let server = try startServer(script.next)
        let limiterWaits = SleepRecorder()
        let fetcher = limitedFetcher(server, limiterWaits: limiterWaits)
        let (_, attempts) = await fetcher.fetch(parisRequest())
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(limiterWaits.recorded.count, 1, "the retry waited for the second slot")
        XCTAssertEqual(limiterWaits.recorded.first ?? 0, 1, accuracy: 0.3)
    }

    func testLongRequestsCostMoreSlots() async throws {
        let script = ReplyScript([Self.serverError, OpenMeteoFake.ok])
        let server = try startServer(script.next)
        let limiterWaits = SleepRecorder()
        let fetcher = limitedFetcher(server, limiterWaits: limiterWaits)
        // 28 days count as 2 Open-Meteo calls: the retry waits 2 s at 60 calls a minute.
        let (_, attempts) = await fetcher.fetch(parisRequest("2021-07-01", "2021-07-28"))
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(limiterWaits.recorded.first ?? 0, 2, accuracy: 0.3)
    }
}

/// `RetryPolicy.delay` rules on their own.
final class RetryPolicyTests: XCTestCase {
    func testRules() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: 1, maxDelay: 60)
        XCTAssertNil(policy.delay(afterAttempt: 1, error: .permanent("no"), random: 0.5))
        XCTAssertEqual(policy.delay(afterAttempt: 1, error: .rateLimited(retryAfter: 2), random: 0.9), 2)
        XCTAssertEqual(policy.delay(afterAttempt: 1, error: .rateLimited(retryAfter: 60), random: 0.9), 60)
        XCTAssertNil(
            policy.delay(afterAttempt: 1, error: .rateLimited(retryAfter: 3600), random: 0.9),
            "an hourly limit is not retried after a minute")
        XCTAssertEqual(policy.delay(afterAttempt: 3, error: .rateLimited(retryAfter: nil), random: 0.9), 4)
        XCTAssertEqual(policy.delay(afterAttempt: 1, error: .transient("x"), random: 0.999), 0.999)
        XCTAssertEqual(policy.delay(afterAttempt: 4, error: .transient("x"), random: 0.5), 4)
        XCTAssertEqual(policy.delay(afterAttempt: 4, error: .transient("x"), random: 0), 0)
        XCTAssertEqual(RetryPolicy(maxAttempts: 20).delay(afterAttempt: 10, error: .transient("x"), random: 0.5), 30, "capped at maxDelay")
        XCTAssertNil(policy.delay(afterAttempt: 5, error: .transient("x"), random: 0.5), "no sixth attempt")
        XCTAssertNil(policy.delay(afterAttempt: 5, error: .rateLimited(retryAfter: 1), random: 0.5))
        XCTAssertEqual(policy.delay(afterAttempt: 1, error: .malformed("x"), random: 0.5), 0.5)
        XCTAssertNil(policy.delay(afterAttempt: 2, error: .malformed("x"), random: 0.5))
        let unreachable = WeatherError.unreachable(host: "h", reason: "refused")
        XCTAssertEqual(policy.delay(afterAttempt: 1, error: unreachable, random: 0.5), 0.5, "one retry for a resolver's hiccup")
        XCTAssertNil(policy.delay(afterAttempt: 2, error: unreachable, random: 0.5))
        XCTAssertNil(RetryPolicy.afterIngest.delay(afterAttempt: 1, error: unreachable, random: 0.5), "ingest never waits for no network")
        XCTAssertEqual(RetryPolicy.afterIngest.delay(afterAttempt: 1, error: .transient("HTTP 503"), random: 0.5), 0.5)
        XCTAssertNil(RetryPolicy.afterIngest.delay(afterAttempt: 2, error: .transient("HTTP 503"), random: 0.5))
    }

    func testJitterStaysWithinTheExponentialBound() {
        let policy = RetryPolicy()
        var generator = SplitMix64(seed: 7)
        for attempt in 1...4 {
            let bound = pow(2, Double(attempt - 1))
            let waits = (0..<200).map { _ in
                policy.delay(afterAttempt: attempt, error: .transient("x"), random: Double.random(in: 0..<1, using: &generator))!
            }
            XCTAssertTrue(waits.allSatisfy { $0 >= 0 && $0 < bound })
            XCTAssertGreaterThan(Set(waits).count, 150, "jittered, not constant")
        }
    }
}

/// `RateLimiter` spacing, with recorded (not slept) waits.
final class RateLimiterTests: XCTestCase {
    func testSlotsAreEvenlySpaced() async {
        let waits = SleepRecorder()
        let limiter = RateLimiter(requestsPerMinute: 600, sleep: waits.sleep)  // 0.1 s apart
        var returned: [Double] = []
        for _ in 0..<5 { returned.append(await limiter.acquire()) }
        XCTAssertEqual(returned[0], 0, "the first request goes at once")
        // The recorder does not sleep, so slot n is about n × 0.1 s away.
        for (index, wait) in returned.enumerated().dropFirst() {
            XCTAssertEqual(wait, 0.1 * Double(index), accuracy: 0.05)
        }
        XCTAssertEqual(waits.recorded.count, 4)
    }

    func testRealSpacing() async {
        let limiter = RateLimiter(requestsPerMinute: 1200)  // 50 ms apart
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<5 { await limiter.acquire() }
        let elapsed = started.duration(to: clock.now)
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(195), "5 slots span at least 4 × 50 ms")
    }

    func testCostScalesTheGap() async {
        let waits = SleepRecorder()
        let limiter = RateLimiter(requestsPerMinute: 60, sleep: waits.sleep)
        let first = await limiter.acquire(cost: 26)
        let second = await limiter.acquire()
        let third = await limiter.acquire(cost: 0.5)
        XCTAssertEqual(first, 0)
        XCTAssertEqual(second, 26, accuracy: 0.05)
        XCTAssertEqual(third, 27, accuracy: 0.05)
    }

    func testUnlimited() async {
        let limiter = RateLimiter(requestsPerMinute: 0)
        for _ in 0..<100 { let wait = await limiter.acquire(); XCTAssertEqual(wait, 0) }
    }
}
