import DaybookCore
import DaybookPlaces
import DaybookStore
import Foundation

/// The search parameters of `/search` and `/api/entries`, as typed: the same search as
/// `daybook search` (words, `--tag`, `--on`, `--month`, `--from`/`--to`, `--near` with
/// `--radius`), read into the store's `JournalQuery` with the same rules.
struct SearchForm: Sendable {
    var q = ""
    var tags: [String] = []
    var on = ""
    var month = ""
    var from = ""
    var to = ""
    var near = ""
    var radius = ""
    /// For the form's single tag field: the tags, space separated.
    var tag = ""

    init(_ fields: FormFields) {
        q = fields.first("q") ?? ""
        // `tag=a&tag=b`, or several names in one field.
        tags = fields.all("tag").flatMap { $0.split(separator: " ").map(String.init) }
        tag = tags.joined(separator: " ")
        on = fields.first("on") ?? ""
        month = fields.first("month") ?? ""
        from = fields.first("from") ?? ""
        to = fields.first("to") ?? ""
        near = fields.first("near") ?? ""
        radius = fields.first("radius") ?? ""
    }

    /// This search's page after entry `id`: the fields as given, each value percent-encoded
    /// (all but ASCII letters, digits and `-._~`), then `before`.
    func link(before id: String) -> String {
        let fields =
            [("q", q), ("on", on), ("month", month), ("from", from), ("to", to), ("near", near), ("radius", radius)]
            + tags.map { ("tag", $0) } + [("before", id)]
        return "/search?"
            + fields.filter { !$0.1.isEmpty }.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: Self.plain) ?? "")" }
            .joined(separator: "&")
    }

    /// URI characters that mean nothing in a query (RFC 3986's unreserved).
    private static let plain = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    var isEmpty: Bool { [q, on, month, from, to, near].allSatisfy(\.isEmpty) && tags.isEmpty }

    /// A refusal to show instead of results, naming the field.
    struct Problem: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The query, or the first field that does not read.
    func query(store: JournalStore, limit: Int?) throws -> JournalQuery { try read(store: store, limit: limit).query }

    /// The query and, when "near" named a place others share, which one was taken (the note
    /// `--near` prints, shown on the page).
    func read(store: JournalStore, limit: Int?) throws -> (query: JournalQuery, note: String?) {
        var query = JournalQuery(text: q.isEmpty ? nil : q, tags: [], limit: limit)
        guard tags.count <= JournalQuery.maximumTags else {
            throw Problem(description: "tag: a search may name at most \(JournalQuery.maximumTags) tags (this one names \(tags.count))")
        }
        for name in tags {
            do { query.tags.append(try JournalTag.normalizedName(name)) } catch { throw Problem(description: "tag: \(error)") }
        }
        if !on.isEmpty {
            guard month.isEmpty, from.isEmpty, to.isEmpty else { throw Problem(description: "use on alone, or month, or from/to") }
            let day = try Self.date(on, "on")
            query.fromDate = day
            query.toDate = day
        }
        if !month.isEmpty {
            guard from.isEmpty, to.isEmpty else { throw Problem(description: "use month or from/to, not both") }
            guard let month = CalendarMonth(month) else { throw Problem(description: "month must look like 2024-05") }
            query.fromDate = month.firstDay
            query.toDate = month.lastDay
        }
        if !from.isEmpty { query.fromDate = try Self.date(from, "from") }
        if !to.isEmpty { query.toDate = try Self.date(to, "to") }
        guard !near.isEmpty else { return (query, nil) }
        guard let kilometres = JournalQuery.kilometres(radius.isEmpty ? "10km" : radius) else {
            throw Problem(description: "radius must be like 500m or 25km")
        }
        let point = try nearPoint(store: store)
        query.near = JournalQuery.Near(latitude: point.latitude, longitude: point.longitude, radiusKm: kilometres)
        return (query, point.choice.flatMap(Self.note))
    }

    /// "near" read as `--near` reads it (`NearPoint`): coordinates, an entry, or a place's name.
    private func nearPoint(store: JournalStore) throws -> NearPoint.Resolved {
        do {
            return try NearPoint.resolve(near, store: store, gazetteer: try Gazetteer.shared())
        } catch NearPoint.Problem.offEarth {
            throw Problem(description: "near: not a place on Earth (latitude within ±90, longitude within ±180)")
        } catch NearPoint.Problem.entryWithoutPlace(let entry) {
            throw Problem(description: "near: entry \(entry.shortID) has no place: give another entry, a town's name or lat,lon")
        } catch NearPoint.Problem.noSuchPlace {
            throw Problem(description: "near: no place called \(near) (give a town's name like \"Paris, FR\", lat,lon, or an entry id)")
        } catch let error as StoreError where error.code == .ambiguousID {
            throw Problem(description: "near: \(near) starts more than one entry's id: give more of it")
        } catch let error as PlaceDataError {
            throw Problem(description: "near: the place names cannot be read (\(error)); give lat,lon instead")
        }
    }

    /// "Near Paris: Paris, Île-de-France, France (2138551 people); 49 or more other places
    /// have that name. To choose another, add its country or region, like "Paris, FR"."
    private static func note(_ choice: NearPlaceChoice) -> String? {
        guard let note = choice.note else { return nil }
        let town = choice.name.split(separator: ",").first.map(String.init) ?? choice.name
        let example = choice.chosen.place.countryCode.map { " like \"\(town), \($0)\"" } ?? ""
        return "Near \(choice.name): \(note). To choose another, add its country or region after a comma,\(example)."
    }

    private static func date(_ text: String, _ field: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw Problem(description: "\(field) must be a date like 2024-05-17") }
        return date
    }
}
