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
/// weather rows whole, whose decoding would cost far more than the few values shown.
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
    /// the page size nearly always), their rows read through a cursor, never copied whole. The
    /// SQL is text, found again in the cache by that text: building it from expressions for
    /// every page (sixty bound ids) cost more than reading the rows.
    package func tileAnnotations(for entryIDs: [String]) throws -> [String: TileAnnotations] {
        var result: [String: TileAnnotations] = [:]
        for chunk in entryIDs.boundValueChunks() {
            let ids = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let arguments = StatementArguments(chunk)
            let tags = try db.cachedStatement(
                sql: "SELECT entry_id, name, source FROM \(JournalTag.databaseTableName) WHERE entry_id IN (\(ids)) "
                    + "ORDER BY \(JournalTag.displayOrder)")
            let tagRows = try Row.fetchCursor(tags, arguments: arguments)
            while let row = try tagRows.next() {
                let tag = TileAnnotations.Tag(name: row[1], isUser: row[2] == TagSource.user.rawValue)
                result[row[0], default: TileAnnotations()].tags.append(tag)
            }
            try readWeather(placeholders: ids, arguments, into: &result)
        }
        return result
    }

    /// `tileAnnotations(for:)` of entries whose tags were read with their rows
    /// (`TileTagsColumn`): only the weather is read.
    package func tileAnnotations(for entryIDs: [String], tags: [String: [TileAnnotations.Tag]]) throws -> [String: TileAnnotations] {
        var result = tags.mapValues { TileAnnotations(tags: $0) }
        for chunk in entryIDs.boundValueChunks() {
            let ids = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            try readWeather(placeholders: ids, StatementArguments(chunk), into: &result)
        }
        return result
    }

    /// The weather words and temperature of a chunk of ids, bound as `arguments`.
    private func readWeather(
        placeholders ids: String, _ arguments: StatementArguments, into result: inout [String: TileAnnotations]
    ) throws {
        let weathers = try db.cachedStatement(
            sql: "SELECT entry_id, weather_text, temperature_c FROM \(WeatherRecord.databaseTableName) WHERE entry_id IN (\(ids))")
        let weatherRows = try Row.fetchCursor(weathers, arguments: arguments)
        while let row = try weatherRows.next() {
            let id: String = row[0]
            result[id, default: TileAnnotations()].weatherText = row[1]
            result[id, default: TileAnnotations()].temperatureC = row[2]
        }
    }
}
