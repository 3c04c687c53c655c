import DaybookCore
import DaybookPlaces
import GRDB

/// The `entry` row. Each column keeps the text or number the store has always written
/// (`YYYY-MM-DDTHH:MM:SS`, the sources' raw names, EXIF orientation 1–8), so libraries made
/// by earlier versions read the same without any data migration.
extension JournalEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "entry"

    public enum Columns: String, ColumnExpression {
        case id
        case contentHash = "content_hash"
        case sourcePath = "source_path"
        case fileSize = "file_size"
        case capturedLocal = "captured_local"
        case captureSubsec = "capture_subsec"
        case captureSource = "capture_source"
        case utcOffsetSeconds = "utc_offset_seconds"
        case offsetSource = "offset_source"
        case capturedUTC = "captured_utc"
        case latitude, longitude, altitude
        case cameraMake = "camera_make"
        case cameraModel = "camera_model"
        case pixelWidth = "pixel_width"
        case pixelHeight = "pixel_height"
        case orientation, thumbnail
        case thumbnailWidth = "thumbnail_width"
        case thumbnailHeight = "thumbnail_height"
        case problems, text
        case weatherStatus = "weather_status"
        case weatherError = "weather_error"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case sourceTruncated = "source_truncated"
        case locationSource = "location_source"
        case placeName = "place_name"
        case placeRegion = "place_region"
        case placeCountry = "place_country"
        case placeCountryCode = "place_country_code"
        case placeDistanceKm = "place_distance_km"
        case placeTimeZone = "place_time_zone"
        case placeVersion = "place_version"
        case timeZoneNote = "time_zone_note"
        case mediaKind = "media_kind"
        case durationSeconds = "duration_seconds"
        case motionOffset = "motion_offset"
        case motionLength = "motion_length"
    }

    /// Decodes a row by column directly: several times faster than the Codable path, which
    /// matters when a list or search reads hundreds of rows. A value the store never writes
    /// (a date in another form, an unknown source) is an error, not a guess.
    public init(row: Row) throws {
        typealias C = Columns
        let seconds: Int? = try row.decode(forColumn: C.utcOffsetSeconds)
        let localText: String? = try row.decode(forColumn: C.capturedLocal)
        let local = localText.flatMap { LocalDateTime(iso: $0) }
        if let localText, local == nil { throw Self.unreadable(row, C.capturedLocal, localText) }
        let sourceText: String? = try row.decode(forColumn: C.captureSource)
        let source = sourceText.flatMap(CaptureSource.init(rawValue:))
        if let sourceText, source == nil { throw Self.unreadable(row, C.captureSource, sourceText) }
        let offsetText: String? = try row.decode(forColumn: C.offsetSource)
        let offsetSource = offsetText.flatMap(OffsetSource.init(rawValue:))
        if let offsetText, offsetSource == nil { throw Self.unreadable(row, C.offsetSource, offsetText) }
        let placeText: String? = try row.decode(forColumn: C.locationSource)
        let locationSource = placeText.flatMap(LocationSource.init(rawValue:))
        if let placeText, locationSource == nil { throw Self.unreadable(row, C.locationSource, placeText) }
        let orientationNumber: Int = try row.decode(forColumn: C.orientation)
        guard let orientation = Orientation(rawValue: orientationNumber) else {
            throw Self.unreadable(row, C.orientation, orientationNumber)
        }
        let latitude: Double? = try row.decode(forColumn: C.latitude)
        let longitude: Double? = try row.decode(forColumn: C.longitude)
        let altitude: Double? = try row.decode(forColumn: C.altitude)
        let status: String = try row.decode(forColumn: C.weatherStatus)
        let mediaText: String = try row.decode(forColumn: C.mediaKind)
        guard let media = MediaKind(rawValue: mediaText) else { throw Self.unreadable(row, C.mediaKind, mediaText) }
        let motionOffset: Int64? = try row.decode(forColumn: C.motionOffset)
        let motionLength: Int64? = try row.decode(forColumn: C.motionLength)
        self.init(
            id: try row.decode(forColumn: C.id), contentHash: try row.decode(forColumn: C.contentHash),
            sourcePath: try row.decode(forColumn: C.sourcePath), fileSize: try row.decode(forColumn: C.fileSize),
            capturedLocal: local, captureSubsec: try row.decode(forColumn: C.captureSubsec),
            captureSource: source,
            offset: seconds.flatMap { seconds in offsetSource.flatMap { UTCOffset(seconds: seconds, source: $0) } },
            location: latitude.flatMap { latitude in longitude.map { GeoLocation(latitude: latitude, longitude: $0, altitude: altitude) } },
            cameraMake: try row.decode(forColumn: C.cameraMake), cameraModel: try row.decode(forColumn: C.cameraModel),
            pixelWidth: try row.decode(forColumn: C.pixelWidth), pixelHeight: try row.decode(forColumn: C.pixelHeight),
            orientation: orientation, thumbnail: try row.decode(forColumn: C.thumbnail),
            thumbnailWidth: try row.decode(forColumn: C.thumbnailWidth), thumbnailHeight: try row.decode(forColumn: C.thumbnailHeight),
            problems: try row.decode(forColumn: C.problems), text: try row.decode(forColumn: C.text),
            weatherStatus: WeatherStatus(rawValue: status) ?? .pending, weatherError: try row.decode(forColumn: C.weatherError),
            createdAt: try row.decode(forColumn: C.createdAt), updatedAt: try row.decode(forColumn: C.updatedAt),
            locationSource: locationSource,
            place: try Self.place(row), placeVersion: try row.decode(forColumn: C.placeVersion),
            timeZoneNote: try row.decode(forColumn: C.timeZoneNote),
            media: media, durationSeconds: try row.decode(forColumn: C.durationSeconds),
            motionClip: motionOffset.flatMap { offset in motionLength.map { MotionClip(offset: offset, length: $0) } })
    }

    /// The named place of a row; none when no lookup named even a country.
    private static func place(_ row: Row) throws -> NamedPlace? {
        typealias C = Columns
        let country: String? = try row.decode(forColumn: C.placeCountry)
        guard country != nil, let version: String = try row.decode(forColumn: C.placeVersion) else { return nil }
        return NamedPlace(
            name: try row.decode(forColumn: C.placeName), region: try row.decode(forColumn: C.placeRegion), country: country,
            countryCode: try row.decode(forColumn: C.placeCountryCode), distanceKm: try row.decode(forColumn: C.placeDistanceKm),
            timeZone: try row.decode(forColumn: C.placeTimeZone), dataVersion: version)
    }

    /// Text the store never writes in a column of Core values: an error naming the column.
    private static func unreadable(_ row: Row, _ column: Columns, _ stored: some Any) -> StoreError {
        StoreError.unreadableEntry(
            "entry \(row[Columns.id] as String? ?? "?"): \(column.rawValue) holds \(stored), which daybook never writes")
    }

    public func encode(to container: inout PersistenceContainer) throws {
        typealias C = Columns
        container[C.id] = id
        container[C.contentHash] = contentHash
        container[C.sourcePath] = sourcePath
        container[C.fileSize] = fileSize
        container[C.capturedLocal] = capturedLocal
        container[C.captureSubsec] = captureSubsec
        container[C.captureSource] = captureSource
        container[C.utcOffsetSeconds] = offset?.seconds
        container[C.offsetSource] = offset?.source
        container[C.capturedUTC] = capturedUTC
        container[C.latitude] = location?.latitude
        container[C.longitude] = location?.longitude
        container[C.altitude] = location?.altitude
        container[C.locationSource] = location == nil ? nil : locationSource
        container[C.cameraMake] = cameraMake
        container[C.cameraModel] = cameraModel
        container[C.pixelWidth] = pixelWidth
        container[C.pixelHeight] = pixelHeight
        container[C.orientation] = orientation
        container[C.thumbnail] = thumbnail
        container[C.thumbnailWidth] = thumbnailWidth
        container[C.thumbnailHeight] = thumbnailHeight
        container[C.problems] = problems
        container[C.text] = text
        container[C.weatherStatus] = weatherStatus
        container[C.weatherError] = weatherError
        container[C.createdAt] = createdAt
        container[C.updatedAt] = updatedAt
        container[C.placeName] = place?.name
        container[C.placeRegion] = place?.region
        container[C.placeCountry] = place?.country
        container[C.placeCountryCode] = place?.countryCode
        container[C.placeDistanceKm] = place?.distanceKm
        container[C.placeTimeZone] = place?.timeZone
        container[C.placeVersion] = placeVersion
        container[C.timeZoneNote] = timeZoneNote
        container[C.mediaKind] = media.rawValue
        container[C.durationSeconds] = durationSeconds
        container[C.motionOffset] = motionClip?.offset
        container[C.motionLength] = motionClip?.length
    }
}

// The Core values as the store writes them: text values in their ISO layout (a CivilDate
// as a bound on `captured_local`, since `YYYY-MM-DD` sorts before that day's times; a
// MonthDay as `substr(captured_local, 6, 5)` gives it), enums by raw value.

extension DatabaseValueConvertible where Self: ISOText {
    public var databaseValue: DatabaseValue { isoText.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).flatMap(Self.init(isoText:))
    }
}

extension LocalDateTime: DatabaseValueConvertible {}
extension CivilDate: DatabaseValueConvertible {}
extension MonthDay: DatabaseValueConvertible {}
extension CaptureSource: DatabaseValueConvertible {}
extension OffsetSource: DatabaseValueConvertible {}
extension LocationSource: DatabaseValueConvertible {}
extension Orientation: DatabaseValueConvertible {}
