/// Where a capture's UTC offset came from. An offset with no source is never invented:
/// without one of these the capture time stays floating.
public enum OffsetSource: String, Sendable, Codable, CaseIterable {
    /// OffsetTimeOriginal (or the OffsetTime tag matching the date tag used).
    case exifOffsetTag = "exif-offset"
    /// Local capture time compared with GPSDateStamp + GPSTimeStamp (UTC).
    case gpsTimestamp = "gps-timestamp"
    /// The zone designator written in the date itself: an XMP date's `+02:00`, an IPTC
    /// TimeCreated's `+0200`.
    case dateText = "date-text"
    /// The IANA time zone of the photo's place (from the weather provider), applied to the
    /// floating local time; only used when the photo itself gave no offset.
    case placeTimeZone = "place-timezone"
    /// A video's `mvhd` creation time, UTC by the QuickTime specification: the instant is
    /// known; the offset is 0 until the entry has a place, then its zone's at that instant.
    case containerUTC = "container-utc"
    /// The time zone of the device an entry was written on (`daybook write`): the person
    /// wrote it there and then.
    case device

    /// How `show` explains where an offset came from.
    public var explanation: String {
        switch self {
        case .exifOffsetTag: return "EXIF offset tag"
        case .gpsTimestamp: return "GPS time stamp"
        case .dateText: return "the zone written in the date"
        case .placeTimeZone: return "the place's time zone"
        case .containerUTC: return "the video's UTC creation time"
        case .device: return "the time zone of the device it was written on"
        }
    }
}

/// How far a capture's clock ran ahead of UTC, and how Daybook knows.
public struct UTCOffset: Sendable, Hashable, Codable {
    public let seconds: Int
    public let source: OffsetSource

    /// Real zones lie within ±14 h.
    public static let maximumSeconds = 14 * 3600

    public init?(seconds: Int, source: OffsetSource) {
        guard abs(seconds) <= Self.maximumSeconds else { return nil }
        self.seconds = seconds
        self.source = source
    }

    /// Parses EXIF 2.31's `+HH:MM` / `-HH:MM` (and `Z`). Blank or malformed is `nil`.
    package init?(exifOffset text: String, source: OffsetSource = .exifOffsetTag) {
        if text == "Z" { self.init(seconds: 0, source: source); return }
        guard let n = DateText.numbers(text, layout: "+##:##", alternatives: [0: "-"]), n[1] < 60 else { return nil }
        let sign = text.hasPrefix("-") ? -1 : 1
        self.init(seconds: sign * (n[0] * 3600 + n[1] * 60), source: source)
    }

    /// The offset implied by a local time and the GPS clock's UTC time for the same shot.
    /// Accepted only when it is a whole quarter hour (the granularity of real zones) within
    /// ±14 h; `tolerance` absorbs the second or two between the GPS fix and the shutter.
    package init?(local: LocalDateTime, gpsUTCSeconds: Double, tolerance: Double = 120) {
        let difference = Double(local.secondsSinceEpochIgnoringZone) - gpsUTCSeconds
        let quarterHours = (difference / 900).rounded()
        guard abs(difference - quarterHours * 900) <= tolerance else { return nil }
        self.init(seconds: Int(quarterHours) * 900, source: .gpsTimestamp)
    }

    /// `+02:00`, `-03:00`, `+05:30`.
    public var formatted: String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        return "\(sign)\(DateText.padded(magnitude / 3600)):\(DateText.padded(magnitude % 3600 / 60))"
    }
}
