import DaybookCore
import DaybookMetadata
import Foundation
import XCTest

@testable import DaybookWeather

/// The local-time matching rule, with and without offsets, across Europe/Paris DST changes.
final class MatcherTests: XCTestCase {
    /// Hourly observations every UTC hour from `from` to `to` (Unix seconds); temperature is
    /// the hour number so a match names its hour.
    static func series(
        from: Int64, to: Int64, zone: String? = "Europe/Paris", utcOffset: Int = 3600,
        skip: Set<Int64> = [], empty: Set<Int64> = []
    ) -> WeatherSeries {
        var hours: [HourlyObservation] = []
        var t = from
        while t <= to {
            if !skip.contains(t) {
                hours.append(
                    empty.contains(t)
                        ? HourlyObservation(time: t)
                        : HourlyObservation(time: t, temperature: Double(t / 3600), weatherCode: 0))
            }
            t += 3600
        }
        return WeatherSeries(
            provider: "test", gridLatitude: 48.86, gridLongitude: 2.34, timeZone: zone,
            utcOffsetSeconds: utcOffset, hours: hours)
    }

    static func utc(_ text: String) -> Int64 {
        LocalDateTime(iso: text)!.secondsSinceEpochIgnoringZone
    }

    static func local(_ text: String) -> LocalDateTime { LocalDateTime(iso: text)! }

    /// Paris, 2021-01-01 … 2021-12-31 (UTC), every hour.
    let paris = MatcherTests.series(from: utc("2021-01-01T00:00:00"), to: utc("2021-12-31T23:00:00"))

    func assertMatch(
        _ local: String, offset: Int?, in series: WeatherSeries, utcHour: String, placeOffset: Int?,
        fromPlace: Bool, resolution: LocalTimeResolution, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let match = ObservationMatcher.match(local: Self.local(local), offsetSeconds: offset, in: series) else {
            return XCTFail("no match for \(local)", file: file, line: line)
        }
        XCTAssertEqual(match.observation.time, Self.utc(utcHour), "observation hour", file: file, line: line)
        XCTAssertEqual(match.placeOffsetSeconds, placeOffset, "place offset", file: file, line: line)
        XCTAssertEqual(match.offsetFromPlace, fromPlace, "offsetFromPlace", file: file, line: line)
        XCTAssertEqual(match.resolution, resolution, file: file, line: line)
    }

    func testKnownOffsetUsesTheInstant() {
        assertMatch(
            "2021-07-15T14:20:00", offset: 7200, in: paris, utcHour: "2021-07-15T12:00:00",
            placeOffset: 7200, fromPlace: false, resolution: .entryOffset)
        // A camera on another zone's clock: its own offset still gives the right instant.
        assertMatch(
            "2021-07-15T14:20:00", offset: -4 * 3600, in: paris, utcHour: "2021-07-15T18:00:00",
            placeOffset: 7200, fromPlace: false, resolution: .entryOffset)
        assertMatch(
            "2021-01-15T14:40:00", offset: 3600, in: paris, utcHour: "2021-01-15T14:00:00",
            placeOffset: 3600, fromPlace: false, resolution: .entryOffset)
    }

    func testFloatingSummerAndWinterDays() {
        assertMatch(
            "2021-07-15T14:20:00", offset: nil, in: paris, utcHour: "2021-07-15T12:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .unique)
        assertMatch(
            "2021-01-15T14:20:00", offset: nil, in: paris, utcHour: "2021-01-15T13:00:00",
            placeOffset: 3600, fromPlace: true, resolution: .unique)
        assertMatch(
            "2021-01-15T14:40:00", offset: nil, in: paris, utcHour: "2021-01-15T14:00:00",
            placeOffset: 3600, fromPlace: true, resolution: .unique)
    }

    func testTieGoesToTheEarlierHour() {
        assertMatch(
            "2021-07-15T14:30:00", offset: nil, in: paris, utcHour: "2021-07-15T12:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .unique)
        assertMatch(
            "2021-07-15T14:30:01", offset: nil, in: paris, utcHour: "2021-07-15T13:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .unique)
    }

    func testSpringForwardDay() {
        // 2021-03-28: 02:00 CET jumps to 03:00 CEST at 01:00 UTC.
        assertMatch(
            "2021-03-28T01:20:00", offset: nil, in: paris, utcHour: "2021-03-28T00:00:00",
            placeOffset: 3600, fromPlace: true, resolution: .unique)
        // 02:20 does not exist: read with the offset before the change (+01:00), i.e. as
        // 03:20 CEST = 01:20 UTC.
        assertMatch(
            "2021-03-28T02:20:00", offset: nil, in: paris, utcHour: "2021-03-28T01:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .gap)
        assertMatch(
            "2021-03-28T02:40:00", offset: nil, in: paris, utcHour: "2021-03-28T02:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .gap)
        assertMatch(
            "2021-03-28T03:20:00", offset: nil, in: paris, utcHour: "2021-03-28T01:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .unique)
        assertMatch(
            "2021-03-28T12:00:00", offset: nil, in: paris, utcHour: "2021-03-28T10:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .unique)
        assertMatch(
            "2021-03-27T12:00:00", offset: nil, in: paris, utcHour: "2021-03-27T11:00:00",
            placeOffset: 3600, fromPlace: true, resolution: .unique)
        // The same wall time with an explicit offset ignores the zone's rule.
        assertMatch(
            "2021-03-28T02:20:00", offset: 7200, in: paris, utcHour: "2021-03-28T00:00:00",
            placeOffset: 3600, fromPlace: false, resolution: .entryOffset)
    }

    func testFallBackDay() {
        // 2021-10-31: 03:00 CEST goes back to 02:00 CET at 01:00 UTC; 02:20 happens twice.
        assertMatch(
            "2021-10-31T02:20:00", offset: nil, in: paris, utcHour: "2021-10-31T00:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .overlap)
        // With its offset, the second 02:20 (+01:00) is 01:20 UTC.
        assertMatch(
            "2021-10-31T02:20:00", offset: 3600, in: paris, utcHour: "2021-10-31T01:00:00",
            placeOffset: 3600, fromPlace: false, resolution: .entryOffset)
        assertMatch(
            "2021-10-31T01:50:00", offset: nil, in: paris, utcHour: "2021-10-31T00:00:00",
            placeOffset: 7200, fromPlace: true, resolution: .unique)
        assertMatch(
            "2021-10-31T03:20:00", offset: nil, in: paris, utcHour: "2021-10-31T02:00:00",
            placeOffset: 3600, fromPlace: true, resolution: .unique)
        assertMatch(
            "2021-10-31T12:00:00", offset: nil, in: paris, utcHour: "2021-10-31T11:00:00",
            placeOffset: 3600, fromPlace: true, resolution: .unique)
    }

    func testPlaceTimeDirectly() throws {
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Paris"))
        let gap = PlaceTime.instant(of: Self.local("2021-03-28T02:30:00"), in: zone)
        XCTAssertEqual(gap.unixSeconds, Self.utc("2021-03-28T01:30:00"))
        XCTAssertEqual(gap.resolution, .gap)
        let overlap = PlaceTime.instant(of: Self.local("2021-10-31T02:30:00"), in: zone)
        XCTAssertEqual(overlap.unixSeconds, Self.utc("2021-10-31T00:30:00"))
        XCTAssertEqual(overlap.offsetSeconds, 7200)
        XCTAssertEqual(overlap.resolution, .overlap)
        // Southern hemisphere and a half-hour zone.
        let sydney = try XCTUnwrap(TimeZone(identifier: "Australia/Sydney"))
        XCTAssertEqual(PlaceTime.instant(of: Self.local("2021-01-15T12:00:00"), in: sydney).offsetSeconds, 11 * 3600)
        XCTAssertEqual(PlaceTime.instant(of: Self.local("2021-07-15T12:00:00"), in: sydney).offsetSeconds, 10 * 3600)
        let kolkata = try XCTUnwrap(TimeZone(identifier: "Asia/Kolkata"))
        XCTAssertEqual(
            PlaceTime.instant(of: Self.local("2021-07-15T12:00:00"), in: kolkata).unixSeconds,
            Self.utc("2021-07-15T06:30:00"))
        // Samoa skipped 2011-12-30 entirely (-10:00 → +14:00).
        let samoa = try XCTUnwrap(TimeZone(identifier: "Pacific/Apia"))
        let skipped = PlaceTime.instant(of: Self.local("2011-12-30T12:00:00"), in: samoa)
        XCTAssertEqual(skipped.resolution, .gap)
        XCTAssertEqual(
            PlaceTime.instant(of: Self.local("2011-12-31T12:00:00"), in: samoa).unixSeconds,
            Self.utc("2011-12-30T22:00:00"))
    }

    func testFloatingWithoutZoneUsesTheProviderOffset() {
        let noZone = Self.series(
            from: Self.utc("2021-07-15T00:00:00"), to: Self.utc("2021-07-16T00:00:00"),
            zone: nil, utcOffset: 3600)
        assertMatch(
            "2021-07-15T14:20:00", offset: nil, in: noZone, utcHour: "2021-07-15T13:00:00",
            placeOffset: nil, fromPlace: false, resolution: .providerOffset)
        assertMatch(
            "2021-07-15T14:20:00", offset: 7200, in: noZone, utcHour: "2021-07-15T12:00:00",
            placeOffset: nil, fromPlace: false, resolution: .entryOffset)
        // An unknown zone name counts as no zone.
        let badZone = Self.series(
            from: Self.utc("2021-07-15T00:00:00"), to: Self.utc("2021-07-16T00:00:00"),
            zone: "Mars/Olympus_Mons", utcOffset: -3600)
        assertMatch(
            "2021-07-15T14:20:00", offset: nil, in: badZone, utcHour: "2021-07-15T15:00:00",
            placeOffset: nil, fromPlace: false, resolution: .providerOffset)
    }

    func testNothingNearOrEmptyIsNil() {
        let t0 = Self.utc("2021-07-15T00:00:00")
        let sparse = WeatherSeries(
            provider: "test", gridLatitude: 0, gridLongitude: 0, timeZone: nil, utcOffsetSeconds: 0,
            hours: [HourlyObservation(time: t0, temperature: 1), HourlyObservation(time: t0 + 6 * 3600, temperature: 2)])
        XCTAssertNil(ObservationMatcher.match(local: Self.local("2021-07-15T03:00:00"), offsetSeconds: 0, in: sparse))
        XCTAssertEqual(
            ObservationMatcher.match(local: Self.local("2021-07-15T01:30:00"), offsetSeconds: 0, in: sparse)?.observation.time, t0,
            "exactly 90 minutes is near enough")
        XCTAssertNil(ObservationMatcher.match(local: Self.local("2021-07-15T01:31:00"), offsetSeconds: 0, in: sparse))
        XCTAssertEqual(
            ObservationMatcher.match(local: Self.local("2021-07-15T04:30:00"), offsetSeconds: 0, in: sparse)?.observation.time,
            t0 + 6 * 3600)
        // Before the first and after the last hour.
        XCTAssertNil(ObservationMatcher.match(local: Self.local("2021-07-14T22:00:00"), offsetSeconds: 0, in: sparse))
        XCTAssertNil(ObservationMatcher.match(local: Self.local("2021-07-15T08:00:00"), offsetSeconds: 0, in: sparse))
        // The nearest hour is empty (archive not filled yet): the nearest hour with values
        // within 90 minutes is used; with none, no match.
        let notFilled = Self.series(from: t0, to: t0 + 5 * 3600, zone: nil, utcOffset: 0, empty: [t0 + 3 * 3600])
        XCTAssertEqual(
            ObservationMatcher.match(local: Self.local("2021-07-15T03:10:00"), offsetSeconds: 0, in: notFilled)?.observation.time,
            t0 + 4 * 3600, "04:00 (50 min) rather than the empty 03:00")
        XCTAssertEqual(
            ObservationMatcher.match(local: Self.local("2021-07-15T02:50:00"), offsetSeconds: 0, in: notFilled)?.observation.time,
            t0 + 2 * 3600, "02:00 (50 min) rather than the empty 03:00")
        XCTAssertEqual(
            ObservationMatcher.match(local: Self.local("2021-07-15T03:30:00"), offsetSeconds: 0, in: notFilled)?.observation.time,
            t0 + 4 * 3600)
        let tailEmpty = Self.series(
            from: t0, to: t0 + 5 * 3600, zone: nil, utcOffset: 0, empty: [t0 + 3 * 3600, t0 + 4 * 3600, t0 + 5 * 3600])
        XCTAssertNil(
            ObservationMatcher.match(local: Self.local("2021-07-15T04:10:00"), offsetSeconds: 0, in: tailEmpty),
            "02:00 is 130 minutes away")
        // An hour with values but no temperature is passed over for one that has it...
        let noTemperature = WeatherSeries(
            provider: "test", gridLatitude: 0, gridLongitude: 0, timeZone: nil, utcOffsetSeconds: 0,
            hours: [
                HourlyObservation(time: t0, temperature: 20), HourlyObservation(time: t0 + 3600, precipitation: 0.4, weatherCode: 61),
            ])
        XCTAssertEqual(
            ObservationMatcher.match(local: Self.local("2021-07-15T00:50:00"), offsetSeconds: 0, in: noTemperature)?.observation.time, t0)
        // ...except at a station that records no temperature at all.
        let rainGauge = WeatherSeries(
            provider: "test", gridLatitude: 0, gridLongitude: 0, timeZone: nil, utcOffsetSeconds: 0,
            hours: [
                HourlyObservation(time: t0, precipitation: 0), HourlyObservation(time: t0 + 3600),
            ])
        XCTAssertEqual(
            ObservationMatcher.match(local: Self.local("2021-07-15T00:50:00"), offsetSeconds: 0, in: rainGauge)?.observation.precipitation,
            0)
        let none = WeatherSeries(provider: "test", gridLatitude: 0, gridLongitude: 0, timeZone: nil, utcOffsetSeconds: 0, hours: [])
        XCTAssertNil(ObservationMatcher.match(local: Self.local("2021-07-15T03:00:00"), offsetSeconds: 0, in: none))
    }

    func testSeriesSortsAndDeduplicatesAndSplitsByLocalDay() {
        let a = HourlyObservation(time: 7200, temperature: 1), b = HourlyObservation(time: 3600, temperature: 2)
        let a2 = HourlyObservation(time: 7200, temperature: 3)
        let series = WeatherSeries(provider: "t", gridLatitude: 0, gridLongitude: 0, timeZone: nil, utcOffsetSeconds: 0, hours: [a, b, a2])
        XCTAssertEqual(series.hours, [b, a2])
        // Paris local days are 23, 24 and 25 hours long around the changes.
        XCTAssertEqual(paris.hours(on: .d("2021-03-28")).count, 23)
        XCTAssertEqual(paris.hours(on: .d("2021-07-15")).count, 24)
        XCTAssertEqual(paris.hours(on: .d("2021-10-31")).count, 25)
        XCTAssertEqual(paris.hours(on: .d("2021-07-15")).first?.time, Self.utc("2021-07-14T22:00:00"))
        XCTAssertEqual(paris.restricted(to: .d("2021-03-27"), .d("2021-03-28")).hours.count, 47)
        // Grouping in one pass agrees with hours(on:) and loses nothing.
        let days = paris.hoursByLocalDate()
        XCTAssertEqual(days.count, 366)
        XCTAssertEqual(days.first?.date, .d("2021-01-01"))
        XCTAssertEqual(days.last?.date, .d("2022-01-01"))
        XCTAssertEqual(days.reduce(0) { $0 + $1.hours.count }, paris.hours.count)
        for day in days { XCTAssertEqual(day.hours, paris.hours(on: day.date), "\(day.date)") }
        // With holes of several days, and a series without a zone.
        let holes = WeatherSeries(
            provider: "t", gridLatitude: 0, gridLongitude: 0, timeZone: nil, utcOffsetSeconds: -3600,
            hours: [0, 3600, 5 * 86_400, 9 * 86_400 + 3600].map { HourlyObservation(time: $0, temperature: 1) })
        XCTAssertEqual(holes.hoursByLocalDate().map(\.date), [.d("1969-12-31"), .d("1970-01-01"), .d("1970-01-05"), .d("1970-01-10")])
        XCTAssertEqual(holes.hoursByLocalDate().map(\.hours.count), [1, 1, 1, 1])
    }

    func testSeriesCodableRoundTrip() throws {
        let data = try JSONEncoder().encode(paris.restricted(to: .d("2021-07-15"), .d("2021-07-15")))
        let decoded = try JSONDecoder().decode(WeatherSeries.self, from: data)
        XCTAssertEqual(decoded, paris.restricted(to: .d("2021-07-15"), .d("2021-07-15")))
    }
}

final class WMOWeatherCodeTests: XCTestCase {
    func testTexts() {
        XCTAssertEqual(WMOWeatherCode.text(0), "Clear sky")
        XCTAssertEqual(WMOWeatherCode.text(3), "Overcast")
        XCTAssertEqual(WMOWeatherCode.text(48), "Depositing rime fog")
        XCTAssertEqual(WMOWeatherCode.text(51), "Light drizzle")
        XCTAssertEqual(WMOWeatherCode.text(65), "Heavy rain")
        XCTAssertEqual(WMOWeatherCode.text(75), "Heavy snow fall")
        XCTAssertEqual(WMOWeatherCode.text(82), "Violent rain showers")
        XCTAssertEqual(WMOWeatherCode.text(99), "Thunderstorm with heavy hail")
        XCTAssertEqual(WMOWeatherCode.text(4), "Unknown weather code 4")
        XCTAssertEqual(WMOWeatherCode.text(-1), "Unknown weather code -1")
        XCTAssertEqual(WMOWeatherCode.table.count, 28)
        XCTAssertEqual(
            Set(WMOWeatherCode.table.keys),
            [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99])
        XCTAssertEqual(Set(WMOWeatherCode.table.values).count, 28, "every text is distinct")
    }
}
