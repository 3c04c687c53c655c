import DaybookCore

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
        /// The numbers of the piece at `start` laid out as `layout` (see `DateText.numbers`).
        func numbers(at start: Int, _ layout: String, _ alternatives: [Int: String] = [:]) -> [Int]? {
            let end = start + layout.utf8.count
            guard end <= c.count else { return nil }
            return DateText.numbers(String(decoding: c[start..<end], as: UTF8.self), layout: layout, alternatives: alternatives)
        }
        guard let d = numbers(at: 0, "####-##-##T##:##", [10: " t"]), let date = CivilDate(year: d[0], month: d[1], day: d[2]),
            d[3] < 24, d[4] < 60
        else { return nil }
        var i = 16, second = 0
        if let s = numbers(at: i, ":##") {
            guard s[0] < 60 else { return nil }
            second = s[0]
            i = 19
            if i < c.count, c[i] == UInt8(ascii: ".") || c[i] == UInt8(ascii: ",") {
                i += 1
                let start = i
                while i < c.count, c[i] >= 48, c[i] <= 57 { i += 1 }
                guard i > start else { return nil }
            }
        }
        let local = date.midnightUTCSeconds + Int64(d[3] * 3600 + d[4] * 60 + second)
        if i == c.count {
            self.init(localSeconds: local, offsetSeconds: nil)
            return
        }
        if c[i] == UInt8(ascii: "Z") || c[i] == UInt8(ascii: "z") {
            guard i + 1 == c.count else { return nil }
            self.init(localSeconds: local, offsetSeconds: 0)
            return
        }
        // ±HH, ±HHMM or ±HH:MM to the end.
        let hoursAndMinutes: (Int, Int)?
        switch c.count - i {
        case 3: hoursAndMinutes = numbers(at: i, "+##", [0: "-"]).map { ($0[0], 0) }
        case 5: hoursAndMinutes = numbers(at: i, "+####", [0: "-"]).map { ($0[0] / 100, $0[0] % 100) }
        case 6: hoursAndMinutes = numbers(at: i, "+##:##", [0: "-"]).map { ($0[0], $0[1]) }
        default: return nil
        }
        guard let (h, m) = hoursAndMinutes, h <= 14, m < 60 else { return nil }
        let sign = c[i] == UInt8(ascii: "-") ? -1 : 1
        self.init(localSeconds: local, offsetSeconds: sign * (h * 3600 + m * 60))
    }
}
