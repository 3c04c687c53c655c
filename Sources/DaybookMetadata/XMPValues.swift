import DaybookCore

/// The date and place among an XMP packet's properties, with the same rules as EXIF's where
/// the two overlap (`GPSReader.sexagesimal`, `LocalDateTime(exif:)`, `UTCOffset`).
enum XMPValues {
    /// In order of preference: when the shutter fired (the XMP copy of EXIF's tag), the IPTC
    /// Core "date created" (what Lightroom's "Edit Capture Time" writes), then digitisation.
    static let dateProperties = [
        XMPName(namespace: XMPReader.exifNamespace, local: "DateTimeOriginal"),
        XMPName(namespace: XMPReader.photoshopNamespace, local: "DateCreated"),
        XMPName(namespace: XMPReader.xmpNamespace, local: "CreateDate"),
    ]

    static func captureTime(in properties: [XMPName: String], source: CaptureSource, warnings: inout [String]) -> CaptureTime? {
        for name in dateProperties {
            guard let text = properties[name] else { continue }
            if let capture = captureTime(text, name: name.description, source: source, warnings: &warnings) { return capture }
        }
        return nil
    }

    /// An XMP date (ISO 8601: `2021-07-01T14:00:00.25+02:00`, seconds, fraction and zone
    /// optional; exiftool's `2021:07:01 14:00:00` too). A date without a time of day is
    /// refused: Daybook's capture time is a moment, and midnight would be an invention.
    static func captureTime(_ text: String, name: String, source: CaptureSource, warnings: inout [String]) -> CaptureTime? {
        let unusable = "\(name) \(ExifReader.quoted(text))"
        var main = Substring(text)
        var zone: Substring?
        if main.hasSuffix("Z") {
            zone = "Z"
            main = main.dropLast()
        } else if let sign = main.lastIndex(where: { $0 == "+" || $0 == "-" }), main.distance(from: main.startIndex, to: sign) >= 16 {
            zone = main[sign...]
            main = main[..<sign]
        }
        var subsecond: String?
        if main.count > 20, main.dropFirst(19).first == ".", main.dropFirst(20).allSatisfy(\.isASCIIDigit) {
            subsecond = String(main.dropFirst(20))
            main = main.prefix(19)
        }
        if ["####", "####-##", "####-##-##"].contains(where: { DateText.numbers(main, layout: $0, alternatives: [4: ":", 7: ":"]) != nil })
        {
            warnings.append("\(unusable) has no time of day; ignored")
            return nil
        }
        guard let local = LocalDateTime(exif: main.count == 16 ? main + ":00" : main) else {
            warnings.append("\(unusable) is not a usable date; ignored")
            return nil
        }
        var capture = CaptureTime(local: local, source: source, subsecond: subsecond)
        if let zone {
            capture.offset = offset(zone)
            if capture.offset == nil { warnings.append("\(unusable) has an unusable time zone; offset ignored") }
        }
        return capture
    }

    /// `Z`, `+02:00`, and the `+0200` and `+02` some writers use.
    static func offset(_ zone: some StringProtocol) -> UTCOffset? {
        var text = String(zone)
        if text.count == 5, !text.contains(":") { text.insert(":", at: text.index(text.startIndex, offsetBy: 3)) }
        if text.count == 3 { text += ":00" }
        return UTCOffset(exifOffset: text, source: .dateText)
    }

    private struct Axis {
        let name: XMPName
        let letters: (positive: Character, negative: Character)
        let limit: Double
    }

    private static let latitude = Axis(
        name: XMPName(namespace: XMPReader.exifNamespace, local: "GPSLatitude"), letters: ("N", "S"), limit: 90)
    private static let longitude = Axis(
        name: XMPName(namespace: XMPReader.exifNamespace, local: "GPSLongitude"), letters: ("E", "W"), limit: 180)
    private static let altitudeName = XMPName(namespace: XMPReader.exifNamespace, local: "GPSAltitude")
    private static let altitudeRefName = XMPName(namespace: XMPReader.exifNamespace, local: "GPSAltitudeRef")

    static func location(in properties: [XMPName: String], warnings: inout [String]) -> GeoLocation? {
        let latitudeText = properties[latitude.name], longitudeText = properties[longitude.name]
        guard latitudeText != nil || longitudeText != nil else { return nil }
        guard let latitudeText, let longitudeText else {
            warnings.append("GPS position has only one of \(latitude.name) and \(longitude.name); location ignored")
            return nil
        }
        guard let lat = coordinate(latitudeText, latitude).value(warning: &warnings, "location ignored"),
            let lon = coordinate(longitudeText, longitude).value(warning: &warnings, "location ignored")
        else { return nil }
        return GeoLocation(latitude: lat, longitude: lon, altitude: altitude(in: properties, warnings: &warnings))
    }

    /// XMP's GPSCoordinate, `DDD,MM.mmmmK` or `DDD,MM,SSK`, the direction letter last. The
    /// hemisphere comes from the letter only, as in EXIF; a number without one is refused.
    private static func coordinate(_ text: String, _ axis: Axis) -> TagReading<Double> {
        let name = axis.name.description
        let letters = "\(axis.letters.positive)/\(axis.letters.negative)"
        guard let last = text.last, last.isLetter else {
            return .unusable("\(name) \(ExifReader.quoted(text)) has no \(letters) letter")
        }
        let sign: Double
        switch Character(last.uppercased()) {
        case axis.letters.positive: sign = 1
        case axis.letters.negative: sign = -1
        default: return .unusable("\(name) \(ExifReader.quoted(text)) ends in \(last), not \(letters)")
        }
        let fields = text.dropLast().split(separator: ",", omittingEmptySubsequences: false)
        let parts = fields.compactMap(decimal)
        guard (2...3).contains(fields.count), parts.count == fields.count else {
            return .unusable("\(name) \(ExifReader.quoted(text)) is not DDD,MM.mmK or DDD,MM,SSK")
        }
        switch GPSReader.sexagesimal(parts, name: name, allowsNegative: false) {
        case .usable(let magnitude) where magnitude > axis.limit:
            return .unusable("\(name) \(magnitude) is beyond \(Int(axis.limit))°")
        case .usable(let magnitude): return .usable(sign * magnitude)
        case .unusable(let why): return .unusable(why)
        case .missing: return .missing
        }
    }

    /// Metres from `exif:GPSAltitude` (a rational, `1234/10`) and `exif:GPSAltitudeRef`
    /// (1: below sea level); nil when missing or unusable (the position stays).
    private static func altitude(in properties: [XMPName: String], warnings: inout [String]) -> Double? {
        guard let text = properties[altitudeName] else { return nil }
        let fields = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), let numerator = decimal(fields[0]),
            let value = fields.count == 1 ? numerator : decimal(fields[1]).flatMap({ $0 == 0 ? nil : numerator / $0 })
        else {
            warnings.append("\(altitudeName) \(ExifReader.quoted(text)) is not a number; altitude ignored")
            return nil
        }
        switch properties[altitudeRefName] {
        case nil, "0"?: return value
        case "1"?: return -value
        case let other?:
            warnings.append("\(altitudeRefName) \(ExifReader.quoted(other)) is not 0 or 1; altitude ignored")
            return nil
        }
    }

    /// Digits with an optional fraction (`51.396`): no sign, exponent, `inf` or `nan`, which
    /// `Double(String)` would take.
    static func decimal(_ text: some StringProtocol) -> Double? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty, text.count <= 32,
            pieces.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), pieces.count == 1 || !pieces[1].isEmpty
        else { return nil }
        return Double(String(text))
    }
}
