import DaybookCore
import Foundation

/// One batch request: a cell and an inclusive range of local dates at the place.
package struct WeatherRequest: Sendable, Hashable {
    package let cell: GeoCell
    /// First local date at the place (inclusive).
    package let start: CivilDate
    /// Last local date at the place (inclusive).
    package let end: CivilDate

    /// `start` and `end` are swapped if given in the wrong order.
    package init(cell: GeoCell, start: CivilDate, end: CivilDate) {
        self.cell = cell
        self.start = min(start, end)
        self.end = max(start, end)
    }

    /// Number of days covered (≥ 1).
    package var dayCount: Int { end - start + 1 }

    package func contains(_ date: CivilDate) -> Bool { start <= date && date <= end }
}

/// One hour of weather at a grid point. Every value can be missing (`nil`): the archive
/// returns nulls for hours it has not filled yet, and station files have gaps.
package struct HourlyObservation: Sendable, Hashable, Codable {
    /// Unix seconds UTC of the observation (Open-Meteo: the start of the hour).
    package let time: Int64
    /// Air temperature at 2 m, °C (`temperature_2m`).
    package let temperature: Double?
    /// Apparent ("feels like") temperature, °C.
    package let apparentTemperature: Double?
    /// Precipitation in the preceding hour, mm.
    package let precipitation: Double?
    /// Total cloud cover, %.
    package let cloudCover: Double?
    /// Wind speed at 10 m, km/h (`wind_speed_10m`).
    package let windSpeed: Double?
    /// WMO weather code (see `WMOWeatherCode`).
    package let weatherCode: Int?

    package init(
        time: Int64, temperature: Double? = nil, apparentTemperature: Double? = nil,
        precipitation: Double? = nil, cloudCover: Double? = nil, windSpeed: Double? = nil,
        weatherCode: Int? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.apparentTemperature = apparentTemperature
        self.precipitation = precipitation
        self.cloudCover = cloudCover
        self.windSpeed = windSpeed
        self.weatherCode = weatherCode
    }

    /// True when every value is missing (for the archive: not filled yet).
    package var isEmpty: Bool {
        temperature == nil && apparentTemperature == nil && precipitation == nil
            && cloudCover == nil && windSpeed == nil && weatherCode == nil
    }
}

/// What a provider answers for one request: the hours at one grid point.
package struct WeatherSeries: Sendable, Hashable, Codable {
    /// Provider name: "open-meteo", "file".
    package let provider: String
    /// The grid point (or station) the provider answered for.
    package let gridLatitude: Double
    package let gridLongitude: Double
    /// IANA zone of the place (Open-Meteo's `timezone=auto` answer), e.g. "Europe/Paris".
    package let timeZone: String?
    /// The provider's `utc_offset_seconds` (one offset for the whole answer: use `timeZone`
    /// for DST-aware conversions when it is known).
    package let utcOffsetSeconds: Int
    /// Sorted by `time`, one per time.
    package let hours: [HourlyObservation]

    /// Sorts `hours` by time and keeps the last of any duplicates.
    package init(
        provider: String, gridLatitude: Double, gridLongitude: Double, timeZone: String?,
        utcOffsetSeconds: Int, hours: [HourlyObservation]
    ) {
        self.provider = provider
        self.gridLatitude = gridLatitude
        self.gridLongitude = gridLongitude
        self.timeZone = timeZone
        self.utcOffsetSeconds = utcOffsetSeconds
        var sorted: [HourlyObservation] = []
        sorted.reserveCapacity(hours.count)
        for hour in hours.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }).map(\.element) {
            if let last = sorted.last, last.time == hour.time { sorted[sorted.count - 1] = hour } else { sorted.append(hour) }
        }
        self.hours = sorted
    }

    /// The place's zone, when `timeZone` names one Foundation knows.
    package var placeTimeZone: TimeZone? { timeZone.flatMap(TimeZone.init(identifier:)) }

    /// The place's UTC offset at a Unix instant: from the IANA zone when known (DST-aware),
    /// else `utcOffsetSeconds`.
    package func offsetSeconds(at unixSeconds: Int64) -> Int {
        if let zone = placeTimeZone {
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(unixSeconds)))
        }
        return utcOffsetSeconds
    }

    /// Unix seconds of local midnight starting `date` at the place (IANA zone when known,
    /// DST-aware; else `utcOffsetSeconds`).
    package func localMidnight(_ date: CivilDate) -> Int64 {
        if let zone = placeTimeZone {
            return PlaceTime.instant(ofLocalSeconds: date.midnightUTCSeconds, in: zone).unixSeconds
        }
        return date.midnightUTCSeconds - Int64(utcOffsetSeconds)
    }

    /// The hours of local date `date` at the place: from its local midnight up to the next
    /// one (23, 24 or 25 hours around DST changes). For per-day caching. O(log n).
    package func hours(on date: CivilDate) -> [HourlyObservation] {
        Array(hours[indices(from: localMidnight(date), to: localMidnight(date.adding(days: 1)))])
    }

    /// The same series with only the hours of local dates `start...end`.
    func restricted(to start: CivilDate, _ end: CivilDate) -> WeatherSeries {
        let kept = hours[indices(from: localMidnight(min(start, end)), to: localMidnight(max(start, end).adding(days: 1)))]
        return WeatherSeries(
            provider: provider, gridLatitude: gridLatitude, gridLongitude: gridLongitude,
            timeZone: timeZone, utcOffsetSeconds: utcOffsetSeconds, hours: Array(kept))
    }

    /// Every local date that has at least one hour, with its hours (one pass).
    package func hoursByLocalDate() -> [(date: CivilDate, hours: [HourlyObservation])] {
        var result: [(date: CivilDate, hours: [HourlyObservation])] = []
        guard let first = hours.first else { return result }
        var date = CivilDate(unixSeconds: first.time, offsetSeconds: offsetSeconds(at: first.time))
        var index = 0
        while index < hours.count {
            let next = localMidnight(date.adding(days: 1))
            let range = indices(from: hours[index].time, to: next)
            if !range.isEmpty { result.append((date, Array(hours[range]))) }
            index = max(range.upperBound, index)
            date = date.adding(days: 1)
            if index < hours.count, hours[index].time >= localMidnight(date.adding(days: 1)) {
                date = CivilDate(unixSeconds: hours[index].time, offsetSeconds: offsetSeconds(at: hours[index].time))
            }
        }
        return result
    }

    /// Index range of the hours with `from <= time < to` (hours are sorted).
    private func indices(from: Int64, to: Int64) -> Range<Int> {
        func lowerBound(_ t: Int64) -> Int {
            var low = 0, high = hours.count
            while low < high {
                let mid = (low + high) / 2
                if hours[mid].time < t { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let a = lowerBound(from)
        return a..<max(a, lowerBound(to))
    }
}

/// Why a request failed, sorted by what to do about it.
package enum WeatherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Timeout, HTTP 5xx or 408: retry with back-off.
    case transient(String)
    /// The host could not be reached at all: its name did not resolve, the connection was
    /// refused, or there is no route to it. Not an answer from the server, so every other
    /// request to the same host would fail the same way: a run stops asking (see
    /// `WeatherBackfill`), and its entries stay pending.
    case unreachable(host: String, reason: String)
    /// HTTP 429: retry after the given seconds (`Retry-After`), or back off if absent.
    case rateLimited(retryAfter: Double?)
    /// HTTP 400 with `{"error":true,"reason":…}` (and other 4xx): never retry; record the
    /// reason on the entries.
    case permanent(String)
    /// The answer was not the expected JSON shape. Retried like `transient`, but only up to
    /// `RetryPolicy.maxMalformedAttempts` attempts (default 2): a one-off truncated body is
    /// worth one more try, a server that always answers something else (a wrong base URL
    /// serving HTML) is not worth five.
    case malformed(String)

    package var description: String {
        switch self {
        case .transient(let message): return "temporary failure: \(message)"
        case .unreachable(let host, let reason): return "cannot reach \(host): \(reason)"
        case .rateLimited(let after):
            return after.map { "rate limited (retry after \(Self.seconds($0)) s)" } ?? "rate limited"
        case .permanent(let reason): return reason
        case .malformed(let message): return "malformed answer: \(message)"
        }
    }

    /// True for `.unreachable`: no answer came, and none will from that host for now.
    package var isUnreachable: Bool { if case .unreachable = self { return true } else { return false } }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
