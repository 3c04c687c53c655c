import CExif

/// Reads a photo's EXIF block (libexif) into `PhotoMetadata`, applying Daybook's rules for
/// dates, offsets, GPS and orientation.
public enum ExifReader {
    public static func read(jpeg bytes: [UInt8]) -> PhotoMetadata {
        bytes.withUnsafeBytes { read(jpeg: $0) }
    }

    public static func read(jpeg bytes: UnsafeRawBufferPointer) -> PhotoMetadata {
        guard let block = ExifBlock(jpeg: bytes) else { return PhotoMetadata() }
        var metadata = PhotoMetadata(hasExif: true)
        if block.isEmpty {
            metadata.warnings.append("EXIF block present but unreadable (no entries)")
            return metadata
        }
        metadata.capture = captureTime(from: block, warnings: &metadata.warnings)
        metadata.location = location(from: block, warnings: &metadata.warnings)
        metadata.orientation = orientation(from: block, warnings: &metadata.warnings)
        metadata.make = block.string(EXIF_TAG_MAKE.rawValue, in: EXIF_IFD_0)
        metadata.model = block.string(EXIF_TAG_MODEL.rawValue, in: EXIF_IFD_0)
        return metadata
    }

    /// Date tags in order of preference, each with the offset and sub-second tags that
    /// belong to it (EXIF 2.31 pairs them this way).
    private static let dateTags: [(source: CaptureDateSource, date: ExifTag, offset: ExifTag, subsec: ExifTag, ifd: ExifIfd)] = [
        (.dateTimeOriginal, EXIF_TAG_DATE_TIME_ORIGINAL, EXIF_TAG_OFFSET_TIME_ORIGINAL, EXIF_TAG_SUB_SEC_TIME_ORIGINAL, EXIF_IFD_EXIF),
        (.createDate, EXIF_TAG_DATE_TIME_DIGITIZED, EXIF_TAG_OFFSET_TIME_DIGITIZED, EXIF_TAG_SUB_SEC_TIME_DIGITIZED, EXIF_IFD_EXIF),
        (.modifyDate, EXIF_TAG_DATE_TIME, EXIF_TAG_OFFSET_TIME, EXIF_TAG_SUB_SEC_TIME, EXIF_IFD_0),
    ]

    static func captureTime(from block: ExifBlock, warnings: inout [String]) -> CaptureTime? {
        for candidate in dateTags {
            guard let text = block.string(candidate.date.rawValue, in: candidate.ifd) else { continue }
            guard let local = LocalDateTime(exif: text) else {
                warnings.append("\(candidate.source.rawValue) \(quoted(text)) is not a usable date; ignored")
                continue
            }
            var capture = CaptureTime(local: local, source: candidate.source)
            if let subsec = block.string(candidate.subsec.rawValue, in: EXIF_IFD_EXIF),
               subsec.allSatisfy(\.isASCIIDigit) {
                capture.subsecond = subsec
            }
            if let text = block.string(candidate.offset.rawValue, in: EXIF_IFD_EXIF) {
                if let offset = UTCOffset(exifOffset: text) {
                    capture.offset = offset
                } else {
                    warnings.append("offset \(quoted(text)) is not a usable UTC offset; ignored")
                }
            }
            if capture.offset == nil, let utc = gpsUTCSeconds(from: block) {
                capture.offset = UTCOffset(local: local, gpsUTCSeconds: utc)
            }
            return capture
        }
        return nil
    }

    /// GPSDateStamp + GPSTimeStamp as seconds since the epoch (UTC), when both are valid.
    static func gpsUTCSeconds(from block: ExifBlock) -> Double? {
        guard let dateText = block.string(UInt32(EXIF_TAG_GPS_DATE_STAMP), in: EXIF_IFD_GPS),
              let time = block.rationals(UInt32(EXIF_TAG_GPS_TIME_STAMP), in: EXIF_IFD_GPS, count: 3),
              let day = LocalDateTime(exif: dateText + " 00:00:00"),
              (0..<24).contains(time[0]), (0..<60).contains(time[1]), (0..<61).contains(time[2])
        else { return nil }
        return Double(day.secondsSinceEpochIgnoringZone) + time[0] * 3600 + time[1] * 60 + time[2]
    }

    static func location(from block: ExifBlock, warnings: inout [String]) -> GeoLocation? {
        let hasLatitude = block.rationalCount(UInt32(EXIF_TAG_GPS_LATITUDE), in: EXIF_IFD_GPS) > 0
        let hasLongitude = block.rationalCount(UInt32(EXIF_TAG_GPS_LONGITUDE), in: EXIF_IFD_GPS) > 0
        guard hasLatitude || hasLongitude else { return nil }
        guard let latitude = coordinate(block, value: UInt32(EXIF_TAG_GPS_LATITUDE), ref: UInt32(EXIF_TAG_GPS_LATITUDE_REF),
                                        positive: "N", negative: "S", limit: 90, warnings: &warnings),
              let longitude = coordinate(block, value: UInt32(EXIF_TAG_GPS_LONGITUDE), ref: UInt32(EXIF_TAG_GPS_LONGITUDE_REF),
                                         positive: "E", negative: "W", limit: 180, warnings: &warnings)
        else { return nil }
        var altitude = block.rationals(UInt32(EXIF_TAG_GPS_ALTITUDE), in: EXIF_IFD_GPS, count: 1)?.first
        // GPSAltitudeRef 1 = below sea level; a missing ref means the EXIF default, above.
        if let metres = altitude, block.integer(UInt32(EXIF_TAG_GPS_ALTITUDE_REF), in: EXIF_IFD_GPS) == 1 {
            altitude = -metres
        }
        return GeoLocation(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    private static func coordinate(_ block: ExifBlock, value: UInt32, ref: UInt32, positive: String, negative: String,
                                   limit: Double, warnings: inout [String]) -> Double? {
        let components = min(block.rationalCount(value, in: EXIF_IFD_GPS), 3)
        guard components > 0, let parts = block.rationals(value, in: EXIF_IFD_GPS, count: components) else {
            warnings.append("GPS position has an empty or zero-denominator value; location ignored")
            return nil
        }
        let weights = [1.0, 1.0 / 60, 1.0 / 3600]
        let magnitude = zip(parts, weights).reduce(0) { $0 + $1.0 * $1.1 }
        let letter = block.string(ref, in: EXIF_IFD_GPS)?.uppercased()
        let sign: Double
        switch letter {
        case positive?: sign = 1
        case negative?: sign = -1
        default:
            // Guessing a hemisphere can put a photo thousands of km away.
            warnings.append("GPS position lacks its \(positive)/\(negative) reference; location ignored")
            return nil
        }
        guard magnitude <= limit else {
            warnings.append("GPS value \(magnitude) is out of range; location ignored")
            return nil
        }
        return sign * magnitude
    }

    static func orientation(from block: ExifBlock, warnings: inout [String]) -> Int {
        guard let value = block.integer(EXIF_TAG_ORIENTATION.rawValue, in: EXIF_IFD_0) else { return 1 }
        guard (1...8).contains(value) else {
            warnings.append("orientation \(value) is not 1–8; using 1")
            return 1
        }
        return value
    }

    private static func quoted(_ text: String) -> String {
        let printable = text.unicodeScalars.map { $0.isASCII && $0.value >= 32 ? String($0) : "?" }.joined()
        return "\"\(printable.prefix(40))\""
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
