import DaybookCore

/// A video's date, place and camera from its container's tags (as FFmpeg's QuickTime demuxer
/// names them), then the sidecar for what they lack (`MetadataPrecedence`).
///
/// The date, in this order (docs/video.md):
/// 1. `com.apple.quicktime.creationdate`: local time with its offset (iPhones, FFmpeg with
///    `-movflags use_metadata_tags`);
/// 2. the `mvhd` creation time (FFmpeg's `creation_time`), UTC by the QuickTime specification:
///    an instant with offset 0 (`container-utc`), shown in its place's zone once it has one.
///    Some cameras write local time there instead; Daybook does not guess which.
package enum VideoMetadataReader {
    package static func read(tags: [String: String], sidecar: SidecarXMP?) -> PhotoMetadata {
        var warnings: [String] = []
        var own = PhotoMetadata()
        own.capture = captureTime(tags, warnings: &warnings)
        if let text = tags["com.apple.quicktime.location.ISO6709"] ?? tags["location"] {
            if let location = ISO6709.location(text) {
                own.location = location
            } else {
                warnings.append("ISO 6709 location \(ExifReader.quoted(text)) is not a usable position; ignored")
            }
        }
        own.make = cleaned(tags["com.apple.quicktime.make"] ?? tags["make"])
        own.model = cleaned(tags["com.apple.quicktime.model"] ?? tags["model"])
        // MetadataPrecedence ranks the file's own values first, like a photo's EXIF; its
        // place comes out as `.exif`, renamed to what it is below.
        var metadata = MetadataPrecedence.combine(exif: own, embeddedXMP: nil, iptc: nil, sidecar: sidecar)
        if metadata.locationSource == .exif { metadata.locationSource = .quickTime }
        metadata.warnings = warnings + metadata.warnings
        return metadata
    }

    private static func captureTime(_ tags: [String: String], warnings: inout [String]) -> CaptureTime? {
        if let text = tags["com.apple.quicktime.creationdate"],
            let capture = XMPValues.captureTime(
                text, name: "QuickTime CreationDate", source: .quickTimeCreationDate, warnings: &warnings)
        {
            return capture
        }
        guard let text = tags["creation_time"],
            var capture = XMPValues.captureTime(
                text, name: "QuickTime CreateDate (mvhd)", source: .containerCreationTime, warnings: &warnings)
        else { return nil }
        // mvhd counts seconds since 1904; 0 or a Unix count read as one lands before 1970.
        guard capture.local.year >= 1970 else {
            warnings.append("QuickTime CreateDate (mvhd) \(ExifReader.quoted(text)) is before 1970; ignored")
            return nil
        }
        let instant = capture.unixTime ?? capture.local.unixSeconds(offsetSeconds: 0)
        capture.local = LocalDateTime(unixSecondsIgnoringZone: instant)
        capture.offset = UTCOffset(seconds: 0, source: .containerUTC)
        capture.subsecond = nil
        return capture
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        var trimmed = Substring(text)
        while trimmed.first?.isWhitespace == true { trimmed = trimmed.dropFirst() }
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty ? nil : String(trimmed.prefix(128))
    }
}
