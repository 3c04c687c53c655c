import DaybookCore

/// The capture time that phones, screenshot tools and messengers write into a file's name,
/// for a file whose bytes carry no date: `Screenshot_20230114-101112.png`,
/// `IMG_20230114_101112.jpg`, `PXL_20230114_101112345.jpg`,
/// `WhatsApp Image 2023-01-14 at 10.11.12.jpeg`, `Screenshot 2023-01-14 at 10.11.12 PM.png`
/// (macOS), `signal-2023-01-14-101112.jpg`.
///
/// A floating local time (`CaptureSource.filename`), never an offset: the name says what the
/// phone's clock read. Only whole date-and-time runs count, not digits inside longer numbers,
/// and the year must be one a digital file can have: a counter like `IMG_19000101_000000`
/// is no date.
package enum FileNameDate {
    package static let plausibleYears = 1990...2100

    /// nil when the name holds no date and time of a known shape.
    package static func capture(fromName name: String) -> CaptureTime? {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        for shape in shapes {
            for match in base.matches(of: shape.pattern) {
                let numbers = (1...6).compactMap { index in match.output[index].substring.flatMap { Int($0) } }
                guard numbers.count == 6 else { continue }
                var hour = numbers[3]
                if shape.twelveHour, let half = match.output[7].substring?.uppercased() {
                    guard (1...12).contains(hour) else { continue }
                    hour = hour % 12 + (half == "PM" ? 12 : 0)
                }
                guard plausibleYears.contains(numbers[0]),
                    let local = LocalDateTime(
                        year: numbers[0], month: numbers[1], day: numbers[2], hour: hour, minute: numbers[4], second: numbers[5])
                else { continue }
                return CaptureTime(local: local, source: .filename)
            }
        }
        return nil
    }

    private struct Shape: @unchecked Sendable {
        let pattern: Regex<AnyRegexOutput>
        let twelveHour: Bool
    }

    /// Each captures year, month, day, hour, minute, second (and AM or PM).
    private static let shapes: [Shape] = [
        // 20230114_101112, 20230114-101112, PXL's 20230114_101112345 (milliseconds follow).
        Shape(pattern: regex(#"(?:^|[^0-9])(\d{4})(\d{2})(\d{2})[_-](\d{2})(\d{2})(\d{2})(?:\d{1,3})?(?![0-9])"#), twelveHour: false),
        // WhatsApp's and macOS's "2023-01-14 at 10.11.12", macOS's "at 10.11.12 PM".
        Shape(
            pattern: regex(#"(?:^|[^0-9])(\d{4})-(\d{2})-(\d{2}) at (\d{1,2})\.(\d{2})\.(\d{2})(?:[ \u{202F}]?([AaPp][Mm]))?(?![0-9])"#),
            twelveHour: true),
        // Signal's "2023-01-14-101112", and "2023-01-14_10-11-12", "2023-01-14 10.11.12".
        Shape(
            pattern: regex(#"(?:^|[^0-9])(\d{4})-(\d{2})-(\d{2})[ _-](\d{2})[-.]?(\d{2})[-.]?(\d{2})(?![0-9])"#), twelveHour: false),
    ]

    private static func regex(_ text: String) -> Regex<AnyRegexOutput> {
        // The patterns are literals of this file: one that does not compile is a bug here.
        try! Regex(text)
    }
}
