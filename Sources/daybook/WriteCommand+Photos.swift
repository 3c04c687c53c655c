import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation

extension Write {
    /// `write --photo`: the photos are ingested in order (`NamedPhotos`), then the words, tags,
    /// date and place go on the first one's entry through the same store calls as `edit`; a
    /// failure on the way deletes the entries this run made.
    func writeWithPhotos(_ words: String, location: GeoLocation?, store: JournalStore) async throws {
        let named = NamedPhotos(store: store, ingester: try Ingester(store: store))
        let photos = try named.ingest(photo) { index, photo in
            guard index == 0, !photo.isNew, !photo.entry.text.isEmpty else { return }
            let id = photo.entry.shortID
            throw CommandError(
                description: "\(photo.path) is entry \(id), which has words already: use `daybook edit \(id)` to change them")
        }
        let first = photos[0].entry
        let date = date.flatMap(Edit.parseDate)
        do {
            let placer = try EntryPlacer.embedded()
            try store.edit(
                entryID: first.id, text: words.trimmingCharacters(in: .newlines), capturedAt: date, location: location,
                rezone: EntryPlacer.zone, place: placer.place)
            if !tag.isEmpty { try store.editTags(entryID: first.id, add: tag, remove: []) }
        } catch {
            named.undo(photos)
            throw error
        }
        sidecars.writeBack(store.library).entryChanged(first.id, [.text, .tags, .date, .place], store: store)
        // New entries, and the first one's new time or place, have weather to fetch.
        let pending = photos.filter(\.isNew).map(\.entry.id) + (date != nil || location != nil ? [first.id] : [])
        let weather = try await WeatherOptions.parse([]).fetchAfterIngest(store: store, created: Array(Set(pending)))
        if let note = weather?.noNetworkNote { Console.writeError("daybook: note: \(note)") }
        let entries = try photos.map { try store.entry(idPrefix: $0.entry.id) }
        if options.json {
            let details = try entries.map {
                EntryDetailsOutput(entry: $0, tags: try store.tags(entryID: $0.id), weather: try store.weather(entryID: $0.id))
            }
            return try Console.printJSON(details)
        }
        for (index, (photo, entry)) in zip(photos, entries).enumerated() {
            let known = photo.isNew ? "" : " (already in the journal)"
            Console.output(index == 0 ? "\(entry.shortID) written with \(photo.path)\(known)" : "\(entry.shortID) \(photo.path)\(known)")
        }
    }
}
