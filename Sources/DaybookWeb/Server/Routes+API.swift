import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// The JSON API: the same encoder and field names as `--json` (docs/json-schema.md).
    func addAPIRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/entries") { request, _ in try cache.answer(request) { try entriesAnswer(FormFields(request.uri.query)) } }
        router.get("/api/entries/:id") { request, context in
            try cache.answer(request) {
                guard let entry = try lookUp(context.parameters.get("id")) else { return Answer.problem(.notFound, "no such entry") }
                let output = EntryDetailsOutput(
                    entry: entry, tags: try store.tags(entryID: entry.id), weather: try store.weather(entryID: entry.id))
                return try Answer.json(output)
            }
        }
        router.get("/api/places") { request, _ in
            try cache.answer(request) { try Answer.json(try store.placedEntries().map(PlaceOutput.init)) }
        }
        router.get("/api/tags") { request, _ in try cache.answer(request) { try Answer.json(try store.tagCounts()) } }
    }

    /// `/api/entries?limit=N&before=ID` pages through the timeline; with search parameters
    /// (q, tag, on, month, from, to, near, radius) it pages through the matches.
    func entriesAnswer(_ fields: FormFields) throws -> Response {
        var limit = 60
        if let text = fields.first("limit") {
            guard let value = Int(text), (1...1000).contains(value) else { return Answer.problem(.badRequest, "limit must be 1–1000") }
            limit = value
        }
        var cursor: JournalEntry?
        if let before = fields.first("before"), !before.isEmpty {
            guard let entry = try lookUp(before) else { return Answer.problem(.notFound, "before: no such entry") }
            cursor = entry
        }
        let form = SearchForm(fields)
        var page: [JournalEntry]
        var distances: [String: Double] = [:]
        if form.isEmpty {
            page = try store.timeline(after: cursor, limit: limit + 1)
        } else {
            let results: [SearchResult]
            do {
                results = try searchPage(form, after: cursor, limit: limit + 1)
            } catch let problem as SearchForm.Problem {
                return Answer.problem(.badRequest, problem.description)
            }
            page = results.map(\.entry)
            for result in results { distances[result.entry.id] = result.distanceKm }
        }
        let more = page.count > limit
        if more { page.removeLast() }
        let annotations = try store.annotations(for: page.map(\.id))
        let entries = page.map { entry in
            EntryDetailsOutput(
                entry: entry, tags: annotations[entry.id]?.tags ?? [], weather: annotations[entry.id]?.weather,
                distanceKm: distances[entry.id])
        }
        return try Answer.json(EntriesPageOutput(entries: entries, nextBefore: more ? page.last?.id : nil))
    }

    /// Matches after `cursor` in timeline order, through the store's own cursor; "near"
    /// orders by distance, so it takes none.
    private func searchPage(_ form: SearchForm, after cursor: JournalEntry?, limit: Int) throws -> [SearchResult] {
        var query = try form.query(store: store, limit: limit)
        if let cursor {
            guard query.near == nil else { throw SearchForm.Problem(description: "before does not combine with near") }
            query.before = cursor.id
        }
        return try store.search(query)
    }
}

/// A page of `/api/entries`: entries exactly as `daybook list --json` prints them, and the
/// `before` value for the next page (null at the end).
struct EntriesPageOutput: Encodable {
    let entries: [EntryDetailsOutput]
    let nextBefore: String?

    enum CodingKeys: String, CodingKey { case entries, nextBefore }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(nextBefore, forKey: .nextBefore)  // null, not absent, at the end
    }
}

/// One entry of `/api/places`, with `--json`'s names for the same fields, and `place`: what
/// the place is called, as `export geojson` names it ("Paris, France", else the coordinates).
struct PlaceOutput: Encodable {
    let id: String
    let latitude: Double
    let longitude: Double
    let place: String
    let capturedLocal: String?
    let thumbnail: String?

    init(_ place: PlacedEntry) {
        id = place.id
        latitude = place.latitude
        longitude = place.longitude
        self.place = place.placeName
        capturedLocal = place.capturedLocal?.iso8601
        thumbnail = place.thumbnail?.fileName
    }

    enum CodingKeys: String, CodingKey { case id, latitude, longitude, place, capturedLocal, thumbnail }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(place, forKey: .place)
        try container.encode(capturedLocal, forKey: .capturedLocal)
        try container.encode(thumbnail, forKey: .thumbnail)
    }
}
