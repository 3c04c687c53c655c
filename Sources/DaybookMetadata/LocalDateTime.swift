/// A wall-clock date and time as a camera writes it: no time zone attached.
///
/// EXIF dates are "floating" local times. Keeping them as plain fields (rather than `Date`)
/// makes it impossible to convert them with the machine's own time zone by accident.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Years outside this range are clock garbage (0000, 1970 epoch defaults are handled by
    /// the all-zero check; 1826 is the oldest surviving photograph).
    public static let plausibleYears = 1826...2999

    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard Self.plausibleYears.contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
    }

    /// Parses EXIF's `YYYY:MM:DD HH:MM:SS`. Also accepts `-` or `/` in the date and `T`
    /// between date and time, which some writers use. Anything else — blanks, all zeros,
    /// free text, impossible dates — is `nil`: a missing date, never a half-parsed one.
    public init?(exif text: String) {
        let chars = Array(text.utf8)
        guard chars.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let c = chars[index]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        let dateSeparators: Set<UInt8> = [58, 45, 47] // : - /
        guard dateSeparators.contains(chars[4]), chars[7] == chars[4],
              chars[10] == 32 || chars[10] == 84, // space or T
              chars[13] == 58, chars[16] == 58,
              let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10),
              let h = number(11..<13), let mi = number(14..<16), let s = number(17..<19)
        else { return nil }
        self.init(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }

    /// The wall-clock fields of a count of seconds since 1970-01-01T00:00:00 read as UTC
    /// (the inverse of `secondsSinceEpochIgnoringZone`).
    public init(unixSecondsIgnoringZone seconds: Int64) {
        let days = Int((seconds >= 0 ? seconds : seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    /// Parses the store's ISO form `YYYY-MM-DDTHH:MM:SS`.
    public init?(iso text: String) { self.init(exif: String(text.prefix(19))) }

    public var iso8601: String {
        "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
    }

    public var exifString: String {
        "\(pad(year, 4)):\(pad(month)):\(pad(day)) \(pad(hour)):\(pad(minute)):\(pad(second))"
    }

    /// Seconds since 1970-01-01T00:00:00 reading these fields as if they were UTC. Only
    /// differences of such values mean anything (e.g. local time minus GPS UTC time).
    public var secondsSinceEpochIgnoringZone: Int64 {
        Int64(Self.daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.secondsSinceEpochIgnoringZone < rhs.secondsSinceEpochIgnoringZone
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days_from_civil: proleptic Gregorian, no Foundation calendar (and so
    /// no machine time zone) involved.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
