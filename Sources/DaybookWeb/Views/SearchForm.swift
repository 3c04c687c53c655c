import DaybookCore
import DaybookStore

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

    var isEmpty: Bool { [q, on, month, from, to, near].allSatisfy(\.isEmpty) && tags.isEmpty }

    /// A refusal to show instead of results, naming the field.
    struct Problem: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The query, or the first field that does not read.
    func query(store: JournalStore, limit: Int?) throws -> JournalQuery {
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
        if !near.isEmpty {
            guard let kilometres = JournalQuery.kilometres(radius.isEmpty ? "10km" : radius) else {
                throw Problem(description: "radius must be like 500m or 25km")
            }
            let point: (latitude: Double, longitude: Double)
            switch JournalQuery.place(near) {
            case .point(let latitude, let longitude): point = (latitude, longitude)
            case .offEarth: throw Problem(description: "near: not a place on Earth")
            case .entry(let prefix):
                guard let location = try? store.entry(idPrefix: prefix).location else {
                    throw Problem(description: "near: give lat,lon or the id of an entry that has a place")
                }
                point = (location.latitude, location.longitude)
            }
            query.near = JournalQuery.Near(latitude: point.latitude, longitude: point.longitude, radiusKm: kilometres)
        }
        return query
    }

    private static func date(_ text: String, _ field: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw Problem(description: "\(field) must be a date like 2024-05-17") }
        return date
    }
}
