import CExif
import DaybookCore

/// Reads the GPS position, altitude and clock with exiftool's rules for formats and signs:
///
/// - Any numeric TIFF format is a number: RATIONAL as EXIF specifies, SRATIONAL as a Nokia
///   8.3 5G writes, SHORT, LONG, FLOAT, DOUBLE… (`ExifBlock.numbers`).
/// - The hemisphere comes from the Ref text alone, by its first letter in any case ("S",
///   "s", "South"). The number's own sign never flips it: exiftool reads `-33 -30 0` with
///   "S" as 33.5° south, and with "N" as 33.5° north.
/// - A zero denominator means "no value" (exiftool shows it as empty).
/// - GPSAltitudeRef 1 means below sea level whatever the sign of GPSAltitude; with 0 or no
///   ref a signed altitude keeps its sign.
///
/// Where exiftool would still print a number that can only be a guess, Daybook stores no
/// location and warns instead: a missing or unknown Ref, minutes or seconds of 60 or more,
/// degrees beyond 90/180, more than three components, or parts of mixed sign (exiftool
/// reads `-33 30 0` as 32.5°, the writer surely meant 33.5°).
enum GPSReader {
    private struct Axis {
        let value: UInt32
        let ref: UInt32
        let letters: (positive: Character, negative: Character)
        let limit: Double
    }

    private static let latitude = Axis(
        value: UInt32(EXIF_TAG_GPS_LATITUDE), ref: UInt32(EXIF_TAG_GPS_LATITUDE_REF),
        letters: ("N", "S"), limit: 90)
    private static let longitude = Axis(
        value: UInt32(EXIF_TAG_GPS_LONGITUDE), ref: UInt32(EXIF_TAG_GPS_LONGITUDE_REF),
        letters: ("E", "W"), limit: 180)

    static func location(from block: ExifBlock, warnings: inout [String]) -> GeoLocation? {
        if case .missing = block.numbers(latitude.value, in: EXIF_IFD_GPS),
            case .missing = block.numbers(longitude.value, in: EXIF_IFD_GPS)
        {
            return nil
        }
        guard let lat = coordinate(block, latitude, warnings: &warnings),
            let lon = coordinate(block, longitude, warnings: &warnings)
        else { return nil }
        return GeoLocation(latitude: lat, longitude: lon, altitude: altitude(from: block, warnings: &warnings))
    }

    private static func coordinate(_ block: ExifBlock, _ axis: Axis, warnings: inout [String]) -> Double? {
        let name = ExifBlock.name(of: axis.value, in: EXIF_IFD_GPS)
        let letters = "\(axis.letters.positive)/\(axis.letters.negative)"
        guard
            let parts = block.numbers(axis.value, in: EXIF_IFD_GPS).required("GPS position has no \(name)")
                .value(warning: &warnings, "location ignored")
        else { return nil }
        guard
            let magnitude = sexagesimal(parts, name: name, allowsNegative: true)
                .value(warning: &warnings, "location ignored")
        else { return nil }
        guard magnitude <= axis.limit else {
            warnings.append("\(name) \(magnitude) is beyond \(Int(axis.limit))°; location ignored")
            return nil
        }
        // Guessing a hemisphere can put a photo thousands of km away: no ref, no location.
        guard
            let ref = block.text(axis.ref, in: EXIF_IFD_GPS).required("GPS position lacks its \(letters) reference")
                .value(warning: &warnings, "location ignored")
        else { return nil }
        let sign: Double
        switch ref.first?.uppercased() {
        case String(axis.letters.positive)?: sign = 1
        case String(axis.letters.negative)?: sign = -1
        default:
            warnings.append(
                "\(ExifBlock.name(of: axis.ref, in: EXIF_IFD_GPS)) \(ExifReader.quoted(ref)) is not \(letters); location ignored")
            return nil
        }
        return sign * magnitude
    }

    /// Metres, negative below sea level; `nil` when missing or unusable (the position stays).
    private static func altitude(from block: ExifBlock, warnings: inout [String]) -> Double? {
        let tag = UInt32(EXIF_TAG_GPS_ALTITUDE), refTag = UInt32(EXIF_TAG_GPS_ALTITUDE_REF)
        guard let parts = block.numbers(tag, in: EXIF_IFD_GPS).value(warning: &warnings, "altitude ignored") else { return nil }
        guard parts.count == 1 else {
            warnings.append("\(ExifBlock.name(of: tag, in: EXIF_IFD_GPS)) has \(parts.count) values, expected 1; altitude ignored")
            return nil
        }
        switch block.integer(refTag, in: EXIF_IFD_GPS) {
        case .missing, .usable(0): return parts[0]  // no ref: the EXIF default, above sea level
        case .usable(1): return -abs(parts[0])
        case .usable(let other):
            warnings.append("\(ExifBlock.name(of: refTag, in: EXIF_IFD_GPS)) \(other) is not 0 or 1; altitude ignored")
            return nil
        case .unusable(let why):
            warnings.append("\(why); altitude ignored")
            return nil
        }
    }

    /// GPSDateStamp + GPSTimeStamp as seconds since the epoch (UTC), when both are present
    /// and usable; a present but unusable one is warned about.
    static func utcSeconds(from block: ExifBlock, warnings: inout [String]) -> Double? {
        let consequence = "no UTC offset from the GPS clock"
        let dateTag = UInt32(EXIF_TAG_GPS_DATE_STAMP), timeTag = UInt32(EXIF_TAG_GPS_TIME_STAMP)
        guard let dateText = block.text(dateTag, in: EXIF_IFD_GPS).value(warning: &warnings, consequence),
            let parts = block.numbers(timeTag, in: EXIF_IFD_GPS).value(warning: &warnings, consequence)
        else { return nil }
        guard let day = CivilDate(exifDate: dateText) else {
            warnings.append("\(ExifBlock.name(of: dateTag, in: EXIF_IFD_GPS)) \(ExifReader.quoted(dateText)) is not a date; \(consequence)")
            return nil
        }
        let name = ExifBlock.name(of: timeTag, in: EXIF_IFD_GPS)
        guard let hours = sexagesimal(parts, name: name, allowsNegative: false).value(warning: &warnings, consequence) else { return nil }
        guard hours < 24 else {
            warnings.append("\(name) is not within a day; \(consequence)")
            return nil
        }
        return Double(day.midnightUTCSeconds) + hours * 3600
    }

    /// Degrees (or hours), minutes, seconds summed as exiftool does, from one to three parts;
    /// the magnitude only, since the sign comes from elsewhere.
    static func sexagesimal(_ parts: [Double], name: String, allowsNegative: Bool) -> TagReading<Double> {
        guard (1...3).contains(parts.count) else { return .unusable("\(name) has \(parts.count) values, expected 1 to 3") }
        let nonzero = parts.filter { $0 != 0 }
        if nonzero.contains(where: { $0 < 0 }) {
            guard allowsNegative else { return .unusable("\(name) has a negative part") }
            guard nonzero.allSatisfy({ $0 < 0 }) else { return .unusable("\(name) mixes negative and positive parts") }
        }
        let magnitudes = parts.map(abs)
        for (index, unit) in ["minutes", "seconds"].enumerated() where index + 1 < magnitudes.count && magnitudes[index + 1] >= 60 {
            return .unusable("\(name) \(unit) \(magnitudes[index + 1]) are not below 60")
        }
        return .usable(zip(magnitudes, [1, 1.0 / 60, 1.0 / 3600]).reduce(0) { $0 + $1.0 * $1.1 })
    }
}
