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

extension JournalStore {
    package func annotations(for entryIDs: [String]) throws -> [String: EntryAnnotations] {
        guard !entryIDs.isEmpty else { return [:] }
        return try pool.read { db in
            var result: [String: EntryAnnotations] = [:]
            // SQLite allows at most 32766 bound values per statement.
            for start in stride(from: 0, to: entryIDs.count, by: 10_000) {
                let chunk = Array(entryIDs[start..<min(start + 10_000, entryIDs.count)])
                for tag in try JournalTag.filter(chunk.contains(JournalTag.Columns.entryId)).order(JournalTag.displayOrder).fetchAll(db) {
                    result[tag.entryId, default: EntryAnnotations()].tags.append(tag)
                }
                for weather in try WeatherRecord.filter(chunk.contains(WeatherRecord.Columns.entryId)).fetchAll(db) {
                    result[weather.entryId, default: EntryAnnotations()].weather = weather
                }
            }
            return result
        }
    }
}
