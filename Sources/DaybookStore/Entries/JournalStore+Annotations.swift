import GRDB

/// What a list line shows next to an entry, fetched for many entries in two queries.
package struct EntryAnnotations: Sendable, Hashable {
    package var tags: [JournalTag] = []
    package var weather: WeatherRecord?
    package init(tags: [JournalTag] = [], weather: WeatherRecord? = nil) {
        self.tags = tags
        self.weather = weather
    }
}

/// What a tile shows beside its photo: its tags' names (and which the user gave), and the
/// weather's words and temperature. A page of tiles reads these five columns, not the tag and
/// weather rows whole (issue 20: decoding whole rows was most of the annotations' cost).
package struct TileAnnotations: Sendable, Hashable {
    package struct Tag: Sendable, Hashable {
        package let name: String
        package let isUser: Bool

        package init(name: String, isUser: Bool) {
            self.name = name
            self.isUser = isUser
        }
    }

    /// In the order tags show in (`JournalTag.displayOrder`).
    package var tags: [Tag] = []
    package var weatherText: String?
    package var temperatureC: Double?

    package init(tags: [Tag] = [], weatherText: String? = nil, temperatureC: Double? = nil) {
        self.tags = tags
        self.weatherText = weatherText
        self.temperatureC = temperatureC
    }

    /// A tile's part of whole annotations, for pages that read them whole anyway (a search).
    package init(_ annotations: EntryAnnotations) {
        tags = annotations.tags.map { Tag(name: $0.name, isUser: $0.source == .user) }
        weatherText = annotations.weather?.weatherText
        temperatureC = annotations.weather?.temperatureC
    }
}

extension JournalStore {
    package func annotations(for entryIDs: [String]) throws -> [String: EntryAnnotations] {
        guard !entryIDs.isEmpty else { return [:] }
        return try readNow { try $0.annotations(for: entryIDs) }
    }
}

extension JournalReader {
    /// `TileAnnotations` of `entryIDs`: two cached statements (one per number of ids, which is
    /// the page size nearly always), their rows read through a cursor, never copied whole.
    package func tileAnnotations(for entryIDs: [String]) throws -> [String: TileAnnotations] {
        var result: [String: TileAnnotations] = [:]
        let order = JournalTag.displayOrder.map { SQL("\($0)") }.joined(separator: ", ")
        for chunk in entryIDs.boundValueChunks() {
            typealias Tag = JournalTag.Columns
            let tags: SQL = """
                SELECT \(Tag.entryId), \(Tag.name), \(Tag.source) FROM \(JournalTag.self) \
                WHERE \(chunk.contains(Tag.entryId)) ORDER BY \(order)
                """
            let tagRows = try Row.fetchCursor(db, SQLRequest<Row>(literal: tags, cached: true))
            while let row = try tagRows.next() {
                let tag = TileAnnotations.Tag(name: row[1], isUser: row[2] == TagSource.user.rawValue)
                result[row[0], default: TileAnnotations()].tags.append(tag)
            }
            let weathers: SQL = """
                SELECT entry_id, weather_text, temperature_c FROM \(WeatherRecord.self) \
                WHERE \(chunk.contains(WeatherRecord.Columns.entryId))
                """
            let weatherRows = try Row.fetchCursor(db, SQLRequest<Row>(literal: weathers, cached: true))
            while let row = try weatherRows.next() {
                let id: String = row[0]
                result[id, default: TileAnnotations()].weatherText = row[1]
                result[id, default: TileAnnotations()].temperatureC = row[2]
            }
        }
        return result
    }
}
