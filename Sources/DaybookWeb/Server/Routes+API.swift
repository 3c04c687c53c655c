import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// The JSON API: the same encoder and field names as `--json` (docs/json-schema.md).
    func addAPIRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/entries") { request, _ in
            try await cache.answer(request) { try await entriesAnswer(FormFields(request.uri.query)) }
        }
        router.get("/api/entries/:id") { request, context in
            try await cache.answer(request) {
                let id = context.parameters.get("id")
                let output = try await store.read { reader in
                    try Self.entry(id, reader).map { entry in
                        EntryDetailsOutput(
                            entry: entry, tags: try reader.tags(entryID: entry.id), weather: try reader.weather(entryID: entry.id))
                    }
                }
                return try output.map { try Answer.json($0) } ?? Answer.problem(.notFound, "no such entry")
            }
        }
        router.get("/api/tags") { request, _ in
            try await cache.answer(request) { try Answer.json(try await store.read { try $0.tagCounts() }) }
        }
        addMapRoutes(to: router)
    }

    /// `/api/entries?limit=N&before=ID` pages through the timeline; with search parameters
    /// (q, tag, on, month, from, to, near, radius) it pages through the matches, through the
    /// store's own cursor (no page reads the ones before it). "near" orders by distance, so
    /// it takes no cursor. The cursor, the page and its tags and weather are one read.
    func entriesAnswer(_ fields: FormFields) async throws -> Response {
        var limit = 60
        if let text = fields.first("limit") {
            guard let value = Int(text), (1...1000).contains(value) else { return Answer.problem(.badRequest, "limit must be 1–1000") }
            limit = value
        }
        let before = fields.first("before").flatMap { $0.isEmpty ? nil : $0 }
        let form = SearchForm(fields)
        // Read before the store is: "near" may name a place, looked up in the gazetteer.
        let asked = Result { try form.isEmpty ? nil : form.query(store: store, limit: limit + 1) }
        let read = try await store.read { [limit] reader -> EntriesRead in
            var cursor: JournalEntry?
            if let before {
                guard let entry = try Self.entry(before, reader) else { return .cursorGone }
                cursor = entry
            }
            var page: [SearchResult]
            switch asked {
            case .success(nil): page = try reader.timeline(after: cursor, limit: limit + 1).map { SearchResult(entry: $0, distanceKm: nil) }
            case .success(var query?):
                if let cursor {
                    guard query.near == nil else { return .problem("before does not combine with near") }
                    query.before = cursor.id
                }
                page = try reader.search(query)
            case .failure(let problem as SearchForm.Problem): return .problem(problem.description)
            case .failure(let error): throw error
            }
            let more = page.count > limit
            if more { page.removeLast() }
            let annotations = try reader.annotations(for: page.map(\.entry.id))
            let entries = page.map { result in
                EntryDetailsOutput(
                    entry: result.entry, tags: annotations[result.entry.id]?.tags ?? [], weather: annotations[result.entry.id]?.weather,
                    distanceKm: result.distanceKm)
            }
            return .page(PageOutput(entries: entries, nextBefore: more ? page.last?.entry.id : nil))
        }
        switch read {
        case .cursorGone: return Answer.problem(.notFound, "before: no such entry")
        case .problem(let text): return Answer.problem(.badRequest, text)
        case .page(let output): return try Answer.json(output)
        }
    }
}

/// What `/api/entries` read: a page, or why there is none.
private enum EntriesRead: Sendable {
    case cursorGone
    case problem(String)
    case page(PageOutput<EntryDetailsOutput>)
}

/// A page of an API list (`/api/entries`: entries exactly as `daybook list --json` prints
/// them; `/api/places`, `/api/map/entries`: places), and the `before` value for the next page
/// (null at the end).
struct PageOutput<Item: Encodable & Sendable>: Encodable, Sendable {
    let entries: [Item]
    let nextBefore: String?

    // Snake case spelled out: the map's compact answers skip the encoder's key conversion.
    enum CodingKeys: String, CodingKey {
        case entries
        case nextBefore = "next_before"
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(nextBefore, forKey: .nextBefore)  // null, not absent, at the end
    }
}

/// One entry of `/api/places`, with `--json`'s names for the same fields, and `place`: what
/// the place is called, as `export geojson` names it ("Paris, France", else the coordinates).
struct PlaceOutput: Encodable, Sendable {
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

    enum CodingKeys: String, CodingKey {
        case id, latitude, longitude, place
        case capturedLocal = "captured_local"
        case thumbnail
    }
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
