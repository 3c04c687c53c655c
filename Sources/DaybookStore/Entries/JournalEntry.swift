import DaybookCore
import DaybookPlaces
import Foundation
import GRDB

/// Whether an entry still needs weather. Entries without a place or a date can never get
/// any, so they are marked `unavailable` rather than left pending for ever.
public enum WeatherStatus: String, Sendable, Codable, DatabaseValueConvertible {
    case pending
    case done
    case unavailable
    case error
}

/// One journal entry: a photo, what its EXIF said, its thumbnail, and the user's words.
///
/// Typed: dates, offsets, places and sources are Core values, stored in the `entry` row's
/// columns through `DatabaseValueConvertible` (`JournalEntry+Record.swift`). What `--json`
/// and `export json` print is `EntryOutput`, a separate view.
public struct JournalEntry: Sendable, Hashable {
    public var id: String
    /// SHA-256 of the file's bytes, hex: the dedupe key.
    public var contentHash: String
    /// Where the photo was last seen.
    public var sourcePath: String
    public var fileSize: Int64
    /// Camera local time as written; nil when the photo has no usable date.
    public var capturedLocal: LocalDateTime?
    /// SubSecTime digits as written ("250" means .250 s).
    public var captureSubsec: String?
    public var captureSource: CaptureSource?
    /// Nil for a floating local time.
    public var offset: UTCOffset?
    public var location: GeoLocation?
    /// Where `location` came from; nil exactly when there is no location.
    public var locationSource: LocationSource?
    public var cameraMake: String?
    public var cameraModel: String?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var orientation: Orientation
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
    /// `UTCTimestamp` texts.
    public var createdAt: String
    public var updatedAt: String
    /// The place the entry's position names (town, region, country), when one was found.
    public var place: NamedPlace?
    /// The place table's version of the last lookup, even one that found nothing (at sea);
    /// nil when the entry was never looked up (no position, or made before places existed).
    public var placeVersion: String?
    /// Why a capture time stays floating although its place has a zone (a time that a DST
    /// change skipped or repeated there).
    public var timeZoneNote: String?
    /// A photo or a video; a video's thumbnail is its poster frame.
    public var media: MediaKind
    /// A video's length in seconds; nil for a photo, or a video whose container gives none.
    public var durationSeconds: Double?
    /// The video a motion photo carries inside its own file (`source_path`), where it lies.
    public var motionClip: MotionClip?

    package init(
        id: String, contentHash: String, sourcePath: String, fileSize: Int64, capturedLocal: LocalDateTime?,
        captureSubsec: String?, captureSource: CaptureSource?, offset: UTCOffset?, location: GeoLocation?,
        cameraMake: String?, cameraModel: String?, pixelWidth: Int?, pixelHeight: Int?, orientation: Orientation,
        thumbnail: String?, thumbnailWidth: Int?, thumbnailHeight: Int?, problems: String?, text: String,
        weatherStatus: WeatherStatus, weatherError: String?, createdAt: String, updatedAt: String,
        locationSource: LocationSource? = nil, place: NamedPlace? = nil, placeVersion: String? = nil, timeZoneNote: String? = nil,
        media: MediaKind = .photo, durationSeconds: Double? = nil, motionClip: MotionClip? = nil
    ) {
        self.id = id
        self.contentHash = contentHash
        self.sourcePath = sourcePath
        self.fileSize = fileSize
        self.capturedLocal = capturedLocal
        self.captureSubsec = captureSubsec
        self.captureSource = captureSource
        self.offset = offset
        self.location = location
        // A place without a named source came from EXIF, as every place did before XMP.
        self.locationSource = location == nil ? nil : locationSource ?? .exif
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.thumbnail = thumbnail
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
        self.problems = problems
        self.text = text
        self.weatherStatus = weatherStatus
        self.weatherError = weatherError
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.place = place
        self.placeVersion = placeVersion
        self.timeZoneNote = timeZoneNote
        self.media = media
        self.durationSeconds = durationSeconds
        self.motionClip = motionClip
    }

    /// A new entry for a photo just read: no words yet, and weather pending only when the photo
    /// has both a time and a place. DaybookIngest makes one from a photo's metadata
    /// (`JournalEntry+Metadata.swift`); the store itself never reads a photo.
    package init(
        id: String = UUID().uuidString.lowercased(), contentHash: String, sourcePath: String, fileSize: Int64,
        capture: CaptureTime? = nil,
        location: GeoLocation? = nil, locationSource: LocationSource? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
        orientation: Orientation = .up, pixelSize: (width: Int, height: Int)?, thumbnail: String?,
        thumbnailSize: (width: Int, height: Int)?, problems: [String], now: Date = Date()
    ) {
        let created = Self.timestamp(now)
        self.init(
            id: id, contentHash: contentHash, sourcePath: sourcePath, fileSize: fileSize,
            capturedLocal: capture?.local, captureSubsec: capture?.subsecond, captureSource: capture?.source,
            offset: capture?.offset, location: location, cameraMake: cameraMake, cameraModel: cameraModel,
            pixelWidth: pixelSize?.width, pixelHeight: pixelSize?.height, orientation: orientation,
            thumbnail: thumbnail, thumbnailWidth: thumbnailSize?.width, thumbnailHeight: thumbnailSize?.height,
            problems: problems.isEmpty ? nil : problems.joined(separator: "\n"), text: "",
            weatherStatus: capture != nil && location != nil ? .pending : .unavailable, weatherError: nil,
            createdAt: created, updatedAt: created, locationSource: locationSource)
    }

    package static func timestamp(_ date: Date) -> String { UTCTimestamp.text(date) }

    // MARK: Derived views

    /// Unix seconds of the capture, only when the offset is known. The `captured_utc` column
    /// is written from this, and from nowhere else.
    public var capturedUTC: Int64? {
        guard let capturedLocal, let offset else { return nil }
        return capturedLocal.unixSeconds(offsetSeconds: offset.seconds)
    }

    /// "Canon PowerShot G9" rather than "Canon Canon PowerShot G9": many makers repeat
    /// their name in the model.
    public var camera: String? {
        guard let model = cameraModel else { return cameraMake }
        guard let make = cameraMake, let brand = make.split(separator: " ").first,
            !model.lowercased().hasPrefix(brand.lowercased())
        else { return model }
        return "\(make) \(model)"
    }

    public var shortID: String { String(id.prefix(8)) }

    public var problemList: [String] { problems?.split(separator: "\n").map(String.init) ?? [] }

    /// A photo entry known from its journal file alone, its photo on another device (a journal
    /// folder synced without the photo folders): its `source_path` is then its journal file's,
    /// as a text entry's is, until an ingest here finds the photo's bytes.
    public var isPhotoElsewhere: Bool { media != .text && JournalFilePath(relative: sourcePath) != nil }
}
