import DaybookCore

package struct CaptureTime: Sendable, Hashable, Codable {
    /// Camera wall-clock time, as written.
    package var local: LocalDateTime
    package var source: CaptureSource
    /// SubSecTime digits as written ("250" means .250 s), when present.
    package var subsecond: String?
    /// Known offset from UTC, or `nil` for a floating local time.
    package var offset: UTCOffset?

    package init(local: LocalDateTime, source: CaptureSource, subsecond: String? = nil, offset: UTCOffset? = nil) {
        self.local = local
        self.source = source
        self.subsecond = subsecond
        self.offset = offset
    }

    /// Seconds since the Unix epoch, only when the offset is known.
    package var unixTime: Int64? {
        offset.map { local.unixSeconds(offsetSeconds: $0.seconds) }
    }
}

/// What Daybook reads from a photo: its EXIF block, then (`MetadataPrecedence`) its XMP
/// packet, its IPTC record and a sidecar for what EXIF lacks.
package struct PhotoMetadata: Sendable, Hashable, Codable {
    package var capture: CaptureTime?
    package var location: GeoLocation?
    /// Where `location` came from; nil exactly when there is no location.
    package var locationSource: LocationSource?
    /// `.up` when missing or invalid.
    package var orientation: Orientation
    package var make: String?
    package var model: String?
    /// Whether the file had an EXIF block libexif could load.
    package var hasExif: Bool
    /// Problems worth telling the user (ignored garbage dates, GPS without a hemisphere…).
    package var warnings: [String]

    /// A location without a named source came from EXIF, as every place did before XMP.
    package init(
        capture: CaptureTime? = nil, location: GeoLocation? = nil, locationSource: LocationSource? = nil,
        orientation: Orientation = .up, make: String? = nil, model: String? = nil, hasExif: Bool = false,
        warnings: [String] = []
    ) {
        self.capture = capture
        self.location = location
        self.locationSource = location == nil ? nil : locationSource ?? .exif
        self.orientation = orientation
        self.make = make
        self.model = model
        self.hasExif = hasExif
        self.warnings = warnings
    }
}
