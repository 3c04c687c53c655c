import DaybookCore
import DaybookStore
import Foundation

/// Markdown and GeoJSON renderings of the journal, for reading and for maps.
package enum JournalExport {
    /// One Markdown file per month (`YYYY-MM.md`, plus `undated.md`), oldest entry first,
    /// with thumbnails copied into `DIR/thumbnails/` and linked relatively, and `places.md`,
    /// the same entries by country, region and town (`placesMarkdown`). Returns the files written.
    @discardableResult
    package static func markdown(_ items: [JournalItem], store: JournalStore, to folder: URL) throws -> [URL] {
        let manager = FileManager.default
        let thumbnails = folder.appendingPathComponent("thumbnails")
        try manager.createDirectory(at: thumbnails, withIntermediateDirectories: true)
        let files = try ThumbnailFiles(library: store.library)
        // File names come from the date's numbers (digits only), never from stored text.
        let byMonth = Dictionary(grouping: items) { item in item.entry.capturedLocal.map { CalendarMonth($0.date) } }
        var written: [URL] = []
        // Months in order, undated last ("undated.md" sorts after the digits).
        for (month, items) in byMonth.sorted(by: {
            ($0.key.map { ($0.year, $0.month) } ?? (.max, 0)) < ($1.key.map { ($0.year, $0.month) } ?? (.max, 0))
        }) {
            var text = "# \(month.map(CalendarNames.month) ?? "Undated photos")\n"
            for item in items.sorted(by: {
                ($0.entry.capturedLocal?.secondsSinceEpochIgnoringZone ?? 0, $0.entry.id)
                    < ($1.entry.capturedLocal?.secondsSinceEpochIgnoringZone ?? 0, $1.entry.id)
            }) {
                let entry = item.entry
                text += "\n## \(entry.capturedLocal?.readable() ?? "No date")"
                if let place = PlaceText.withCoordinates(entry, name: markdownInline) { text += " · \(place)" }
                text += "\n\n"
                if let name = entry.thumbnailName, let bytes = try files.read(name) {
                    // Read without following links, written under the derived name only.
                    let target = thumbnails.appendingPathComponent(name.fileName)
                    if !manager.fileExists(atPath: target.path) { try Data(bytes).write(to: target, options: .atomic) }
                    text += "![\(markdownInline(entry.shortID))](thumbnails/\(name.fileName))\n\n"
                }
                // Everything below comes from outside: escaped so it reads as text, not markup.
                if !entry.text.isEmpty { text += markdownBlock(entry.text) + "\n\n" }
                if !item.tags.isEmpty { text += "Tags: " + item.tags.map { "#" + markdownInline($0.name) }.joined(separator: " ") + "\n\n" }
                if let weather = item.weather { text += "Weather: \(markdownInline(WeatherText.summary(weather)))\n\n" }
                // Words alone were written, not taken: their file is the journal's, and no camera's.
                let camera = entry.media == .text ? "" : markdownInline(entry.camera ?? "unknown camera") + " · "
                text += "<sub>\(camera)\(markdownInline(entry.sourcePath)) · id \(markdownInline(entry.id))</sub>\n"
            }
            let url = folder.appendingPathComponent("\(month?.description ?? "undated").md")
            try Data(text.utf8).write(to: url, options: .atomic)
            written.append(url)
        }
        if let places = placesMarkdown(items) {
            let url = folder.appendingPathComponent("places.md")
            try Data(places.utf8).write(to: url, options: .atomic)
            written.append(url)
        }
        return written
    }

    /// How many of `items` `geoJSON` writes: those with a place (coordinates).
    package static func geoJSONFeatureCount(_ items: [JournalItem]) -> Int {
        items.count { $0.entry.location != nil }
    }

    /// A GeoJSON FeatureCollection of the entries that have a place: points with date, tags
    /// and thumbnail path.
    package static func geoJSON(_ items: [JournalItem], store: JournalStore) throws -> Data {
        let library = store.library
        let features: [[String: Any]] = items.compactMap { item in
            let entry = item.entry
            guard let location = entry.location else { return nil }  // as geoJSONFeatureCount counts
            var properties: [String: Any] = [
                "id": entry.id,
                "tags": item.tags.map(\.name),
                "source_path": entry.sourcePath,
            ]
            properties["captured_local"] = entry.capturedLocal?.iso8601
            properties["utc_offset_seconds"] = entry.offset?.seconds
            properties["thumbnail"] = entry.thumbnailName.map { library.thumbnailURL(for: $0).path }
            properties["camera"] = entry.camera
            properties["place"] = entry.place?.label
            properties["place_region"] = entry.place?.region
            properties["place_country_code"] = entry.place?.countryCode
            if !entry.text.isEmpty { properties["text"] = entry.text }
            if let weather = item.weather { properties["weather"] = WeatherText.summary(weather) }
            var coordinates: [Double] = [location.longitude, location.latitude]
            if let altitude = location.altitude { coordinates.append(altitude) }
            return ["type": "Feature", "geometry": ["type": "Point", "coordinates": coordinates], "properties": properties]
        }
        return try JSONSerialization.data(
            withJSONObject: ["type": "FeatureCollection", "features": features],
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}
