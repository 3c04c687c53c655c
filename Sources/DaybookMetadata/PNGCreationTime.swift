import DaybookCore

/// A PNG's `Creation Time` text. The PNG specification suggests RFC 1123
/// (`Sat, 14 Jan 2023 10:11:12 GMT`); exiftool writes EXIF's `2023:01:14 10:11:12` and
/// ImageMagick ISO 8601. Each is read; anything else is a warning, never a guess.
package enum PNGCreationTime {
    package static func read(_ text: String) -> MetadataReading {
        var warnings: [String] = []
        let trimmed = text.trimmingSpaces
        let capture =
            rfc1123(trimmed)
            ?? XMPValues.captureTime(trimmed, name: "PNG Creation Time", source: .pngCreationTime, warnings: &warnings)
        return MetadataReading(capture: capture, warnings: capture == nil ? warnings : [])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `[Sat, ]14 Jan 2023 10:11:12 GMT` or `+0100`; a two-digit day may be one digit.
    static func rfc1123(_ text: String) -> CaptureTime? {
        var words = text.split(separator: " ").map(String.init)
        if let first = words.first, first.hasSuffix(",") { words.removeFirst() }
        guard words.count == 5, let day = Int(words[0]), let month = months.firstIndex(of: words[1].lowercased()),
            let year = Int(words[2]), let time = DateText.numbers(words[3], layout: "##:##:##"),
            let local = LocalDateTime(year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        else { return nil }
        var capture = CaptureTime(local: local, source: .pngCreationTime)
        let zone = words[4].uppercased()
        capture.offset = ["GMT", "UT", "UTC", "Z"].contains(zone) ? UTCOffset(seconds: 0, source: .dateText) : XMPValues.offset(zone)
        return capture
    }
}
