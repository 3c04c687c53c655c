import DaybookCore
import DaybookPlaces
import GRDB

extension JournalStore {
    /// A page of the timeline (`JournalReader.timeline(after:limit:)`).
    public func timeline(after entry: JournalEntry?, limit: Int) throws -> [JournalEntry] {
        try readNow { try $0.timeline(after: entry, limit: limit) }
    }

    /// The timeline from the newest entry captured before `date`.
    public func timeline(capturedBefore date: CivilDate, limit: Int) throws -> [JournalEntry] {
        try readNow { try $0.timeline(capturedBefore: date, limit: limit) }
    }

    /// The entries just before (newer) and just after (older) `entry` in the timeline.
    public func timelineNeighbours(of entry: JournalEntry) throws -> (newer: JournalEntry?, older: JournalEntry?) {
        try readNow { try $0.neighbours(of: entry) }
    }

    /// Every entry with a place: id, position, place name, capture time and thumbnail, for a
    /// map (one narrow query; a 100,000-entry journal answers in milliseconds).
    public func placedEntries() throws -> [PlacedEntry] { try readNow { try $0.placedEntries() } }
}

extension JournalReader {
    /// `JournalStore.placedEntries()` inside this read.
    package func placedEntries() throws -> [PlacedEntry] {
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

extension JournalReader {
    /// `timeline(after:limit:)` as tiles: the same order and cursor, the tile's columns only.
    package func timelineTiles(after entry: JournalEntry?, limit: Int) throws -> [TimelineTile] {
        try TimelineOrder.page(after: entry.map(TimelineOrder.Key.init), limit: limit) { try tiles($0, limit: $1) }
    }

    /// `timeline(capturedBefore:limit:)` as tiles.
    package func timelineTiles(capturedBefore date: CivilDate, limit: Int) throws -> [TimelineTile] {
        try TimelineOrder.page(capturedBefore: date, limit: limit) { try tiles($0, limit: $1) }
    }

    private func tiles(_ condition: SQLExpression, limit: Int) throws -> [TimelineTile] {
        let sql = TimelineOrder.query(selecting: SQL(sql: TimelineTile.columns), where: condition, limit: limit)
        return try SQLRequest<TimelineTile>(literal: sql, cached: true).fetchAll(db)
    }
}
