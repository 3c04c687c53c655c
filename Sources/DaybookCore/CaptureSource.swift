/// Where an entry's capture date came from. The raw values are what the store writes in
/// `capture_source` (and `--json` prints): the EXIF tag's name, or where else it came from.
public enum CaptureSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// EXIF DateTimeOriginal: when the shutter fired.
    case dateTimeOriginal = "DateTimeOriginal"
    /// EXIF DateTimeDigitized (exiftool's CreateDate).
    case createDate = "CreateDate"
    /// EXIF DateTime (exiftool's ModifyDate): the last resort among the EXIF dates.
    case modifyDate = "ModifyDate"
    /// An XMP packet inside the photo (exif:DateTimeOriginal, photoshop:DateCreated,
    /// xmp:CreateDate).
    case xmp
    /// The photo's IPTC-IIM record (DateCreated 2:55 with TimeCreated 2:60), for files that
    /// have neither an EXIF nor an XMP date.
    case iptc
    /// A sidecar file beside the photo (`IMG_0001.xmp`, `IMG_0001.jpg.xmp`).
    case sidecar
    /// A PNG's `Creation Time` text chunk (exiftool's PNG:CreationTime), below its EXIF and XMP.
    case pngCreationTime = "CreationTime"
    /// A video's `com.apple.quicktime.creationdate` (exiftool's Keys:CreationDate): local
    /// time with its offset, as iPhones write it.
    case quickTimeCreationDate = "quicktime-creationdate"
    /// A video's container creation time (the `mvhd` box; exiftool's QuickTime:CreateDate):
    /// UTC by the QuickTime specification (docs/video.md).
    case containerCreationTime = "mvhd-creation-time"
    /// The file's name (`Screenshot_20230114-101112.png`, `IMG_20230114_101112.jpg`):
    /// below every metadata source, a floating local time (`FileNameDate`).
    case filename
    /// The file's modification time, only with `--date-from-mtime`: the last resort.
    case mtime
    /// Set by hand (`daybook edit --date`); never replaced by what a file says.
    case user

    /// The EXIF date tags, in order of preference.
    package static let exifTags: [CaptureSource] = [.dateTimeOriginal, .createDate, .modifyDate]
}
