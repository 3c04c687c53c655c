/// Where an entry's place came from. The raw values are what the store writes in
/// `location_source` (and `--json` prints).
public enum LocationSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The EXIF GPS block (GPSLatitude, GPSLongitude and their refs).
    case exif
    /// An XMP packet inside the photo (exif:GPSLatitude, exif:GPSLongitude).
    case xmp
    /// A sidecar file beside the photo (`IMG_0001.xmp`, `IMG_0001.jpg.xmp`).
    case sidecar
    /// A video's ISO 6709 position (`com.apple.quicktime.location.ISO6709`, or `©xyz`).
    case quickTime = "quicktime"
    /// Given by the person writing the entry (`daybook write --place`).
    case user
}
