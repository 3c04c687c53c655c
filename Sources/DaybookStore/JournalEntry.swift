import DaybookCore
import DaybookMetadata
import Foundation
import GRDB

/// Whether an entry still needs weather. Entries without a place or a date can never get
/// any, so they are marked `unavailable` rather than left pending for ever.
public enum WeatherStatus: String, Sendable, Codable {
    case pending
    case done
    case unavailable
    case error
}

/// One journal entry: a photo, what its EXIF said, its thumbnail, and the user's words.
/// Flat on purpose: it is the `entry` row, and the JSON that `--json` prints.
public struct JournalEntry: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "entry"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    public var id: String
    /// SHA-256 of the file's bytes, hex: the dedupe key.
    public var contentHash: String
    /// Where the photo was last seen.
    public var sourcePath: String
    public var fileSize: Int64
    /// `YYYY-MM-DDTHH:MM:SS`, camera local time as written; nil when the photo has no usable date.
    public var capturedLocal: String?
    public var captureSubsec: String?
    public var captureSource: String?
    public var utcOffsetSeconds: Int?
    public var offsetSource: String?
    /// Unix seconds, only when the offset is known.
    public var capturedUTC: Int64?
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    public var cameraMake: String?
    public var cameraModel: String?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var orientation: Int
    /// File name inside `thumbnails/`, nil when no thumbnail could be made.
    public var thumbnail: String?
    public var thumbnailWidth: Int?
    public var thumbnailHeight: Int?
    /// Warnings from reading this photo, one per line (e.g. a truncated scan).
    public var problems: String?
    public var text: String
    public var weatherStatus: WeatherStatus
    /// The provider's reason when it refused this entry for good.
    public var weatherError: String?
    public var createdAt: String
    public var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case id, contentHash, sourcePath, fileSize, capturedLocal, captureSubsec, captureSource
        case utcOffsetSeconds, offsetSource
        case capturedUTC = "capturedUtc"
        case latitude, longitude, altitude, cameraMake, cameraModel, pixelWidth, pixelHeight
        case orientation, thumbnail, thumbnailWidth, thumbnailHeight, problems, text, weatherStatus, weatherError
        case createdAt, updatedAt
    }

    public init(id: String = UUID().uuidString.lowercased(), contentHash: String, sourcePath: String, fileSize: Int64,
                metadata: PhotoMetadata, pixelSize: (width: Int, height: Int)?, thumbnail: String?,
                thumbnailSize: (width: Int, height: Int)?, problems: [String], now: Date = Date()) {
        self.id = id
        self.contentHash = contentHash
        self.sourcePath = sourcePath
        self.fileSize = fileSize
        let capture = metadata.capture
        capturedLocal = capture?.local.iso8601
        captureSubsec = capture?.subsecond
        captureSource = capture?.source.rawValue
        utcOffsetSeconds = capture?.offset?.seconds
        offsetSource = capture?.offset?.source.rawValue
        capturedUTC = capture?.unixTime
        latitude = metadata.location?.latitude
        longitude = metadata.location?.longitude
        altitude = metadata.location?.altitude
        cameraMake = metadata.make
        cameraModel = metadata.model
        pixelWidth = pixelSize?.width
        pixelHeight = pixelSize?.height
        orientation = metadata.orientation.rawValue
        self.thumbnail = thumbnail
        thumbnailWidth = thumbnailSize?.width
        thumbnailHeight = thumbnailSize?.height
        self.problems = problems.isEmpty ? nil : problems.joined(separator: "\n")
        text = ""
        weatherStatus = capture != nil && metadata.location != nil ? .pending : .unavailable
        weatherError = nil
        createdAt = Self.timestamp(now)
        updatedAt = createdAt
    }

    /// Decodes a row by column name directly: several times faster than the Codable path,
    /// which matters when a list or search reads hundreds of rows.
    public init(row: Row) throws {
        id = row["id"]
        contentHash = row["content_hash"]
        sourcePath = row["source_path"]
        fileSize = row["file_size"]
        capturedLocal = row["captured_local"]
        captureSubsec = row["capture_subsec"]
        captureSource = row["capture_source"]
        utcOffsetSeconds = row["utc_offset_seconds"]
        offsetSource = row["offset_source"]
        capturedUTC = row["captured_utc"]
        latitude = row["latitude"]
        longitude = row["longitude"]
        altitude = row["altitude"]
        cameraMake = row["camera_make"]
        cameraModel = row["camera_model"]
        pixelWidth = row["pixel_width"]
        pixelHeight = row["pixel_height"]
        orientation = row["orientation"]
        thumbnail = row["thumbnail"]
        thumbnailWidth = row["thumbnail_width"]
        thumbnailHeight = row["thumbnail_height"]
        problems = row["problems"]
        text = row["text"]
        let status: String = row["weather_status"]
        weatherStatus = WeatherStatus(rawValue: status) ?? .pending
        weatherError = row["weather_error"]
        createdAt = row["created_at"]
        updatedAt = row["updated_at"]
    }

    public static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .omitted))
    }

    // MARK: Derived views

    public var capturedAt: LocalDateTime? { capturedLocal.flatMap { LocalDateTime(iso: $0) } }

    public var offset: UTCOffset? {
        guard let seconds = utcOffsetSeconds, let source = offsetSource.flatMap(OffsetSource.init(rawValue:)) else { return nil }
        return UTCOffset(seconds: seconds, source: source)
    }

    /// "Canon PowerShot G9" rather than "Canon Canon PowerShot G9": many makers repeat
    /// their name in the model.
    public var camera: String? {
        guard let model = cameraModel else { return cameraMake }
        guard let make = cameraMake, let brand = make.split(separator: " ").first,
              !model.lowercased().hasPrefix(brand.lowercased()) else { return model }
        return "\(make) \(model)"
    }

    public var shortID: String { String(id.prefix(8)) }

    public var problemList: [String] { problems?.split(separator: "\n").map(String.init) ?? [] }
}
