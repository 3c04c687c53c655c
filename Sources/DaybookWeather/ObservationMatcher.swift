import DaybookCore
import Foundation

/// How a wall-clock time became an instant.
package enum LocalTimeResolution: String, Sendable, Hashable, Codable {
    /// The entry had its own UTC offset; the place's zone was not needed.
    case entryOffset = "entry-offset"
    /// The place's zone maps the local time to exactly one instant.
    case unique
    /// The local time does not exist at the place (spring-forward gap). It was read with the
    /// offset in force before the change, i.e. moved forward across the gap.
    case gap
    /// The local time happens twice at the place (fall-back overlap). The earlier occurrence
    /// was used.
    case overlap
    /// No usable zone: the provider's single `utc_offset_seconds` was used.
    case providerOffset = "provider-offset"
}

/// Converting a place's wall-clock time to an instant with its IANA zone.
package enum PlaceTime {
    /// Unix seconds of `local` at `zone`, DST-aware.
    ///
    /// - Gap (e.g. Europe/Paris 2021-03-28 02:30, which does not exist): read with the offset
    ///   in force *before* the change (+01:00), which is the same as moving the wall time
    ///   forward by the gap (02:30 → 03:30 CEST) = 01:30 UTC. This is what Foundation's
    ///   Calendar, java.time and Python's zoneinfo (fold=0) do, and it is what a camera
    ///   whose clock was not yet put forward means by "02:30".
    /// - Overlap (2021-10-31 02:30 happens at +02:00 and again at +01:00): the earlier
    ///   occurrence, 02:30 CEST = 00:30 UTC.
    package static func instant(of local: LocalDateTime, in zone: TimeZone)
        -> (unixSeconds: Int64, offsetSeconds: Int, resolution: LocalTimeResolution)
    {
        instant(ofLocalSeconds: local.secondsSinceEpochIgnoringZone, in: zone)
    }

    /// As `instant(of:in:)`, for local seconds counted as if the wall time were UTC.
    package static func instant(ofLocalSeconds local: Int64, in zone: TimeZone)
        -> (unixSeconds: Int64, offsetSeconds: Int, resolution: LocalTimeResolution)
    {
        func offset(at unix: Int64) -> Int {
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(unix)))
        }
        // Offsets in force two days either side bracket any single transition near `local`
        // (DST changes are months apart; two days also covers 24-hour date-line jumps).
        let before = offset(at: local - 172_800)
        let after = offset(at: local + 172_800)
        var candidates = Set([before, after])
        // Offsets in effect at the naive readings catch an unusual change in between.
        candidates.insert(offset(at: local - Int64(before)))
        candidates.insert(offset(at: local - Int64(after)))
        let valid =
            candidates
            .filter { offset(at: local - Int64($0)) == $0 }
            .map { (unixSeconds: local - Int64($0), offsetSeconds: $0) }
            .sorted { $0.unixSeconds < $1.unixSeconds }
        if let first = valid.first {
            return (first.unixSeconds, first.offsetSeconds, valid.count > 1 ? .overlap : .unique)
        }
        // Gap: no offset reproduces the wall time. Use the offset before the change.
        let unix = local - Int64(before)
        return (unix, offset(at: unix), .gap)
    }
}

/// The observation chosen for an entry.
package struct WeatherMatch: Sendable, Hashable {
    package let observation: HourlyObservation
    /// The place's UTC offset at the capture instant, from the IANA zone; `nil` when the
    /// series has no usable zone.
    package let placeOffsetSeconds: Int?
    /// True when the entry had no offset and the place's IANA zone decided the instant. The
    /// integrator may then give the entry the offset `placeOffsetSeconds` with source
    /// `.placeTimeZone` — best only when `resolution == .unique` (a gap or overlap time is
    /// a guess).
    package let offsetFromPlace: Bool
    /// The capture instant used for matching (Unix seconds UTC).
    package let instant: Int64
    /// How the instant was found.
    package let resolution: LocalTimeResolution

    package init(
        observation: HourlyObservation, placeOffsetSeconds: Int?, offsetFromPlace: Bool,
        instant: Int64, resolution: LocalTimeResolution
    ) {
        self.observation = observation
        self.placeOffsetSeconds = placeOffsetSeconds
        self.offsetFromPlace = offsetFromPlace
        self.instant = instant
        self.resolution = resolution
    }
}

package enum ObservationMatcher {
    /// Farthest an observation may be from the capture instant.
    package static let maximumDistanceSeconds: Int64 = 90 * 60

    /// The observation nearest the capture instant.
    ///
    /// - Known offset: instant = local − offset.
    /// - Floating (`offsetSeconds == nil`): the local time is read at the place with the
    ///   series' IANA zone (DST-aware; gap → offset before the change, overlap → earlier
    ///   occurrence, see `PlaceTime`), or with `series.utcOffsetSeconds` when the series has
    ///   no zone Foundation knows.
    ///
    /// Then the nearest observation that has values, at most 90 minutes away (see
    /// `nearest(to:in:)`); otherwise `nil`.
    package static func match(local: LocalDateTime, offsetSeconds: Int?, in series: WeatherSeries) -> WeatherMatch? {
        let zone = series.placeTimeZone
        let instant: Int64
        let resolution: LocalTimeResolution
        if let offsetSeconds {
            instant = local.unixSeconds(offsetSeconds: offsetSeconds)
            resolution = .entryOffset
        } else if let zone {
            let resolved = PlaceTime.instant(of: local, in: zone)
            instant = resolved.unixSeconds
            resolution = resolved.resolution
        } else {
            instant = local.unixSeconds(offsetSeconds: series.utcOffsetSeconds)
            resolution = .providerOffset
        }
        guard let observation = nearest(to: instant, in: series.hours) else { return nil }
        let placeOffset = zone.map { $0.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) }
        return WeatherMatch(
            observation: observation, placeOffsetSeconds: placeOffset,
            offsetFromPlace: offsetSeconds == nil && zone != nil,
            instant: instant, resolution: resolution)
    }

    /// The observation nearest `instant`, among hours sorted by time, that is within 90
    /// minutes and has values (tie → earlier). An hour "has values" when it has a
    /// temperature, the value every entry shows first; the archive leaves hours it has not
    /// filled yet as nulls, and an entry matched to one would be "done" with nothing to
    /// show. Only for a series without any temperature (a station that records none) does
    /// any other value count. With no such hour near, `nil`: the entry stays pending and a
    /// later back-fill tries again.
    package static func nearest(to instant: Int64, in hours: [HourlyObservation]) -> HourlyObservation? {
        // First index whose time is >= instant; the window spreads out from there.
        var low = 0, high = hours.count
        while low < high {
            let mid = (low + high) / 2
            if hours[mid].time < instant { low = mid + 1 } else { high = mid }
        }
        var window: [HourlyObservation] = []
        var before = low - 1
        while before >= 0, instant - hours[before].time <= maximumDistanceSeconds { window.append(hours[before]); before -= 1 }
        var after = low
        while after < hours.count, hours[after].time - instant <= maximumDistanceSeconds { window.append(hours[after]); after += 1 }
        // Nearest first; of two equally near, the earlier.
        window.sort { (abs($0.time - instant), $0.time) < (abs($1.time - instant), $1.time) }
        if let withTemperature = window.first(where: { $0.temperature != nil }) { return withTemperature }
        guard !hours.contains(where: { $0.temperature != nil }) else { return nil }
        return window.first { !$0.isEmpty }
    }
}
