import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation

/// How an entry's values read on a page: plain text, escaped later by the templates. Dates,
/// weather, sizes and lengths are DaybookPresentation's, as every output says them.
enum EntryText {
    /// The zone and where it came from: "UTC+02:00, from the camera's offset tag",
    /// "Europe/Paris (UTC+01:00), from the place", or "floating: no zone known (why)".
    static func zone(_ entry: JournalEntry, weather: WeatherRecord?) -> String {
        guard let offset = entry.offset else { return "floating: no zone known (\(floatingReason(entry)))" }
        let utc = "UTC\(offset.formatted)"
        switch offset.source {
        case .exifOffsetTag: return "\(utc), from the camera's offset tag"
        case .gpsTimestamp: return "\(utc), from the GPS clock"
        case .dateText:
            // XMP or IPTC for a photo; a video's QuickTime creation date carries its zone too.
            let written = entry.media == .video ? "QuickTime creation date" : "photo's XMP or IPTC date"
            return "\(utc), from the zone written in the \(written)"
        case .placeTimeZone:
            // Older journals took the zone from the weather provider, before places had names.
            guard let name = entry.place?.timeZone ?? weather?.timeZone else { return "\(utc), from the place's time zone" }
            return "\(name) (\(utc)), from the place"
        case .containerUTC:
            guard utc != "UTC+00:00", let name = entry.place?.timeZone else { return "\(utc), from the video's UTC creation time" }
            return "\(name) (\(utc)), from the place, at the video's UTC creation time"
        case .device: return "\(utc), from the device it was written on"
        }
    }

    private static func floatingReason(_ entry: JournalEntry) -> String {
        if let note = entry.timeZoneNote { return note }
        if entry.capturedLocal == nil { return "the photo has no date" }
        guard entry.location != nil else { return "the photo has no offset and no place" }
        guard let place = entry.place else {
            return "the photo has no offset, and its place has no name yet: run `daybook places --update`"
        }
        return place.timeZone == nil ? "the photo has no offset, and its place has no single time zone" : "the photo has no offset"
    }

    /// What the page says when an entry has no weather.
    static func missingWeather(_ entry: JournalEntry) -> String {
        switch entry.weatherStatus {
        case .pending: return "not fetched yet"
        case .unavailable: return "none (no \(entry.capturedLocal == nil ? "date" : "place"))"
        case .error: return "none: the provider refused it"
        case .done: return "none"
        }
    }

    /// The first line of the text that is not empty, cut at 140 characters. Found without
    /// splitting the whole text into lines, nor counting the whole line: every tile asks.
    static func excerpt(_ text: String) -> String? {
        // Most texts are one short line: with no newline byte (none inside "\r\n" either)
        // and no more bytes than the limit's Characters, the excerpt is the whole text, found
        // without walking its Characters or copying it.
        if text.utf8.count <= 140, !text.utf8.contains(UInt8(ascii: "\n")) { return text.isEmpty ? nil : text }
        return excerptByCharacters(text)
    }

    /// `excerpt(_:)` for any text, Character by Character.
    static func excerptByCharacters(_ text: String) -> String? {
        guard let start = text.firstIndex(where: { $0 != "\n" }) else { return nil }
        let rest = text[start...]
        let line = rest[..<(rest.firstIndex(of: "\n") ?? rest.endIndex)]
        guard let limit = line.index(line.startIndex, offsetBy: 140, limitedBy: line.endIndex), limit < line.endIndex else {
            return String(line)
        }
        return String(line.prefix(139)) + "…"
    }

    /// Alt text for a photo: what and when, for a screen reader or a missing image.
    static func alt(_ entry: JournalEntry) -> String {
        alt(day: entry.capturedLocal.map(CalendarNames.day), place: entry.placeName)
    }

    /// Where a photo known from its journal file alone would be (`JournalEntry.isPhotoElsewhere`):
    /// said in words, since there is no picture to fetch and a broken image would say nothing.
    static let photoElsewhere = "The photo is on another device"

    /// Why an entry shows no picture, in words: a placeholder that says so, never a broken image
    /// or a link to a rendition that cannot be made.
    static func noPicture(_ entry: JournalEntry) -> String {
        if entry.isPhotoElsewhere { return photoElsewhere }
        if entry.media == .video { return "No frame could be taken from this video." }
        if SkipKind.isRAW(path: entry.sourcePath) { return "The RAW file holds no preview Daybook can show." }
        return "No picture could be made from this photo."
    }

    /// The problems ingest noted for a file it made no picture of, as one line (at most 300
    /// characters): what is wrong with it, in the reader's words.
    static func noPictureWhy(_ entry: JournalEntry) -> String? {
        guard !entry.isPhotoElsewhere, let problems = entry.problems, !problems.isEmpty else { return nil }
        let line = problems.split(separator: "\n").joined(separator: "; ")
        return line.count > 300 ? String(line.prefix(299)) + "…" : line
    }

    /// The same from the day and place a tile has already worked out.
    static func alt(day: String?, place: String?) -> String {
        var text = "Photo"
        if let day { text += " of \(day)" }
        if let place { text += " at \(place)" }
        return text
    }
}
