import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// At most this many entries come back as points; more in a view come as clusters.
    static let mapPointLimit = 200

    /// The map's API: clusters or points for a view, a cluster's entries page by page, and
    /// every entry with a place page by page. Compact JSON: these answers are the map's bytes.
    func addMapRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/map") { request, _ in
            try await cache.answer(request) { try await mapAnswer(FormFields(request.uri.query)) }
        }
        router.get("/api/map/entries") { request, _ in
            try await cache.answer(request) { try await mapEntriesAnswer(FormFields(request.uri.query)) }
        }
        router.get("/api/places") { request, _ in
            try await cache.answer(request) { try await placesAnswer(FormFields(request.uri.query)) }
        }
    }

    /// `/api/map?bbox=west,south,east,north&zoom=z`.
    func mapAnswer(_ fields: FormFields) async throws -> Response {
        guard let bboxText = fields.first("bbox") else { return Answer.problem(.badRequest, "bbox is required: west,south,east,north") }
        let box: MapBox
        do { box = try MapBox(bboxText) } catch { return Answer.problem(.badRequest, error.description) }
        guard let zoomText = fields.first("zoom"), let zoom = Int(zoomText), (0...22).contains(zoom) else {
            return Answer.problem(.badRequest, "zoom must be a whole number 0–22")
        }
        let view = try await store.read { try $0.mapView(box, zoom: zoom, pointLimit: Self.mapPointLimit) }
        return try Answer.compactJSON(MapViewOutput(view))
    }

    /// `/api/map/entries?cell=level/x/y&limit=N&before=ID`: newest first, in the timeline's order;
    /// `?entry=ID`: that one entry (what `/map#entry=ID` opens).
    func mapEntriesAnswer(_ fields: FormFields) async throws -> Response {
        if let id = fields.first("entry") {
            let place = try await store.read { try Self.entry(id, $0).flatMap(PlacedEntry.init) }
            guard let place else { return Answer.problem(.notFound, "entry: no such entry with a place") }
            return try Answer.compactJSON(PageOutput(entries: [PlaceOutput(place)], nextBefore: nil))
        }
        guard let cellText = fields.first("cell"), let cell = MapCell(cellText) else {
            return Answer.problem(.badRequest, "cell must be level/x/y, as /api/map gives it")
        }
        return try await pagedPlaces(fields) { reader, after, limit in try reader.mapEntries(in: cell, after: after, limit: limit) }
    }

    /// `/api/places?limit=N&before=ID`: every entry with a place, newest first, a page at a time.
    func placesAnswer(_ fields: FormFields) async throws -> Response {
        try await pagedPlaces(fields) { reader, after, limit in try reader.placedEntries(after: after, limit: limit) }
    }

    private func pagedPlaces(
        _ fields: FormFields, read: @escaping @Sendable (JournalReader, JournalEntry?, Int) throws -> [PlacedEntry]
    ) async throws -> Response {
        var limit = 60
        if let text = fields.first("limit") {
            guard let value = Int(text), (1...1000).contains(value) else { return Answer.problem(.badRequest, "limit must be 1–1000") }
            limit = value
        }
        let before = fields.first("before").flatMap { $0.isEmpty ? nil : $0 }
        let page = try await store.read { [limit] reader -> PageOutput<PlaceOutput>? in
            var cursor: JournalEntry?
            if let before {
                guard let entry = try Self.entry(before, reader) else { return nil }
                cursor = entry
            }
            var places = try read(reader, cursor, limit + 1)
            let more = places.count > limit
            if more { places.removeLast() }
            return PageOutput(entries: places.map(PlaceOutput.init), nextBefore: more ? places.last?.id : nil)
        }
        guard let page else { return Answer.problem(.notFound, "before: no such entry") }
        return try Answer.compactJSON(page)
    }
}

extension Answer {
    /// JSON without indentation, the same keys as `--json`: for the map's many small answers.
    /// Their types spell their keys in snake case themselves (`PlaceOutput`, `PageOutput`, the
    /// one-word keys of the map's views): the encoder's conversion would convert the same few
    /// keys again and again, for every value of every answer.
    static func compactJSON<T: Encodable>(_ value: T) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}

/// `/api/map`'s answer: the grid level, the entries in view, and clusters or points.
struct MapViewOutput: Encodable {
    let level: Int
    let count: Int
    let clusters: [MapClusterOutput]
    let points: [PlaceOutput]

    init(_ view: MapView) {
        level = view.level
        count = view.count
        clusters = view.clusters.map(MapClusterOutput.init)
        points = view.points.map(PlaceOutput.init)
    }
}

/// A cluster: its cell ("level/x/y", for `/api/map/entries`), how many entries, where they
/// are on average (rounded to about a metre: the bytes are the map's budget).
struct MapClusterOutput: Encodable {
    let cell: String
    let count: Int
    let latitude: Double
    let longitude: Double

    init(_ cluster: MapCluster) {
        cell = cluster.cell.text
        count = cluster.count
        latitude = (cluster.latitude * 100_000).rounded() / 100_000
        longitude = (cluster.longitude * 100_000).rounded() / 100_000
    }
}
