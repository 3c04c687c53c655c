import DaybookCore
import DaybookPlaces
import GRDB

extension JournalStore {
    /// A page of the timeline, in `entries(limit:)` order (newest capture first, undated
    /// last): the `limit` entries that come after `entry` in that order, or from the start.
    /// Keyset paging: each page costs the same however deep it is, and an entry added or
    /// deleted meanwhile shifts nothing.
    public func timeline(after entry: JournalEntry?, limit: Int) throws -> [JournalEntry] {
        guard limit > 0 else { return [] }
        return try pool.read { db in
            var page: [JournalEntry] = []
            if entry == nil || entry?.capturedLocal != nil {
                page = try Self.datedPage(db, after: entry, limit: limit)
            }
            if page.count < limit {
                page += try Self.undatedPage(db, after: entry?.capturedLocal == nil ? entry : nil, limit: limit - page.count)
            }
            return page
        }
    }

    /// The timeline from the newest entry captured before `date` (a "jump to month" starts at
    /// the first day of the month after the one chosen).
    public func timeline(capturedBefore date: CivilDate, limit: Int) throws -> [JournalEntry] {
        guard limit > 0 else { return [] }
        return try pool.read { db in
            let dated = try JournalEntry.fetchAll(
                db,
                sql: """
                    SELECT * FROM entry WHERE captured_local < ?
                    ORDER BY captured_local DESC, created_at DESC, id LIMIT ?
                    """, arguments: [date, limit])
            return dated.count < limit ? dated + (try Self.undatedPage(db, after: nil, limit: limit - dated.count)) : dated
        }
    }

    /// The entries just before (newer) and just after (older) `entry` in the timeline.
    public func timelineNeighbours(of entry: JournalEntry) throws -> (newer: JournalEntry?, older: JournalEntry?) {
        let older = try timeline(after: entry, limit: 1).first
        let newer = try pool.read { db -> JournalEntry? in
            if let captured = entry.capturedLocal {
                return try JournalEntry.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM entry WHERE captured_local >= ?
                        AND (captured_local > ? OR created_at > ? OR (created_at = ? AND id < ?))
                        ORDER BY captured_local, created_at, id DESC LIMIT 1
                        """, arguments: [captured, captured, entry.createdAt, entry.createdAt, entry.id])
            }
            let undated = try JournalEntry.fetchOne(
                db,
                sql: """
                    SELECT * FROM entry WHERE captured_local IS NULL AND (created_at > ? OR (created_at = ? AND id < ?))
                    ORDER BY created_at, id DESC LIMIT 1
                    """, arguments: [entry.createdAt, entry.createdAt, entry.id])
            // The first undated entry follows the oldest dated one.
            return try undated
                ?? JournalEntry.fetchOne(
                    db, sql: "SELECT * FROM entry WHERE captured_local IS NOT NULL ORDER BY captured_local, created_at, id DESC LIMIT 1")
        }
        return (newer, older)
    }

    /// Dated entries after `entry` (a dated one) or from the newest. The range on
    /// captured_local lets the index walk from the cursor; the rest breaks ties.
    private static func datedPage(_ db: Database, after entry: JournalEntry?, limit: Int) throws -> [JournalEntry] {
        guard let entry, let captured = entry.capturedLocal else {
            return try JournalEntry.fetchAll(
                db,
                sql: """
                    SELECT * FROM entry WHERE captured_local IS NOT NULL
                    ORDER BY captured_local DESC, created_at DESC, id LIMIT ?
                    """, arguments: [limit])
        }
        return try JournalEntry.fetchAll(
            db,
            sql: """
                SELECT * FROM entry WHERE captured_local <= ?
                AND (captured_local < ? OR created_at < ? OR (created_at = ? AND id > ?))
                ORDER BY captured_local DESC, created_at DESC, id LIMIT ?
                """, arguments: [captured, captured, entry.createdAt, entry.createdAt, entry.id, limit])
    }

    private static func undatedPage(_ db: Database, after entry: JournalEntry?, limit: Int) throws -> [JournalEntry] {
        guard let entry else {
            return try JournalEntry.fetchAll(
                db, sql: "SELECT * FROM entry WHERE captured_local IS NULL ORDER BY created_at DESC, id LIMIT ?", arguments: [limit])
        }
        return try JournalEntry.fetchAll(
            db,
            sql: """
                SELECT * FROM entry WHERE captured_local IS NULL AND (created_at < ? OR (created_at = ? AND id > ?))
                ORDER BY created_at DESC, id LIMIT ?
                """, arguments: [entry.createdAt, entry.createdAt, entry.id, limit])
    }

    /// Every entry with a place: id, position, place name, capture time and thumbnail, for a
    /// map (one narrow query; a 100,000-entry journal answers in milliseconds).
    public func placedEntries() throws -> [PlacedEntry] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, latitude, longitude, captured_local, thumbnail, place_name, place_country FROM entry
                    WHERE latitude IS NOT NULL AND longitude IS NOT NULL
                    ORDER BY captured_local, id
                    """
            ).map { row in
                let location = GeoLocation(latitude: row["latitude"], longitude: row["longitude"])
                let country: String? = row["place_country"]
                // Only the words `EntryPlaceName.short` reads: a country names the place.
                let place = country.map {
                    NamedPlace(
                        name: row["place_name"], region: nil, country: $0, countryCode: nil, distanceKm: nil, timeZone: nil,
                        dataVersion: "")
                }
                return PlacedEntry(
                    id: row["id"], latitude: location.latitude, longitude: location.longitude,
                    placeName: EntryPlaceName.short(place: place, location: location) ?? "",
                    capturedLocal: row["captured_local"], thumbnail: (row["thumbnail"] as String?).flatMap(ThumbnailName.init(fileName:)))
            }
        }
    }
}

/// An entry on a map: where, what the place is called, when, and its thumbnail.
public struct PlacedEntry: Sendable, Hashable {
    public let id: String
    public let latitude: Double
    public let longitude: Double
    /// "Kyoto, Japan", or the coordinates when the position names no place (`EntryPlaceName`).
    public let placeName: String
    public let capturedLocal: LocalDateTime?
    public let thumbnail: ThumbnailName?
}
