import Foundation

/// Bounded retries with exponential back-off.
package struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    package var maxAttempts = 5
    /// Seconds; back-off before retry n is up to `baseDelay * 2^(n-1)`.
    package var baseDelay = 1.0
    /// No single wait is longer than this. A Retry-After longer than this means give up.
    package var maxDelay = 60.0
    /// A malformed answer is retried only while fewer than this many attempts were made
    /// (default 2: one retry). See `WeatherError.malformed`.
    package var maxMalformedAttempts = 2
    /// An unreachable host is retried only while fewer than this many attempts were made
    /// (default 2: one retry, for a resolver's hiccup). Ingest uses 1: without a network it
    /// must not wait.
    package var maxUnreachableAttempts = 2

    package init(
        maxAttempts: Int = 5, baseDelay: Double = 1.0, maxDelay: Double = 60.0, maxMalformedAttempts: Int = 2,
        maxUnreachableAttempts: Int = 2
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxMalformedAttempts = maxMalformedAttempts
        self.maxUnreachableAttempts = maxUnreachableAttempts
    }

    /// What `ingest` uses after storing its photos: one retry for a server error, none for
    /// an unreachable host, so a machine without network is not held up.
    package static let afterIngest = RetryPolicy(maxAttempts: 2, maxUnreachableAttempts: 1)

    /// Seconds to wait before the next attempt, or `nil` to give up.
    ///
    /// - `.permanent` → `nil` at once.
    /// - after `maxAttempts` attempts → `nil`.
    /// - `.rateLimited(retryAfter)` → `retryAfter` exactly (no jitter: the server said
    ///   when). If that is longer than `maxDelay` (an hourly or daily limit), `nil`: give up
    ///   now rather than retry early into the same refusal — the caller should stop the run
    ///   and try again later. Without a retryAfter, `baseDelay * 2^(attempt-1)` capped.
    /// - `.transient` → "full jitter": `random * min(maxDelay, baseDelay * 2^(attempt-1))`.
    /// - `.malformed` → like transient, but `nil` once `maxMalformedAttempts` attempts were made.
    /// - `.unreachable` → like transient, but `nil` once `maxUnreachableAttempts` attempts were made.
    ///
    /// `attempt` is the number of the attempt that just failed (1 for the first).
    /// `random` is in 0..<1.
    package func delay(afterAttempt attempt: Int, error: WeatherError, random: Double) -> Double? {
        guard attempt < maxAttempts else { return nil }
        let exponential = min(maxDelay, baseDelay * pow(2, Double(max(0, attempt - 1))))
        let jitter = min(max(random, 0), 1)
        switch error {
        case .permanent:
            return nil
        case .rateLimited(let retryAfter):
            guard let retryAfter else { return exponential }
            return retryAfter <= maxDelay ? max(0, retryAfter) : nil
        case .transient:
            return max(0, jitter * exponential)
        case .malformed:
            guard attempt < maxMalformedAttempts else { return nil }
            return max(0, jitter * exponential)
        case .unreachable:
            guard attempt < maxUnreachableAttempts else { return nil }
            return max(0, jitter * exponential)
        }
    }
}

/// Spaces requests evenly: a request of cost c is followed by a gap of
/// `c × 60 / requestsPerMinute` seconds before the next one may start. The first request
/// goes at once. Slots are reserved before waiting, so concurrent callers queue.
/// `WeatherFetcher` passes the provider's `callWeight(for:)` as the cost, so the limit is
/// in the provider's fair-use calls (a year from Open-Meteo costs about 26).
package actor RateLimiter {
    /// The CLI's default: 60 weighted calls a minute, well under Open-Meteo's fair-use
    /// 600/min and 5,000/h (3,600/h). Only a run of more than about 2¾ hours would reach
    /// the 10,000/day limit; cap a run's requests if that matters.
    package static let defaultRequestsPerMinute = 60.0

    package nonisolated let interval: Double
    private let sleep: @Sendable (Double) async -> Void
    private var nextSlot: ContinuousClock.Instant?
    private let clock = ContinuousClock()

    /// `requestsPerMinute` ≤ 0 or infinite means no limit.
    package init(requestsPerMinute: Double) {
        self.init(requestsPerMinute: requestsPerMinute, sleep: { try? await Task.sleep(for: .seconds($0)) })
    }

    /// With an injected sleep (for tests).
    package init(requestsPerMinute: Double, sleep: @escaping @Sendable (Double) async -> Void) {
        interval = requestsPerMinute > 0 && requestsPerMinute.isFinite ? 60 / requestsPerMinute : 0
        self.sleep = sleep
    }

    /// Waits for the next slot, then books the time this request costs. Returns the seconds
    /// waited (0 for an immediate slot).
    @discardableResult
    package func acquire(cost: Double = 1) async -> Double {
        guard interval > 0 else { return 0 }
        let now = clock.now
        let slot = max(now, nextSlot ?? now)
        nextSlot = slot + .seconds(interval * (cost.isFinite ? max(0, cost) : 1))
        let wait = now.duration(to: slot)
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        if seconds > 0 { await sleep(seconds) }
        return max(0, seconds)
    }
}

/// A provider behind the rate limiter and the retry policy.
package struct WeatherFetcher: Sendable {
    package let provider: any WeatherProvider
    package let retry: RetryPolicy
    package let limiter: RateLimiter
    private let sleep: @Sendable (Double) async -> Void
    private let random: @Sendable () -> Double

    package init(
        provider: any WeatherProvider, retry: RetryPolicy = RetryPolicy(), limiter: RateLimiter,
        sleep: @escaping @Sendable (Double) async -> Void = { try? await Task.sleep(for: .seconds($0)) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.provider = provider
        self.retry = retry
        self.limiter = limiter
        self.sleep = sleep
        self.random = random
    }

    /// Fetches with rate limiting (every attempt takes a slot) and bounded retries. Returns
    /// the series or the last error, and the number of attempts made. A cancelled task stops
    /// retrying and returns `.transient("cancelled")` if it has no answer yet.
    package func fetch(_ request: WeatherRequest) async -> (result: Result<WeatherSeries, WeatherError>, attempts: Int) {
        var attempt = 0
        while true {
            if Task.isCancelled { return (.failure(.transient("cancelled")), attempt) }
            attempt += 1
            await limiter.acquire(cost: provider.callWeight(for: request))
            do throws(WeatherError) {
                let series = try await provider.series(for: request)
                return (.success(series), attempt)
            } catch {
                guard !Task.isCancelled,
                    let wait = retry.delay(afterAttempt: attempt, error: error, random: random())
                else { return (.failure(error), attempt) }
                await sleep(wait)
            }
        }
    }
}
