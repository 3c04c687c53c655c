/// A wall-clock date and time as a camera writes it: no time zone attached.
///
/// EXIF dates are "floating" local times. Keeping them as plain fields (rather than `Date`)
/// makes it impossible to convert them with the machine's own time zone by accident.
/// Encoded (Codable, database) as the store's ISO text, `YYYY-MM-DDTHH:MM:SS`.
public struct LocalDateTime: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Years outside this range are clock garbage (0000, 1970 epoch defaults are handled by
    /// the all-zero check; 1826 is the oldest surviving photograph).
    package static let plausibleYears = 1826...2999

    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard Self.plausibleYears.contains(year), CivilCalendar.isValid(year: year, month: month, day: day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
    }

    /// Midnight starting `date`, when its year is a plausible one.
    public init?(_ date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second)
    }

    private init?(_ numbers: [Int]?) {
        guard let n = numbers, n.count == 6 else { return nil }
        self.init(year: n[0], month: n[1], day: n[2], hour: n[3], minute: n[4], second: n[5])
    }

    /// Parses EXIF's `YYYY:MM:DD HH:MM:SS`. Also accepts `-` or `/` in the date and `T`
    /// between date and time, which some writers use. Anything else — blanks, all zeros,
    /// free text, impossible dates — is `nil`: a missing date, never a half-parsed one.
    package init?(exif text: some StringProtocol) {
        let bytes = Array(text.utf8)
        // The two date separators must be the same character.
        guard bytes.count == 19, bytes[4] == bytes[7] else { return nil }
        self.init(DateText.numbers(text, layout: "####:##:## ##:##:##", alternatives: [4: "-/", 7: "-/", 10: "T"]))
    }

    /// Parses exactly the store's ISO form `YYYY-MM-DDTHH:MM:SS`.
    public init?(iso text: some StringProtocol) {
        var text = String(text)
        guard let n = text.withUTF8(Self.isoNumbers) else { return nil }
        self.init(year: n.year, month: n.month, day: n.day, hour: n.hour, minute: n.minute, second: n.second)
    }

    /// `DateText.numbers(text, layout: "####-##-##T##:##:##")` read at the layout's fixed
    /// places, with no array made: the store reads a date per row, 61 a timeline page.
    package static func isoNumbers(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? {
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2)
        else { return nil }
        return (year, month, day, hour, minute, second)
    }

    /// Parses a date typed on the command line: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or
    /// `YYYY-MM-DD HH:MM:SS` (a `T` may stand for the space; EXIF's separators are fine too).
    package init?(commandLine text: String) {
        switch text.utf8.count {
        case 10: self.init(exif: text + " 00:00:00")
        case 16: self.init(exif: text + ":00")
        default: self.init(exif: text)
        }
    }

    /// The wall-clock fields of a count of seconds since 1970-01-01T00:00:00 read as UTC
    /// (the inverse of `secondsSinceEpochIgnoringZone`). Not checked against `plausibleYears`.
    package init(unixSecondsIgnoringZone seconds: Int64) {
        let (days, secondOfDay) = CivilCalendar.split(seconds: seconds)
        (year, month, day) = CivilCalendar.date(days: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    public var date: CivilDate { CivilDate(self) }

    public var iso8601: String {
        "\(date.iso)T\(DateText.padded(hour)):\(DateText.padded(minute)):\(DateText.padded(second))"
    }

    /// `YYYY-MM-DD HH:MM:SS` (or `YYYY-MM-DD HH:MM`), as Daybook shows a time to people.
    public func readable(seconds: Bool = true) -> String {
        "\(date.iso) \(DateText.padded(hour)):\(DateText.padded(minute))" + (seconds ? ":\(DateText.padded(second))" : "")
    }

    package var exifString: String {
        let d = date
        return "\(DateText.padded(d.year, width: 4)):\(DateText.padded(d.month)):\(DateText.padded(d.day)) "
            + "\(DateText.padded(hour)):\(DateText.padded(minute)):\(DateText.padded(second))"
    }

    /// Seconds since 1970-01-01T00:00:00 reading these fields as if they were UTC. Only
    /// differences of such values mean anything (e.g. local time minus GPS UTC time).
    package var secondsSinceEpochIgnoringZone: Int64 {
        Int64(CivilCalendar.days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The instant this wall-clock time names where the clock ran `offsetSeconds` ahead of
    /// UTC, in Unix seconds. Daybook's one conversion from a local time to an instant.
    public func unixSeconds(offsetSeconds: Int) -> Int64 {
        secondsSinceEpochIgnoringZone - Int64(offsetSeconds)
    }

    /// 0 for Sunday … 6 for Saturday.
    public var weekday: Int { date.weekday }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.secondsSinceEpochIgnoringZone < rhs.secondsSinceEpochIgnoringZone
    }
}

extension LocalDateTime: ISOText, CustomStringConvertible {
    public static let isoLayout = "YYYY-MM-DDTHH:MM:SS"
    public init?(isoText: String) { self.init(iso: isoText) }
    public var isoText: String { iso8601 }
    public var description: String { iso8601 }
}
