import DaybookCore
import DaybookPlaces
import DaybookStore
import Foundation

/// How entries read in a terminal.
enum EntryFormat {
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// "August 2018", the section of a month; "Undated".
    static func monthSection(_ captured: LocalDateTime?) -> String {
        guard let date = captured else { return "Undated" }
        return "\(monthNames[date.month - 1]) \(date.year)"
    }

    /// One list line: date and weekday, place, weather, tags, the first line of the text, id.
    /// Each column is escaped before it is cut to width, so hostile names keep the columns.
    /// Written into one string, not an array of parts joined, which would allocate more for
    /// every line of a list.
    static func line(_ line: ListLine) -> TerminalText {
        var text = ""
        text.reserveCapacity(192)
        appendLine(line, to: &text)
        return TerminalText(trusted: text)
    }

    /// `line(_:)` appended to `text`: a long list writes each line into the one string it
    /// reuses (`EntryListing.print`), not into a new one of its own.
    static func appendLine(_ line: ListLine, to text: inout String) {
        if let date = line.capturedLocal { appendShortDate(date, to: &text) } else { text += "(no date)       " }
        appendColumn(line.placeName ?? "—", 28, to: &text)
        appendColumn(shortWeather(temperatureC: line.temperatureC, text: line.weatherText), 20, to: &text)
        appendColumn(line.tags.prefix(4).joined(separator: " "), 24, to: &text)
        if let firstLine = firstLine(line.text) { appendColumn(firstLine, 40, to: &text) }
        text += "  "
        text += line.shortID
    }

    /// The first line of `text` that is not empty, as `split(separator: "\n").first`. A text
    /// without a line feed byte has no "\n" character (a "\r\n" is one character, and no line
    /// break), so most are taken whole without walking their characters, as the split would
    /// for every line of a list.
    static func firstLine(_ text: String) -> Substring? {
        if !text.utf8.contains(0x0A) { return text.isEmpty ? nil : text[...] }
        return text.split(separator: "\n", maxSplits: 1).first
    }

    /// Two spaces, then `raw` escaped, cut to `width` characters with "…", or padded to
    /// `width` UTF-16 units. A character is one byte at least, so a text of `width` bytes or
    /// fewer is padded without counting its characters (grapheme breaking, the costly part).
    static func appendColumn(_ raw: some StringProtocol, _ width: Int, to line: inout String) {
        line += "  "
        let text = TerminalText.escaped(raw)
        let bytes = text.utf8.count
        // Escaped ASCII has no control characters left, so each byte is one character and one
        // UTF-16 unit (a "\r\n" pair, the one ASCII cluster of two, was escaped): cut and
        // padded by bytes, without grapheme breaking (tags and texts are often cut).
        if bytes > width, text.utf8.allSatisfy({ $0 < 0x80 }) {
            line += text[..<text.utf8.index(text.startIndex, offsetBy: width - 1)]
            line += "…"
            return
        }
        if bytes > width && text.count > width {
            line += text.prefix(width - 1)
            line += "…"
            return
        }
        let units = text.utf16.count
        line += units <= width ? text : padded(text, toUTF16Length: width)
        if units < width { line += spaces.prefix(width - units) }
    }

    private static let spaces = String(repeating: " ", count: 64)

    /// `text` at `length` UTF-16 units, the same bytes as Foundation's
    /// `padding(toLength:withPad:startingAt:)` gives, without its trip through NSString for
    /// every column of every line: spaces added, or the text cut at that unit (an
    /// emoji counts two; a surrogate pair cut in half ends in U+FFFD).
    static func padded(_ text: String, toUTF16Length length: Int) -> String {
        let units = text.utf16.count
        if units == length { return text }
        if units < length { return text + String(repeating: " ", count: length - units) }
        return String(decoding: Array(text.utf16.prefix(length)), as: UTF16.self)
    }

    /// "21°C Mainly clear"; empty for an entry without weather.
    static func shortWeather(temperatureC: Double?, text: String?) -> String {
        guard let temperatureC else { return text ?? "" }
        let degrees = wholeDegrees(temperatureC) + "°C"
        return text.map { degrees + " " + $0 } ?? degrees
    }

    /// `String(format: "%.0f", value)` without Foundation's formatter (a few µs a line):
    /// halves to even, as printf rounds, and "-0" for a small negative value, as printf writes it.
    static func wholeDegrees(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.0f", value) }
        let rounded = value.rounded(.toNearestOrEven)
        return rounded == 0 && value.sign == .minus ? "-0" : String(Int64(rounded))
    }

    /// "Sun 14 Jul 10:30" this year; "Wed 22 Oct 2008 16:44" any other (search and latest
    /// mix years, and a weekday without its year names the wrong day). Appended piece by piece:
    /// an interpolation would make a string of every part first, for every line of a list.
    static func shortDate(_ date: LocalDateTime) -> String {
        var text = ""
        appendShortDate(date, to: &text)
        return text
    }

    static func appendShortDate(_ date: LocalDateTime, to text: inout String) {
        text += weekdays[date.weekday]
        text += " "
        appendTwoDigits(date.day, to: &text)
        text += " "
        text += monthAbbreviations[date.month - 1]
        text += " "
        if date.year != thisYear {
            text += String(date.year)
            text += " "
        }
        appendTwoDigits(date.hour, to: &text)
        text += ":"
        appendTwoDigits(date.minute, to: &text)
    }

    private static let monthAbbreviations = monthNames.map { String($0.prefix(3)) }

    /// `DateText.padded(value)`, without its two strings for the usual 0–99.
    private static func appendTwoDigits(_ value: Int, to text: inout String) {
        guard (0..<100).contains(value) else {
            text += DateText.padded(value)
            return
        }
        text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + value / 10)))
        text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + value % 10)))
    }

    /// Read once, not for every line of a long list: the zone is looked up each time.
    private static let thisYear = LocalClock.now().year

    /// "35.0116°N 135.7681°E"
    static func coordinates(_ entry: JournalEntry) -> String? { entry.location.map(EntryPlaceName.coordinates) }

    static func details(_ entry: JournalEntry, tags: [JournalTag], weather: WeatherRecord?, library: Library) -> [(String, String)] {
        var rows: [(String, String)] = [("id", entry.id)]
        if let date = entry.capturedLocal {
            var text = date.readable()
            if let subsec = entry.captureSubsec { text += ".\(subsec)" }
            if let offset = entry.offset {
                text += " \(offset.formatted) (offset from \(offset.source.explanation))"
            } else {
                text += " (local time, offset unknown)"
            }
            rows.append(("captured", text))
            rows.append(("date from", entry.captureSource?.rawValue ?? "—"))
        } else {
            rows.append(("captured", "no usable date in the photo"))
        }
        if let coordinates = coordinates(entry), let location = entry.location {
            var text = coordinates + String(format: "  (%.6f, %.6f)", location.latitude, location.longitude)
            if let altitude = location.altitude { text += String(format: ", %.1f m", altitude) }
            if let place = entry.place { rows.append(("place", placeDetails(place))) }
            rows.append((entry.place == nil ? "place" : "position", text))
            rows.append(("place from", entry.locationSource?.rawValue ?? "—"))
        } else {
            rows.append(("place", "—"))
        }
        if let note = entry.timeZoneNote { rows.append(("time zone", "none applied: \(note)")) }
        rows.append(("camera", entry.camera ?? "—"))
        switch entry.media {
        case .photo:
            if let width = entry.pixelWidth, let height = entry.pixelHeight {
                rows.append(("pixels", "\(width)×\(height), orientation \(entry.orientation.rawValue)"))
            }
            rows.append(("photo", entry.sourcePath))
        case .video:
            // Its frame as shown: the display matrix has already turned it.
            var facts = ["video", DurationText.clock(entry.durationSeconds ?? 0)]
            if let width = entry.pixelWidth, let height = entry.pixelHeight { facts.append("\(width)×\(height)") }
            rows.append(("media", facts.joined(separator: ", ")))
            rows.append(("video", entry.sourcePath))
        }
        if let name = entry.thumbnailName {
            rows.append(
                ("thumbnail", "\(library.thumbnailURL(for: name).path) (\(entry.thumbnailWidth ?? 0)×\(entry.thumbnailHeight ?? 0))"))
        } else {
            rows.append(("thumbnail", "none"))
        }
        rows.append(("tags", tagList(tags).map { "\($0)  (user tags bare, automatic ones with their score)" } ?? "none"))
        if let weather {
            rows.append(
                (
                    "weather",
                    "\(weather.summary)  (\(weather.provider), observed \(weather.observedAt), grid \(weather.gridLatitude),\(weather.gridLongitude))"
                ))
        } else {
            rows.append(("weather", weatherStatusText(entry)))
        }
        rows.append(("sha256", entry.contentHash))
        rows.append(("added", entry.createdAt))
        if !entry.text.isEmpty { rows.append(("text", entry.text)) }
        for problem in entry.problemList { rows.append(("problem", problem)) }
        return rows
    }

    /// "Paris, Île-de-France, France (1.4 km from its centre; Europe/Paris)"
    /// "motion photo: 1.8 MB clip" for a clip inside the photo's file, "Live Photo: PATH" for
    /// a paired video; nil when the entry has no motion.
    static func motion(_ entry: JournalEntry, files: [EntryFile]) -> String? {
        if let clip = entry.motionClip {
            let megabytes = Double(clip.length) / 1_000_000
            let size = megabytes >= 0.1 ? String(format: "%.1f MB", megabytes) : String(format: "%.1f KB", Double(clip.length) / 1000)
            return "motion photo: \(size) clip"
        }
        return files.first { $0.role == .livePhotoVideo }.map { "Live Photo: \($0.path)" }
    }

    static func placeDetails(_ place: NamedPlace) -> String {
        var notes = place.distanceKm.map { [String(format: "%.1f km from its centre", $0)] } ?? ["no town within 25 km"]
        if let zone = place.timeZone { notes.append(zone) }
        return "\(place.fullLabel) (\(notes.joined(separator: "; ")))"
    }

    /// "holiday, blue 0.71, sky 0.62": user tags bare, automatic ones with their score.
    static func tagList(_ tags: [JournalTag]) -> String? {
        guard !tags.isEmpty else { return nil }
        return tags.map { tag in
            tag.source == .user ? tag.name : String(format: "%@ %.2f", tag.name, tag.score ?? 0)
        }.joined(separator: ", ")
    }

    static func weatherStatusText(_ entry: JournalEntry) -> String {
        switch entry.weatherStatus {
        case .pending: return "pending (run `daybook backfill-weather`)"
        case .unavailable: return "none (the photo has no \(entry.capturedLocal == nil ? "date" : "place"))"
        case .error: return "refused by the provider: \(entry.weatherError ?? "unknown reason")"
        case .done: return "done"
        }
    }
}
