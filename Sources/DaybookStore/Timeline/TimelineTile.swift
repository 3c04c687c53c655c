import DaybookCore
import DaybookPlaces
import GRDB

/// An entry as a tile of a grid shows it (timeline, search, on this day): the fifteen columns
/// a tile reads instead of the entry's forty, since decoding whole rows would be most of a
/// page's store read.
package struct TimelineTile: Sendable, Hashable {
    package let id: String
    package let capturedLocal: LocalDateTime?
    /// With `capturedLocal` and `id`, the tile's place in `TimelineOrder` (a page's cursor).
    package let createdAt: String
    /// The named place's words ("Kyoto, Japan"); nil where `position` names no place, or
    /// there is no position.
    package let placeLabel: String?
    /// Latitude and longitude alone, which the tile prints where no place is named: kept as
    /// numbers, so that a page writes their text straight into its bytes
    /// (`EntryPlaceName.withCoordinatesUTF8`).
    package let position: GeoLocation?
    package let thumbnailName: ThumbnailName?
    package let thumbnailWidth: Int?
    package let thumbnailHeight: Int?
    package let text: String
    package let media: MediaKind
    package let durationSeconds: Double?
    /// `JournalEntry.isPhotoElsewhere`: the tile says where the photo is instead of showing it.
    package let isPhotoElsewhere: Bool

    /// A whole entry's tile, for pages that read whole entries anyway (search, on this day).
    package init(_ entry: JournalEntry) {
        id = entry.id
        capturedLocal = entry.capturedLocal
        createdAt = entry.createdAt
        position = entry.location.map { GeoLocation(latitude: $0.latitude, longitude: $0.longitude) }
        placeLabel = entry.location == nil ? nil : entry.place?.label
        thumbnailName = entry.thumbnailName
        thumbnailWidth = entry.thumbnailWidth
        thumbnailHeight = entry.thumbnailHeight
        text = entry.text
        media = entry.media
        durationSeconds = entry.durationSeconds
        isPhotoElsewhere = entry.isPhotoElsewhere
    }

    /// `EntryPlaceName.short`: "Kyoto, Japan", or the coordinates.
    package var placeName: String? {
        guard let position else { return nil }
        return placeLabel ?? EntryPlaceName.coordinates(position)
    }
}

extension TimelineTile: FetchableRecord {
    private typealias Entry = JournalEntry.Columns

    /// The columns `init(row:)` reads, by position, in this order, as a SELECT lists them.
    static let columnNames = [Entry]([
        .id, .capturedLocal, .createdAt, .latitude, .longitude, .placeName, .placeCountry, .placeVersion, .thumbnail,
        .thumbnailWidth, .thumbnailHeight, .text, .mediaKind, .durationSeconds, .sourcePath,
    ]).map(\.rawValue)

    /// `columnNames` as a SELECT lists them; a query may select more after them.
    static let columns = columnNames.joined(separator: ", ")

    /// Read as `JournalEntry(row:)` reads the same columns: a place needs a country and a
    /// lookup's version, a position both coordinates; a media kind daybook never writes is
    /// an error, not a guess.
    package init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        capturedLocal = (try row.decode(String?.self, atIndex: 1)).flatMap { LocalDateTime(iso: $0) }
        createdAt = try row.decode(atIndex: 2)
        let latitude: Double? = try row.decode(atIndex: 3)
        let longitude: Double? = try row.decode(atIndex: 4)
        let location = latitude.flatMap { latitude in longitude.map { GeoLocation(latitude: latitude, longitude: $0) } }
        let country: String? = try row.decode(atIndex: 6)
        let version: String? = try row.decode(atIndex: 7)
        // Only the words `EntryPlaceName.short` reads: the town and its country.
        let place =
            country != nil && version != nil
            ? NamedPlace(
                name: try row.decode(atIndex: 5), region: nil, country: country, countryCode: nil, distanceKm: nil, timeZone: nil,
                dataVersion: version ?? "")
            : nil
        position = location
        placeLabel = location == nil ? nil : place?.label
        thumbnailName = (try row.decode(String?.self, atIndex: 8)).flatMap(ThumbnailName.init(fileName:))
        thumbnailWidth = try row.decode(atIndex: 9)
        thumbnailHeight = try row.decode(atIndex: 10)
        text = try row.decode(atIndex: 11)
        let mediaText: String = try row.decode(atIndex: 12)
        guard let media = MediaKind(rawValue: mediaText) else {
            throw StoreError.unreadableEntry("entry \(id): media_kind holds \(mediaText), which daybook never writes")
        }
        self.media = media
        durationSeconds = try row.decode(atIndex: 13)
        // The path is read only where it can matter: a photo with no thumbnail.
        let sourcePath: String? = media != .text && thumbnailName == nil ? try row.decode(String.self, atIndex: 14) : nil
        isPhotoElsewhere = sourcePath.flatMap { JournalFilePath(relative: $0) } != nil
    }
}
