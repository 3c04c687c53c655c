import DaybookCore

/// What a CLI list (`list`, `search`, `on-this-day`, `latest`) reads of an entry for its
/// line: its date, place, weather words, tags and text, and the distance of a "near" match.
/// A list reads these and no more (`JournalReader.onThisDayList` and the others), not the
/// forty columns of each row and every tag and weather row whole; DaybookPresentation's
/// `ListLine` says them.
package struct ListedEntry: Sendable, Hashable {
    package let id: String
    package let capturedLocal: LocalDateTime?
    /// `EntryPlaceName.short`: "Kyoto, Japan", or the coordinates.
    package let placeName: String?
    package let text: String
    /// Tag names in the order tags show in (`JournalTag.displayOrder`).
    package let tags: [String]
    package let weatherText: String?
    package let temperatureC: Double?
    /// Great-circle distance from a "near" search's point.
    package let distanceKm: Double?
    /// `JournalEntry.isPhotoElsewhere`: the line says the photo is on another device.
    package var isPhotoElsewhere = false

    package var shortID: String { String(id.prefix(8)) }

    package init(
        id: String, capturedLocal: LocalDateTime?, placeName: String?, text: String, tags: [String], weatherText: String?,
        temperatureC: Double?, distanceKm: Double? = nil
    ) {
        self.id = id
        self.capturedLocal = capturedLocal
        self.placeName = placeName
        self.text = text
        self.tags = tags
        self.weatherText = weatherText
        self.temperatureC = temperatureC
        self.distanceKm = distanceKm
    }

    /// A tile's: the columns a list shows are a tile's too.
    package init(_ tile: TimelineTile, annotations: TileAnnotations?, distanceKm: Double? = nil) {
        id = tile.id
        capturedLocal = tile.capturedLocal
        placeName = tile.placeName
        text = tile.text
        tags = annotations?.tags.map(\.name) ?? []
        weatherText = annotations?.weatherText
        temperatureC = annotations?.temperatureC
        self.distanceKm = distanceKm
        isPhotoElsewhere = tile.isPhotoElsewhere
    }

    /// A whole entry's, read with every column: what the light read must equal.
    package init(_ entry: JournalEntry, annotations: EntryAnnotations?, distanceKm: Double? = nil) {
        id = entry.id
        capturedLocal = entry.capturedLocal
        placeName = entry.placeName
        text = entry.text
        tags = annotations?.tags.map(\.name) ?? []
        weatherText = annotations?.weather?.weatherText
        temperatureC = annotations?.weather?.temperatureC
        self.distanceKm = distanceKm
        isPhotoElsewhere = entry.isPhotoElsewhere
    }
}
