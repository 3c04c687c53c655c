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
package struct EntryOutput: Sendable, Hashable, Codable {
    package var id: String
    package var contentHash: String
    package var sourcePath: String
    package var fileSize: Int64
    package var capturedLocal: String?
    package var captureSubsec: String?
    package var captureSource: String?
    package var utcOffsetSeconds: Int?
    package var offsetSource: String?
    package var capturedUTC: Int64?
    package var latitude: Double?
    package var longitude: Double?
    package var altitude: Double?
    package var locationSource: String?
    package var cameraMake: String?
    package var cameraModel: String?
    package var pixelWidth: Int?
    package var pixelHeight: Int?
    package var orientation: Int
    package var thumbnail: String?
    package var thumbnailWidth: Int?
    package var thumbnailHeight: Int?
    package var problems: String?
    package var text: String
    package var weatherStatus: WeatherStatus
    package var weatherError: String?
    package var createdAt: String
    package var updatedAt: String
    package var placeName: String?
    package var placeRegion: String?
    package var placeCountry: String?
    package var placeCountryCode: String?
    package var placeDistanceKm: Double?
    package var placeTimeZone: String?
    package var placeVersion: String?
    package var timeZoneNote: String?
    /// A motion photo's clip or a Live Photo's video (`MotionOutput`); left out when none.
    package var motion: MotionOutput?
    /// `photo` or `video` (`MediaKind`); absent from exports made before videos were read,
    /// which held only photos.
    package var media: String?
    /// A video's length; absent for a photo.
    package var durationSeconds: Double?

    enum CodingKeys: String, CodingKey {
        case id, contentHash, sourcePath, fileSize, capturedLocal, captureSubsec, captureSource
        case utcOffsetSeconds, offsetSource
        case capturedUTC = "capturedUtc"
        case latitude, longitude, altitude, locationSource, cameraMake, cameraModel, pixelWidth, pixelHeight
        case orientation, thumbnail, thumbnailWidth, thumbnailHeight, problems, text, weatherStatus, weatherError
        case createdAt, updatedAt
        case placeName, placeRegion, placeCountry, placeCountryCode, placeDistanceKm, placeTimeZone, placeVersion, timeZoneNote
        case motion, media, durationSeconds
    }

    package init(_ entry: JournalEntry) {
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
        locationSource = entry.location == nil ? nil : entry.locationSource?.rawValue
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
        motion = entry.motionClip.map(MotionOutput.init)
        media = entry.media.rawValue
        durationSeconds = entry.durationSeconds
    }
}
