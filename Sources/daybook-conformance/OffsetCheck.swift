import DaybookCore
import DaybookMetadata

/// The offset rule the JPEG corpus and the HEIF samples share: exiftool's EXIF offset tag when
/// it has one; otherwise any offset Daybook found must come from the GPS clock and lie within
/// two minutes of the UTC time exiftool read from GPS.
enum OffsetCheck {
    /// `offsetTag`: exiftool's OffsetTimeOriginal. `gpsTime`: its GPS date and time,
    /// `YYYY:MM:DD HH:MM:SS` (anything after the seconds is ignored).
    static func differences(offsetTag wanted: String?, gpsTime: String?, capture: CaptureTime?) -> [CorpusCheck.Difference] {
        let offset = capture?.offset
        if let wanted {
            let got = offset.map { "\($0.formatted) from \($0.source.rawValue)" }
            let want = "\(wanted) from \(OffsetSource.exifOffsetTag.rawValue)"
            return got == want ? [] : [CorpusCheck.Difference(field: "offset", exiftool: want, ours: show(got))]
        }
        guard let offset, let capture else { return [] }
        guard offset.source == .gpsTimestamp, let gpsTime, let utc = LocalDateTime(exif: String(gpsTime.prefix(19))) else {
            return [
                CorpusCheck.Difference(
                    field: "offset", exiftool: "none (no offset tag\(gpsTime == nil ? ", no GPS time" : ""))",
                    ours: "\(offset.formatted) from \(offset.source.rawValue)")
            ]
        }
        let implied = capture.local.secondsSinceEpochIgnoringZone - Int64(offset.seconds) - utc.secondsSinceEpochIgnoringZone
        guard abs(implied) > 120 else { return [] }
        return [
            CorpusCheck.Difference(
                field: "offset", exiftool: "GPS time \(gpsTime)", ours: "\(offset.formatted) from GPS, off by \(implied) s")
        ]
    }
}
