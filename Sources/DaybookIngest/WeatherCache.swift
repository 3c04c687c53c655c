import DaybookCore
import DaybookStore
import DaybookWeather
import Foundation

/// Provider answers kept in the library per place cell and local date, so many photos from
/// one place and day cost one request, across runs. The store keeps the bytes it is given;
/// what they hold (a `WeatherSeries` as JSON) and which days are worth keeping is decided here.
struct WeatherCache {
    let store: JournalStore
    let provider: String

    /// The cached series of each date that has one.
    func series(cell: GeoCell, dates: [CivilDate]) throws -> [CivilDate: WeatherSeries] {
        let decoder = JSONDecoder()
        // An entry that does not decode (written by another version) is a miss: ask again.
        return try store.cachedWeather(provider: provider, cell: cell.key, dates: dates)
            .compactMapValues { try? decoder.decode(WeatherSeries.self, from: $0) }
    }

    /// Caches `series` split by local date. Days whose hours are all empty (the archive has
    /// not caught up yet) are not cached, so a later run asks again.
    func save(_ series: WeatherSeries, cell: GeoCell, dates: [CivilDate]) throws {
        let encoder = JSONEncoder()
        var days: [CivilDate: Data] = [:]
        for date in dates {
            let hours = series.hours(on: date)
            guard hours.contains(where: { !$0.isEmpty }) else { continue }
            let day = WeatherSeries(
                provider: series.provider, gridLatitude: series.gridLatitude, gridLongitude: series.gridLongitude,
                timeZone: series.timeZone, utcOffsetSeconds: series.utcOffsetSeconds, hours: hours)
            days[date] = try encoder.encode(day)
        }
        try store.cacheWeather(provider: series.provider, cell: cell.key, days: days)
    }
}

extension WeatherFill {
    /// What an observation matched to an entry stores: the weather, and the place's offset
    /// for an entry without one. Only a local time that the place's zone maps to exactly one
    /// instant gives a certain offset; a time in a DST gap or overlap was a guess and must not
    /// become the entry's offset.
    init(entryID: String, series: WeatherSeries, match: WeatherMatch, fetchedAt: Date) {
        let observation = match.observation
        let record = WeatherRecord(
            entryId: entryID, provider: series.provider,
            observedAt: UTCTimestamp.text(unixSeconds: observation.time),
            temperatureC: observation.temperature, apparentTemperatureC: observation.apparentTemperature,
            precipitationMm: observation.precipitation, cloudCoverPercent: observation.cloudCover,
            windSpeedKmh: observation.windSpeed, weatherCode: observation.weatherCode,
            weatherText: observation.weatherCode.map(WMOWeatherCode.text),
            gridLatitude: series.gridLatitude, gridLongitude: series.gridLongitude, timeZone: series.timeZone,
            placeUtcOffsetSeconds: match.placeOffsetSeconds, fetchedAt: JournalEntry.timestamp(fetchedAt))
        let certain = match.offsetFromPlace && match.resolution == .unique
        self.init(
            record: record,
            entryOffset: certain ? match.placeOffsetSeconds.flatMap { UTCOffset(seconds: $0, source: .placeTimeZone) } : nil)
    }
}
