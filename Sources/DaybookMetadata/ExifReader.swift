import CExif
import DaybookCore

/// Reads a photo's EXIF block (libexif) into `PhotoMetadata`, applying Daybook's rules for
/// dates, offsets, GPS and orientation.
package enum ExifReader {
    package static func read(jpeg bytes: [UInt8]) -> PhotoMetadata {
        bytes.withUnsafeBytes { read(jpeg: $0) }
    }

    package static func read(jpeg bytes: UnsafeRawBufferPointer) -> PhotoMetadata {
        read(ExifBlock(jpeg: bytes))
    }

    /// The rules, whatever container the block came from.
    static func read(_ block: ExifBlock?) -> PhotoMetadata {
        guard let block else { return PhotoMetadata() }
        var metadata = PhotoMetadata(hasExif: true)
        if block.isEmpty {
            metadata.warnings.append("EXIF block present but unreadable (no entries)")
            return metadata
        }
        metadata.capture = captureTime(from: block, warnings: &metadata.warnings)
        metadata.location = GPSReader.location(from: block, warnings: &metadata.warnings)
        metadata.locationSource = metadata.location == nil ? nil : .exif
        metadata.orientation = orientation(from: block, warnings: &metadata.warnings)
        metadata.make = block.text(EXIF_TAG_MAKE.rawValue, in: EXIF_IFD_0).value(warning: &metadata.warnings, "ignored")
        metadata.model = block.text(EXIF_TAG_MODEL.rawValue, in: EXIF_IFD_0).value(warning: &metadata.warnings, "ignored")
        metadata.contentIdentifier = block.appleContentIdentifier
        return metadata
    }

    /// Date tags in order of preference, each with the offset and sub-second tags that
    /// belong to it (EXIF 2.31 pairs them this way).
    private static let dateTags: [(source: CaptureSource, date: ExifTag, offset: ExifTag, subsec: ExifTag, ifd: ExifIfd)] = [
        (.dateTimeOriginal, EXIF_TAG_DATE_TIME_ORIGINAL, EXIF_TAG_OFFSET_TIME_ORIGINAL, EXIF_TAG_SUB_SEC_TIME_ORIGINAL, EXIF_IFD_EXIF),
        (.createDate, EXIF_TAG_DATE_TIME_DIGITIZED, EXIF_TAG_OFFSET_TIME_DIGITIZED, EXIF_TAG_SUB_SEC_TIME_DIGITIZED, EXIF_IFD_EXIF),
        (.modifyDate, EXIF_TAG_DATE_TIME, EXIF_TAG_OFFSET_TIME, EXIF_TAG_SUB_SEC_TIME, EXIF_IFD_0),
    ]

    static func captureTime(from block: ExifBlock, warnings: inout [String]) -> CaptureTime? {
        for candidate in dateTags {
            guard let text = block.text(candidate.date.rawValue, in: candidate.ifd).value(warning: &warnings, "ignored")
            else { continue }
            guard let local = LocalDateTime(exif: text) else {
                warnings.append("\(candidate.source.rawValue) \(quoted(text)) is not a usable date; ignored")
                continue
            }
            var capture = CaptureTime(local: local, source: candidate.source)
            if let subsec = block.text(candidate.subsec.rawValue, in: EXIF_IFD_EXIF).value(warning: &warnings, "ignored"),
                subsec.allSatisfy(\.isASCIIDigit)
            {
                capture.subsecond = subsec
            }
            if let text = block.text(candidate.offset.rawValue, in: EXIF_IFD_EXIF).value(warning: &warnings, "ignored") {
                if let offset = UTCOffset(exifOffset: text) {
                    capture.offset = offset
                } else {
                    warnings.append("offset \(quoted(text)) is not a usable UTC offset; ignored")
                }
            }
            if capture.offset == nil, let utc = GPSReader.utcSeconds(from: block, warnings: &warnings) {
                capture.offset = UTCOffset(local: local, gpsUTCSeconds: utc)
            }
            return capture
        }
        return nil
    }

    static func orientation(from block: ExifBlock, warnings: inout [String]) -> Orientation {
        guard let value = block.integer(EXIF_TAG_ORIENTATION.rawValue, in: EXIF_IFD_0).value(warning: &warnings, "using 1")
        else { return .up }
        guard let orientation = Orientation(rawValue: value) else {
            warnings.append("orientation \(value) is not 1–8; using 1")
            return .up
        }
        return orientation
    }

    static func quoted(_ text: String) -> String {
        let printable = text.unicodeScalars.map { $0.isASCII && $0.value >= 32 ? String($0) : "?" }.joined()
        return "\"\(printable.prefix(40))\""
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
