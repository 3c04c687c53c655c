import DaybookCore

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
    /// An iPhone's Live Photo identifier (`AppleMakerNote`), shared with the photo's movie.
    package var contentIdentifier: String?
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
