import DaybookCore
import Foundation

/// A source of hourly weather, asked in batches: one call per place and date range.
package protocol WeatherProvider: Sendable {
    /// Stored with each entry's weather: "open-meteo", "file", "none".
    var name: String { get }
    /// The hours at the request's cell for its local dates. Throws only `WeatherError`.
    func series(for request: WeatherRequest) async throws(WeatherError) -> WeatherSeries
    /// The last local date the provider can answer for as of `now`, or `nil` for no limit.
    /// Entries after it stay pending (see `BackfillPlanner.partition`).
    func lastAvailableDate(now: Date) -> CivilDate?
    /// The first local date the provider has data for, or `nil` for no limit (Open-Meteo's
    /// archive: 1940-01-01). Asking for earlier dates fails with `.permanent`.
    var earliestAvailableDate: CivilDate? { get }
    /// How many fair-use "calls" the provider counts for this request; `RateLimiter` spaces
    /// requests by this weight. 1 unless the provider says otherwise.
    func callWeight(for request: WeatherRequest) -> Double
}

extension WeatherProvider {
    package func lastAvailableDate(now: Date) -> CivilDate? { nil }
    package var earliestAvailableDate: CivilDate? { nil }
    package func callWeight(for request: WeatherRequest) -> Double { 1 }
}

/// The "none" provider: weather is switched off. It answers every request with
/// `.permanent("weather provider is none")`; callers should rather not fetch at all when
/// `provider.name == "none"` (so entries are not marked with an error for it).
package struct NoWeather: WeatherProvider {
    package init() {}
    package var name: String { "none" }
    package func series(for request: WeatherRequest) async throws(WeatherError) -> WeatherSeries {
        throw .permanent("weather provider is none")
    }
}
