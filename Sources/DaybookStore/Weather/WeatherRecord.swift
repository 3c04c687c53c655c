import DaybookCore
import Foundation
import GRDB

/// The weather stored for one entry: the provider's observation nearest the capture, as the
/// weather back-fill chose it (the store keeps what it is given).
package struct WeatherRecord: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "weather"
    package static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    package static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    package enum Columns: String, ColumnExpression {
        case entryId = "entry_id"
    }

    package var entryId: String
    package var provider: String
    /// ISO-8601 UTC time of the observation (start of its hour).
    package var observedAt: String
    package var temperatureC: Double?
    package var apparentTemperatureC: Double?
    package var precipitationMm: Double?
    package var cloudCoverPercent: Double?
    package var windSpeedKmh: Double?
    package var weatherCode: Int?
    package var weatherText: String?
    package var gridLatitude: Double
    package var gridLongitude: Double
    package var timeZone: String?
    package var placeUtcOffsetSeconds: Int?
    package var fetchedAt: String

    package init(
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
}

/// What a back-fill found for one entry: the weather to store, and the UTC offset the entry
/// takes from it (the place's zone, when the entry had none and the zone was certain).
package struct WeatherFill: Sendable, Hashable {
    package let record: WeatherRecord
    package let entryOffset: UTCOffset?

    package init(record: WeatherRecord, entryOffset: UTCOffset?) {
        self.record = record
        self.entryOffset = entryOffset
    }
}

/// An entry that needs weather: it has a place and a date, and none yet.
package struct WeatherCandidate: Sendable, Hashable {
    package let entryID: String
    package let location: GeoLocation
    package let local: LocalDateTime
    package let offset: UTCOffset?
}
