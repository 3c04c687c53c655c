import DaybookCore
import DaybookPlaces
import GRDB

/// An entry on a map: where, what the place is called, when, and its thumbnail.
public struct PlacedEntry: Sendable, Hashable {
    public let id: String
    public let latitude: Double
    public let longitude: Double
    /// "Kyoto, Japan", or the coordinates when the position names no place (`EntryPlaceName`).
    public let placeName: String
    public let capturedLocal: LocalDateTime?
    public let thumbnail: ThumbnailName?

    /// The columns `init(row:)` reads: a narrow row, not the whole entry.
    static let columns = "id, latitude, longitude, captured_local, thumbnail, place_name, place_country"

    init(row: Row) {
        let location = GeoLocation(latitude: row["latitude"], longitude: row["longitude"])
        let country: String? = row["place_country"]
        // Only the words `EntryPlaceName.short` reads: a country names the place.
        let place = country.map {
            NamedPlace(
                name: row["place_name"], region: nil, country: $0, countryCode: nil, distanceKm: nil, timeZone: nil,
                dataVersion: "")
        }
        self.init(
            id: row["id"], latitude: location.latitude, longitude: location.longitude,
            placeName: EntryPlaceName.short(place: place, location: location) ?? "",
            capturedLocal: row["captured_local"], thumbnail: (row["thumbnail"] as String?).flatMap(ThumbnailName.init(fileName:)))
    }

    init(
        id: String, latitude: Double, longitude: Double, placeName: String, capturedLocal: LocalDateTime?, thumbnail: ThumbnailName?
    ) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
        self.capturedLocal = capturedLocal
        self.thumbnail = thumbnail
    }

    /// An entry with a place, as the map shows it (nil without one).
    package init?(_ entry: JournalEntry) {
        guard let location = entry.location else { return nil }
        self.init(
            id: entry.id, latitude: location.latitude, longitude: location.longitude,
            placeName: EntryPlaceName.short(place: entry.place, location: location) ?? "", capturedLocal: entry.capturedLocal,
            thumbnail: entry.thumbnail.flatMap(ThumbnailName.init(fileName:)))
    }
}
