/// Which EXIF tag a capture date came from, in order of preference.
public enum CaptureDateSource: String, Sendable, Codable, CaseIterable {
    case dateTimeOriginal = "DateTimeOriginal"
    case createDate = "CreateDate"
    case modifyDate = "ModifyDate"
}

public struct CaptureTime: Sendable, Hashable, Codable {
    /// Camera wall-clock time, as written.
    public var local: LocalDateTime
    public var source: CaptureDateSource
    /// SubSecTime digits as written ("250" means .250 s), when present.
    public var subsecond: String?
    /// Known offset from UTC, or `nil` for a floating local time.
    public var offset: UTCOffset?

    public init(local: LocalDateTime, source: CaptureDateSource, subsecond: String? = nil, offset: UTCOffset? = nil) {
        self.local = local
        self.source = source
        self.subsecond = subsecond
        self.offset = offset
    }

    /// Seconds since the Unix epoch, only when the offset is known.
    public var unixTime: Int64? {
        offset.map { local.secondsSinceEpochIgnoringZone - Int64($0.seconds) }
    }
}

public struct GeoLocation: Sendable, Hashable, Codable {
    /// Signed decimal degrees: south and west are negative.
    public var latitude: Double
    public var longitude: Double
    /// Metres; negative below sea level.
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}

/// What Daybook reads from a photo's EXIF block.
public struct PhotoMetadata: Sendable, Hashable, Codable {
    public var capture: CaptureTime?
    public var location: GeoLocation?
    /// EXIF orientation 1…8; 1 when missing or invalid.
    public var orientation: Int
    public var make: String?
    public var model: String?
    /// Whether the file had an EXIF block libexif could load.
    public var hasExif: Bool
    /// Problems worth telling the user (ignored garbage dates, GPS without a hemisphere…).
    public var warnings: [String]

    public init(capture: CaptureTime? = nil, location: GeoLocation? = nil, orientation: Int = 1,
                make: String? = nil, model: String? = nil, hasExif: Bool = false, warnings: [String] = []) {
        self.capture = capture
        self.location = location
        self.orientation = orientation
        self.make = make
        self.model = model
        self.hasExif = hasExif
        self.warnings = warnings
    }
}
