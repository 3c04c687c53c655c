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
        return try readNow { try $0.annotations(for: entryIDs) }
    }
}
