import DaybookCore
import DaybookPlaces
import DaybookPresentation
import DaybookStore
import Foundation

/// How an entry reads in `show`: its rows of label and value. A list's line is
/// DaybookPresentation's `ListLine`.
enum EntryFormat {
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
            if let place = entry.place { rows.append(("place", PlaceText.details(place))) }
            rows.append((entry.place == nil ? "place" : "position", text))
            rows.append(("place from", entry.locationSource?.rawValue ?? "—"))
        } else {
            rows.append(("place", "—"))
        }
        if let note = entry.timeZoneNote { rows.append(("time zone", "none applied: \(note)")) }
        // Words alone were written, not taken: no camera, no picture, no file's digest.
        let isText = entry.media == .text
        if !isText { rows.append(("camera", entry.camera ?? "—")) }
        switch entry.media {
        case .photo:
            if let width = entry.pixelWidth, let height = entry.pixelHeight {
                rows.append(("pixels", "\(width)×\(height), orientation \(entry.orientation.rawValue)"))
            }
            // Known from its journal file alone: the photo itself was never ingested here.
            if entry.isPhotoElsewhere {
                rows.append(("photo", "on another device (its journal file: \(entry.sourcePath))"))
            } else {
                rows.append(("photo", entry.sourcePath))
            }
        case .video:
            // Its frame as shown: the display matrix has already turned it.
            var facts = ["video", DurationText.clock(entry.durationSeconds ?? 0)]
            if let width = entry.pixelWidth, let height = entry.pixelHeight { facts.append("\(width)×\(height)") }
            rows.append(("media", facts.joined(separator: ", ")))
            rows.append(("video", entry.sourcePath))
        case .text:
            rows.append(("journal file", entry.sourcePath))
        }
        if let name = entry.thumbnailName {
            rows.append(
                ("thumbnail", "\(library.thumbnailURL(for: name).path) (\(entry.thumbnailWidth ?? 0)×\(entry.thumbnailHeight ?? 0))"))
        } else if entry.isPhotoElsewhere {
            rows.append(("thumbnail", "none: the photo is on another device"))
        } else if !isText {
            rows.append(("thumbnail", "none"))
        }
        rows.append(("tags", tagList(tags).map { "\($0)  (user tags bare, automatic ones with their score)" } ?? "none"))
        if let weather {
            rows.append(
                (
                    "weather",
                    "\(WeatherText.summary(weather))  (\(weather.provider), observed \(weather.observedAt), grid \(weather.gridLatitude),\(weather.gridLongitude))"
                ))
        } else {
            rows.append(("weather", weatherStatusText(entry)))
        }
        if !isText { rows.append(("sha256", entry.contentHash)) }
        rows.append(("added", entry.createdAt))
        if !entry.text.isEmpty { rows.append(("text", entry.text)) }
        for problem in entry.problemList { rows.append(("problem", problem)) }
        return rows
    }

    /// "motion photo: 1.8 MB clip" for a clip inside the photo's file, "Live Photo: PATH" for
    /// a paired video; nil when the entry has no motion.
    static func motion(_ entry: JournalEntry, files: [EntryFile]) -> String? {
        if let clip = entry.motionClip { return "motion photo: \(ByteCount.text(clip.length)) clip" }
        return files.first { $0.role == .livePhotoVideo }.map { "Live Photo: \($0.path)" }
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
        case .unavailable:
            return "none (the \(entry.media == .text ? "entry" : "photo") has no \(entry.capturedLocal == nil ? "date" : "place"))"
        case .error: return "refused by the provider: \(entry.weatherError ?? "unknown reason")"
        case .done: return "done"
        }
    }
}
