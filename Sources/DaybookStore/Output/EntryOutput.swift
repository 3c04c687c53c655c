import DaybookCore

/// An entry as Daybook writes it for people's scripts and other programs: in `--json`
/// output and in `export json` (schema version `JSONOutput.schemaVersion`, documented in
/// docs/json-schema.md).
///
/// A view of `JournalEntry`, not the database row: a column can change without changing
/// this, and the field names stay the ones users' scripts rely on. Values are plain JSON
/// (text, numbers), the way the journal has always printed them: times as
/// `YYYY-MM-DDTHH:MM:SS`, sources by name, orientation 1–8. Reading one back (`import`)
/// checks every field first (`JournalEntry.init(_:)`), since a file is hostile input.
public struct EntryOutput: Sendable, Hashable, Codable {
    public var id: String
    public var contentHash: String
    public var sourcePath: String
    public var fileSize: Int64
    public var capturedLocal: String?
    public var captureSubsec: String?
    public var captureSource: String?
    public var utcOffsetSeconds: Int?
    public var offsetSource: String?
    public var capturedUTC: Int64?
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    public var cameraMake: String?
    public var cameraModel: String?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var orientation: Int
    public var thumbnail: String?
    public var thumbnailWidth: Int?
    public var thumbnailHeight: Int?
    public var problems: String?
    public var text: String
    public var weatherStatus: WeatherStatus
    public var weatherError: String?
    public var createdAt: String
    public var updatedAt: String
    public var placeName: String?
    public var placeRegion: String?
    public var placeCountry: String?
    public var placeCountryCode: String?
    public var placeDistanceKm: Double?
    public var placeTimeZone: String?
    public var placeVersion: String?
    public var timeZoneNote: String?

    enum CodingKeys: String, CodingKey {
        case id, contentHash, sourcePath, fileSize, capturedLocal, captureSubsec, captureSource
        case utcOffsetSeconds, offsetSource
        case capturedUTC = "capturedUtc"
        case latitude, longitude, altitude, cameraMake, cameraModel, pixelWidth, pixelHeight
        case orientation, thumbnail, thumbnailWidth, thumbnailHeight, problems, text, weatherStatus, weatherError
        case createdAt, updatedAt
        case placeName, placeRegion, placeCountry, placeCountryCode, placeDistanceKm, placeTimeZone, placeVersion, timeZoneNote
    }

    public init(_ entry: JournalEntry) {
        id = entry.id
        contentHash = entry.contentHash
        sourcePath = entry.sourcePath
        fileSize = entry.fileSize
        capturedLocal = entry.capturedLocal?.iso8601
        captureSubsec = entry.captureSubsec
        captureSource = entry.captureSource?.rawValue
        utcOffsetSeconds = entry.offset?.seconds
        offsetSource = entry.offset?.source.rawValue
        capturedUTC = entry.capturedUTC
        latitude = entry.location?.latitude
        longitude = entry.location?.longitude
        altitude = entry.location?.altitude
        cameraMake = entry.cameraMake
        cameraModel = entry.cameraModel
        pixelWidth = entry.pixelWidth
        pixelHeight = entry.pixelHeight
        orientation = entry.orientation.rawValue
        thumbnail = entry.thumbnail
        thumbnailWidth = entry.thumbnailWidth
        thumbnailHeight = entry.thumbnailHeight
        problems = entry.problems
        text = entry.text
        weatherStatus = entry.weatherStatus
        weatherError = entry.weatherError
        createdAt = entry.createdAt
        updatedAt = entry.updatedAt
        placeName = entry.place?.name
        placeRegion = entry.place?.region
        placeCountry = entry.place?.country
        placeCountryCode = entry.place?.countryCode
        placeDistanceKm = entry.place?.distanceKm
        placeTimeZone = entry.place?.timeZone
        placeVersion = entry.placeVersion
        timeZoneNote = entry.timeZoneNote
    }
}

/// An entry with what `list`, `show`, `search`, `latest`, `on-this-day` and `edit` print
/// beside it: its tags, its weather (null when none) and, for `search --near`, its distance.
/// The entry's fields come first-level, as they always have.
public struct EntryDetailsOutput: Sendable, Encodable {
    public let entry: EntryOutput
    public let tags: [JournalTag]
    public let weather: WeatherRecord?
    public let distanceKm: Double?

    public init(entry: JournalEntry, tags: [JournalTag], weather: WeatherRecord?, distanceKm: Double? = nil) {
        self.entry = EntryOutput(entry)
        self.tags = tags
        self.weather = weather
        self.distanceKm = distanceKm
    }

    enum Key: String, CodingKey { case tags, weather, distanceKm }

    public func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(tags, forKey: .tags)
        try container.encode(weather, forKey: .weather)
        try container.encodeIfPresent(distanceKm, forKey: .distanceKm)
    }
}
