import DaybookCore
import Foundation
import GRDB

/// The weather stored for one entry: the provider's observation nearest the capture, as the
/// weather back-fill chose it (the store keeps what it is given).
public struct WeatherRecord: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "weather"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    public enum Columns: String, ColumnExpression {
        case entryId = "entry_id"
    }

    public var entryId: String
    public var provider: String
    /// ISO-8601 UTC time of the observation (start of its hour).
    public var observedAt: String
    public var temperatureC: Double?
    public var apparentTemperatureC: Double?
    public var precipitationMm: Double?
    public var cloudCoverPercent: Double?
    public var windSpeedKmh: Double?
    public var weatherCode: Int?
    public var weatherText: String?
    public var gridLatitude: Double
    public var gridLongitude: Double
    public var timeZone: String?
    public var placeUtcOffsetSeconds: Int?
    public var fetchedAt: String

    public init(
        entryId: String, provider: String, observedAt: String, temperatureC: Double?, apparentTemperatureC: Double?,
        precipitationMm: Double?, cloudCoverPercent: Double?, windSpeedKmh: Double?, weatherCode: Int?,
        weatherText: String?, gridLatitude: Double, gridLongitude: Double, timeZone: String?,
        placeUtcOffsetSeconds: Int?, fetchedAt: String
    ) {
        self.entryId = entryId
        self.provider = provider
        self.observedAt = observedAt
        self.temperatureC = temperatureC
        self.apparentTemperatureC = apparentTemperatureC
        self.precipitationMm = precipitationMm
        self.cloudCoverPercent = cloudCoverPercent
        self.windSpeedKmh = windSpeedKmh
        self.weatherCode = weatherCode
        self.weatherText = weatherText
        self.gridLatitude = gridLatitude
        self.gridLongitude = gridLongitude
        self.timeZone = timeZone
        self.placeUtcOffsetSeconds = placeUtcOffsetSeconds
        self.fetchedAt = fetchedAt
    }

    /// "14.2 °C (feels 13.0), Partly cloudy, 0.0 mm, wind 11 km/h"
    public var summary: String {
        var parts: [String] = []
        if let temperatureC {
            var text = String(format: "%.1f °C", temperatureC)
            if let apparentTemperatureC { text += String(format: " (feels %.1f)", apparentTemperatureC) }
            parts.append(text)
        }
        if let weatherText { parts.append(weatherText) }
        if let precipitationMm { parts.append(String(format: "%.1f mm", precipitationMm)) }
        if let cloudCoverPercent { parts.append(String(format: "cloud %.0f %%", cloudCoverPercent)) }
        if let windSpeedKmh { parts.append(String(format: "wind %.0f km/h", windSpeedKmh)) }
        return parts.isEmpty ? "no values" : parts.joined(separator: ", ")
    }
}

/// What a back-fill found for one entry: the weather to store, and the UTC offset the entry
/// takes from it (the place's zone, when the entry had none and the zone was certain).
public struct WeatherFill: Sendable, Hashable {
    public let record: WeatherRecord
    public let entryOffset: UTCOffset?

    public init(record: WeatherRecord, entryOffset: UTCOffset?) {
        self.record = record
        self.entryOffset = entryOffset
    }
}

/// An entry that needs weather: it has a place and a date, and none yet.
public struct WeatherCandidate: Sendable, Hashable {
    public let entryID: String
    public let location: GeoLocation
    public let local: LocalDateTime
    public let offset: UTCOffset?
}
