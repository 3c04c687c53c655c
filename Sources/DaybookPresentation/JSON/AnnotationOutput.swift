import DaybookCore
import DaybookStore

/// An entry's tags as `--json` prints them: every stored field of `JournalTag`, under its
/// snake_case name. The record's own `Codable` names are its columns' Swift names, which
/// GRDB maps to the columns.
struct TagsOutput: Encodable {
    let tags: [JournalTag]
    init(_ tags: [JournalTag]) { self.tags = tags }

    enum Key: String, CodingKey {
        case entryId = "entry_id"
        case name, source, score
        case taggerVersion = "tagger_version"
    }

    func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for tag in tags {
            var container = list.nestedContainer(keyedBy: Key.self)
            try container.encode(tag.entryId, forKey: .entryId)
            try container.encode(tag.name, forKey: .name)
            try container.encode(tag.source, forKey: .source)
            try container.encodeIfPresent(tag.score, forKey: .score)
            try container.encodeIfPresent(tag.taggerVersion, forKey: .taggerVersion)
        }
    }
}

/// An entry's weather as `--json` prints it: every stored field of `WeatherRecord`, under its
/// snake_case name (the record's own `Codable` names are for GRDB, as `TagsOutput`'s).
struct WeatherOutput: Encodable {
    let record: WeatherRecord

    enum Key: String, CodingKey {
        case entryId = "entry_id"
        case provider
        case observedAt = "observed_at"
        case temperatureC = "temperature_c"
        case apparentTemperatureC = "apparent_temperature_c"
        case precipitationMm = "precipitation_mm"
        case cloudCoverPercent = "cloud_cover_percent"
        case windSpeedKmh = "wind_speed_kmh"
        case weatherCode = "weather_code"
        case weatherText = "weather_text"
        case gridLatitude = "grid_latitude"
        case gridLongitude = "grid_longitude"
        case timeZone = "time_zone"
        case placeUtcOffsetSeconds = "place_utc_offset_seconds"
        case fetchedAt = "fetched_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(record.entryId, forKey: .entryId)
        try container.encode(record.provider, forKey: .provider)
        try container.encode(record.observedAt, forKey: .observedAt)
        try container.encodeIfPresent(record.temperatureC, forKey: .temperatureC)
        try container.encodeIfPresent(record.apparentTemperatureC, forKey: .apparentTemperatureC)
        try container.encodeIfPresent(record.precipitationMm, forKey: .precipitationMm)
        try container.encodeIfPresent(record.cloudCoverPercent, forKey: .cloudCoverPercent)
        try container.encodeIfPresent(record.windSpeedKmh, forKey: .windSpeedKmh)
        try container.encodeIfPresent(record.weatherCode, forKey: .weatherCode)
        try container.encodeIfPresent(record.weatherText, forKey: .weatherText)
        try container.encode(record.gridLatitude, forKey: .gridLatitude)
        try container.encode(record.gridLongitude, forKey: .gridLongitude)
        try container.encodeIfPresent(record.timeZone, forKey: .timeZone)
        try container.encodeIfPresent(record.placeUtcOffsetSeconds, forKey: .placeUtcOffsetSeconds)
        try container.encode(record.fetchedAt, forKey: .fetchedAt)
    }
}
