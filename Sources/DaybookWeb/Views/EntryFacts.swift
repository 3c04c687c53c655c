import DaybookCore
import DaybookPlaces
import DaybookPresentation
import DaybookStore
import Foundation

/// A value on the entry page and the `--json` fields it shows, space separated, for its
/// `data-field` attribute: what lets a test hold every field of `EntryOutput` to the page.
struct FactText: Sendable {
    let text: String
    /// Nil for words that come from elsewhere than the entry (its weather record).
    let fields: String?

    init(_ text: String, _ fields: String?) {
        self.text = text
        self.fields = fields
    }
}

/// One row of the entry page's facts: a label, the value, and small print beside it.
struct FactRow: Sendable {
    let label: String
    let value: FactText
    let notes: [FactText]
    /// Stored, not computed: the templates read a model by its stored names.
    let hasNotes: Bool

    init(_ label: String, _ value: FactText, notes: [FactText?] = []) {
        self.label = label
        self.value = value
        self.notes = notes.compactMap { $0 }
        hasNotes = !self.notes.isEmpty
    }
}

/// What the entry page says about an entry: the facts a person reads first (time, zone,
/// place, weather, camera) and the rest of its `--json` fields under "About this photo".
/// Every field of `EntryOutput` is on the page or in `leftOut`, with the reason.
package enum EntryFacts {
    /// The `--json` fields the page leaves out on purpose, and why.
    package static let leftOut: [String: String] = [
        "thumbnail": thumbnailReason, "thumbnail_width": thumbnailReason, "thumbnail_height": thumbnailReason,
        // A photo has no length; a video's page shows it as its Length row.
        "duration_seconds": "a video's length, shown as Length on a video's page; a photo has none",
    ]
    private static let thumbnailReason =
        "the journal's own small copy of the photo: the page shows the picture, whose file name and size mean nothing to a person"

    static func main(_ entry: JournalEntry, weather: WeatherRecord?) -> [FactRow] {
        var rows: [FactRow] = []
        if let date = entry.capturedLocal {
            rows.append(
                FactRow(
                    "Time", FactText(CalendarNames.time(date), "captured_local"),
                    notes: [entry.captureSource.map { FactText("date from \($0.rawValue)", "capture_source") }]))
        }
        rows.append(FactRow("Zone", FactText(EntryText.zone(entry, weather: weather), "utc_offset_seconds offset_source time_zone_note")))
        rows.append(place(entry))
        rows.append(weatherRow(entry, weather))
        // Words alone were written, not taken: no camera to name.
        if entry.media != .text { rows.append(FactRow("Camera", FactText(entry.camera ?? "unknown", "camera_make camera_model"))) }
        if entry.media == .video {
            rows.append(FactRow("Length", FactText(entry.durationSeconds.map(DurationText.clock) ?? "unknown", "duration_seconds")))
        }
        return rows
    }

    /// "Paris, Île-de-France, France", then in small print where exactly and how far from
    /// the town's centre.
    private static func place(_ entry: JournalEntry) -> FactRow {
        let fields = "place_name place_region place_country latitude longitude"
        guard let location = entry.location, let name = entry.fullPlaceName else {
            // Words are given a place by hand; a photo's comes from its file.
            let why = entry.media == .text ? "no place was given" : "the photo has no position"
            return FactRow("Place", FactText("none", fields), notes: [FactText(why, "location_source altitude")])
        }
        let coordinates = EntryPlaceName.coordinates(location)
        var distance: FactText?
        if let place = entry.place {
            distance = FactText(
                place.distanceKm.flatMap { km in
                    place.name.map { String(format: "%.1f km from the centre of %@", km, $0) }
                } ?? "no town within \(Int(Gazetteer.defaultRadiusKm)) km", "place_distance_km")
        }
        return FactRow(
            "Place", FactText(name, entry.place == nil ? fields : "place_name place_region place_country"),
            notes: [
                entry.place == nil ? FactText("no place name (at sea, or not looked up yet)", "place_distance_km") : nil,
                entry.place == nil ? nil : FactText(coordinates, "latitude longitude"),
                location.altitude.map { FactText(String(format: "%.0f m", $0), "altitude") },
                distance,
                entry.locationSource.map { FactText("position from \(source($0))", "location_source") },
            ])
    }

    private static func source(_ source: LocationSource) -> String {
        switch source {
        case .exif: return "EXIF GPS"
        case .xmp: return "the photo's XMP"
        case .sidecar: return "the sidecar file"
        case .quickTime: return "the video's ISO 6709 location"
        case .user: return "the place given when it was written"
        }
    }

    private static func weatherRow(_ entry: JournalEntry, _ weather: WeatherRecord?) -> FactRow {
        guard let weather else {
            return FactRow(
                "Weather", FactText(EntryText.missingWeather(entry), "weather_status weather_error"),
                notes: [entry.weatherError.map { FactText($0, "weather_error") }])
        }
        return FactRow(
            "Weather", FactText(WeatherText.condition(weather), "weather_status weather_error"),
            notes: WeatherText.details(weather).map { FactText($0, nil) })
    }

    /// The rest, as plain as `daybook show` prints it; `files` are the entry's other files (its Live Photo movie).
    static func details(_ entry: JournalEntry, files: [EntryFile]) -> [FactRow] {
        var rows: [FactRow] = []
        if let date = entry.capturedLocal {
            rows.append(
                FactRow(
                    "Taken", FactText(date.readable() + (entry.captureSubsec.map { ".\($0)" } ?? ""), "captured_local capture_subsec"),
                    notes: [
                        entry.capturedUTC.map {
                            FactText(LocalDateTime(unixSecondsIgnoringZone: $0).readable() + " UTC", "captured_utc")
                        }
                    ]))
        } else {
            rows.append(FactRow("Taken", FactText("no usable date in the photo", "captured_local capture_subsec captured_utc")))
        }
        if let place = entry.place {
            rows.append(
                FactRow(
                    "Country", FactText(place.countryCode ?? "—", "place_country_code"),
                    notes: [
                        place.timeZone.map { FactText("time zone \($0)", "place_time_zone") },
                        FactText("named from place data \(place.dataVersion)", "place_version"),
                    ]))
        } else {
            rows.append(FactRow("Country", FactText("—", "place_country_code place_time_zone place_version")))
        }
        rows.append(FactRow("Media", FactText(entry.media.rawValue, "media")))
        if entry.media == .text {
            // Its file is the journal's own Markdown (docs/design/writing.md): no pixels, no
            // motion, no digest of a photo's bytes.
            rows.append(FactRow("Journal file", FactText(entry.sourcePath, "source_path")))
            rows.append(FactRow("Entry", FactText(entry.id, "id")))
            rows.append(
                FactRow("Added", FactText(entry.createdAt, "created_at"), notes: [FactText("changed \(entry.updatedAt)", "updated_at")]))
            return rows
        }
        rows.append(motion(entry, files: files))
        let pixels = entry.pixelWidth.flatMap { width in entry.pixelHeight.map { "\(width) × \($0)" } } ?? "unknown"
        rows.append(
            FactRow(
                "Pixels", FactText(pixels, "pixel_width pixel_height"),
                notes: [FactText("orientation \(entry.orientation.rawValue)", "orientation")]))
        rows.append(
            FactRow("File", FactText(entry.sourcePath, "source_path"), notes: [FactText(ByteCount.exact(entry.fileSize), "file_size")]))
        let problems = entry.problemList
        rows.append(FactRow("Problems", FactText(problems.isEmpty ? "none" : problems.joined(separator: "; "), "problems")))
        rows.append(FactRow("Entry", FactText(entry.id, "id"), notes: [FactText("SHA-256 \(entry.contentHash)", "content_hash")]))
        rows.append(
            FactRow("Added", FactText(entry.createdAt, "created_at"), notes: [FactText("changed \(entry.updatedAt)", "updated_at")]))
        return rows
    }
}
