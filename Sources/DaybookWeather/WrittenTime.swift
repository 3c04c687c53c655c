/// A time as written in a weather file: `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH:MM|±HHMM|±HH]`.
///
/// By hand because Foundation's ISO 8601 parsers want one fixed form: they refuse a space
/// for the `T`, an offset without a colon or without minutes, and a time without any
/// offset, all of which station exports write.
struct WrittenTime: Equatable {
    /// The wall-clock fields, counted as seconds since 1970 as if they were UTC.
    let localSeconds: Int64
    /// The UTC offset written after the time, if any.
    let offsetSeconds: Int?

    init(localSeconds: Int64, offsetSeconds: Int?) {
        self.localSeconds = localSeconds
        self.offsetSeconds = offsetSeconds
    }

    /// `nil` for anything that is not exactly that form, or a field out of range.
    init?(_ text: String) {
        let c = Array(text.utf8)
        guard c.count >= 16, c[10] == UInt8(ascii: "T") || c[10] == UInt8(ascii: " ") || c[10] == UInt8(ascii: "t"),
              c[13] == UInt8(ascii: ":"), let date = CivilDate(iso: String(decoding: c[0..<10], as: UTF8.self))
        else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= c.count else { return nil }
            var value = 0
            for i in range {
                guard c[i] >= 48, c[i] <= 57 else { return nil }
                value = value * 10 + Int(c[i] - 48)
            }
            return value
        }
        guard let hour = digits(11..<13), let minute = digits(14..<16), hour < 24, minute < 60 else { return nil }
        var i = 16, second = 0
        if i < c.count, c[i] == UInt8(ascii: ":") {
            guard let s = digits(17..<19), s < 60 else { return nil }
            second = s
            i = 19
            if i < c.count, c[i] == UInt8(ascii: ".") || c[i] == UInt8(ascii: ",") {
                i += 1
                let start = i
                while i < c.count, c[i] >= 48, c[i] <= 57 { i += 1 }
                guard i > start else { return nil }
            }
        }
        let local = date.midnightUTCSeconds + Int64(hour * 3600 + minute * 60 + second)
        if i == c.count {
            self.init(localSeconds: local, offsetSeconds: nil)
            return
        }
        if c[i] == UInt8(ascii: "Z") || c[i] == UInt8(ascii: "z") {
            guard i + 1 == c.count else { return nil }
            self.init(localSeconds: local, offsetSeconds: 0)
            return
        }
        guard c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") else { return nil }
        let sign = c[i] == UInt8(ascii: "-") ? -1 : 1
        let offsetHours: Int?, offsetMinutes: Int?
        switch c.count - i - 1 {
        case 2: offsetHours = digits(i + 1..<i + 3); offsetMinutes = 0
        case 4: offsetHours = digits(i + 1..<i + 3); offsetMinutes = digits(i + 3..<i + 5)
        case 5 where c[i + 3] == UInt8(ascii: ":"): offsetHours = digits(i + 1..<i + 3); offsetMinutes = digits(i + 4..<i + 6)
        default: return nil
        }
        guard let h = offsetHours, let m = offsetMinutes, h <= 14, m < 60 else { return nil }
        self.init(localSeconds: local, offsetSeconds: sign * (h * 3600 + m * 60))
    }
}
