import Foundation

/// Markdown and GeoJSON renderings of the journal, for reading and for maps.
public enum JournalExport {
    /// One Markdown file per month (`YYYY-MM.md`, plus `undated.md`), oldest entry first,
    /// with thumbnails copied into `DIR/thumbnails/` and linked relatively. Returns the files written.
    @discardableResult
    public static func markdown(_ archive: JournalArchive, store: JournalStore, to folder: URL) throws -> [URL] {
        let manager = FileManager.default
        let thumbnails = folder.appendingPathComponent("thumbnails")
        try manager.createDirectory(at: thumbnails, withIntermediateDirectories: true)
        let files = try ThumbnailFiles(library: store.library)
        // File names come from the parsed date (digits only), never from the stored text.
        let byMonth = Dictionary(grouping: archive.items) { item in
            item.entry.capturedAt.map { String(format: "%04d-%02d", $0.year, $0.month) } ?? "undated"
        }
        var written: [URL] = []
        for (month, items) in byMonth.sorted(by: { $0.key < $1.key }) {
            var text = "# \(month == "undated" ? "Undated photos" : monthTitle(month))\n"
            for item in items.sorted(by: { ($0.entry.capturedLocal ?? "", $0.entry.id) < ($1.entry.capturedLocal ?? "", $1.entry.id) }) {
                let entry = item.entry
                text += "\n## \(entry.capturedLocal.map { $0.replacingOccurrences(of: "T", with: " ") } ?? "No date")"
                if let place = placeText(entry) { text += " · \(place)" }
                text += "\n\n"
                if let name = entry.thumbnailName, let bytes = try files.read(name) {
                    // Read without following links, written under the derived name only.
                    let target = thumbnails.appendingPathComponent(name.fileName)
                    if !manager.fileExists(atPath: target.path) { try Data(bytes).write(to: target, options: .atomic) }
                    text += "![\(entry.shortID)](thumbnails/\(name.fileName))\n\n"
                }
                if !entry.text.isEmpty { text += entry.text + "\n\n" }
                if !item.tags.isEmpty { text += "Tags: " + item.tags.map { "#\($0.name)" }.joined(separator: " ") + "\n\n" }
                if let weather = item.weather { text += "Weather: \(weather.summary)\n\n" }
                text += "<sub>\(entry.camera ?? "unknown camera") · \(entry.sourcePath) · id \(entry.id)</sub>\n"
            }
            let url = folder.appendingPathComponent("\(month).md")
            try Data(text.utf8).write(to: url, options: .atomic)
            written.append(url)
        }
        return written
    }

    /// A GeoJSON FeatureCollection of the entries that have a place: points with date, tags
    /// and thumbnail path.
    public static func geoJSON(_ archive: JournalArchive, store: JournalStore) throws -> Data {
        let library = store.library
        let features: [[String: Any]] = archive.items.compactMap { item in
            let entry = item.entry
            guard let latitude = entry.latitude, let longitude = entry.longitude else { return nil }
            var properties: [String: Any] = [
                "id": entry.id,
                "tags": item.tags.map(\.name),
                "source_path": entry.sourcePath,
            ]
            properties["captured_local"] = entry.capturedLocal
            properties["utc_offset_seconds"] = entry.utcOffsetSeconds
            properties["thumbnail"] = entry.thumbnailName.map { library.thumbnailURL(for: $0).path }
            properties["camera"] = entry.camera
            if !entry.text.isEmpty { properties["text"] = entry.text }
            if let weather = item.weather { properties["weather"] = weather.summary }
            var coordinates: [Double] = [longitude, latitude]
            if let altitude = entry.altitude { coordinates.append(altitude) }
            return ["type": "Feature", "geometry": ["type": "Point", "coordinates": coordinates], "properties": properties]
        }
        return try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features],
                                          options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    static func monthTitle(_ month: String) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        guard let number = Int(month.suffix(2)), (1...12).contains(number) else { return month }
        return "\(names[number - 1]) \(month.prefix(4))"
    }

    static func placeText(_ entry: JournalEntry) -> String? {
        guard let latitude = entry.latitude, let longitude = entry.longitude else { return nil }
        return String(format: "%.4f, %.4f", latitude, longitude)
    }
}
