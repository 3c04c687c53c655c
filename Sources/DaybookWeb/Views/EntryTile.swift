import DaybookPresentation
import DaybookStore

/// A thumbnail as an `<img>` needs it: source, size (so the page does not jump while it
/// loads) and alt text.
struct ImageView: Sendable, Hashable {
    let src: String
    let width: Int
    let height: Int
    let alt: String
}

/// A tag as a page shows it; `search` links to the entries that carry it (server only).
struct TagView: Sendable, Hashable {
    let name: String
    let isUser: Bool
    let search: String?
}

/// One entry in a grid of tiles (search, on this day, latest), as tile.mustache shows it; the
/// timeline's tiles are their rows (`RowTile`).
struct EntryTile: Sendable, Hashable {
    let id: String
    let href: String
    let image: ImageView?
    /// Alt-like words shown when there is no thumbnail.
    let noImage: String?
    let day: String
    let time: String?
    let place: String?
    let weather: String?
    let tags: [TagView]
    let hasTags: Bool
    let excerpt: String?
    let distance: String?
    /// A video's badge ("▶ 12 s"); nil for a photo.
    let video: String?
    /// "3 photos": the tile stands for a stack of that many frames.
    let stack: String?
    /// Two devices changed the entry at once: a conflict copy waits beside its journal file.
    var conflict = false

    init(entry: JournalEntry, annotations: TileAnnotations?, links: SiteLinks, distanceKm: Double? = nil, stackSize: Int? = nil) {
        self.init(TimelineTile(entry), annotations: annotations, links: links, distanceKm: distanceKm, stackSize: stackSize)
    }

    init(_ entry: TimelineTile, annotations: TileAnnotations?, links: SiteLinks, distanceKm: Double? = nil, stackSize: Int? = nil) {
        id = entry.id
        href = links.entry(entry.id)
        // The rule `daybook list` follows: "Paris, France", else the coordinates (formatted
        // each time they are asked for: once a tile). The day and place serve the alt text too.
        let place = entry.placeName
        let day = entry.capturedLocal.map(CalendarNames.day)
        let alt = EntryText.alt(day: day, place: place)
        if let name = entry.thumbnailName, let width = entry.thumbnailWidth, let height = entry.thumbnailHeight {
            image = ImageView(src: links.thumbnail(name), width: width, height: height, alt: alt)
            noImage = nil
        } else {
            image = nil
            // Words alone have no picture to stand in for: their box shows the title.
            noImage =
                entry.media == .text
                ? EntryText.excerpt(entry.text) : entry.isPhotoElsewhere ? EntryText.photoElsewhere : alt
        }
        self.day = day ?? "No date"
        time = entry.capturedLocal.map(CalendarNames.time)
        self.place = place
        weather = annotations.flatMap { WeatherText.tile(text: $0.weatherText, temperatureC: $0.temperatureC) }
        // tile.mustache shows a tile's tags as words, not links (the tile is one link to its
        // entry): no search link is made for them.
        tags = (annotations?.tags ?? []).prefix(5).map { TagView(name: $0.name, isUser: $0.isUser, search: nil) }
        hasTags = !tags.isEmpty
        excerpt = entry.media == .text ? nil : EntryText.excerpt(entry.text)
        distance = distanceKm.map { String(format: "%.1f km away", $0) }
        video = EntryText.videoBadge(media: entry.media, durationSeconds: entry.durationSeconds)
        stack = stackSize.map { "\($0) photos" }
    }
}

/// Tiles under a heading: a month in the timeline, a year on this day.
struct TileSection: Sendable {
    let title: String
    let anchor: String
    let tiles: [EntryTile]

    /// Consecutive entries with the same heading form one section, in the order given.
    static func grouped(
        _ entries: [TimelineTile], annotations: [String: TileAnnotations], links: SiteLinks, distances: [String: Double] = [:],
        stackSizes: [String: Int] = [:], conflicted: Set<Substring> = [], heading: (TimelineTile) -> String
    ) -> [TileSection] {
        var sections: [(title: String, tiles: [EntryTile])] = []
        for entry in entries {
            let title = heading(entry)
            var tile = EntryTile(
                entry, annotations: annotations[entry.id], links: links, distanceKm: distances[entry.id],
                stackSize: stackSizes[entry.id])
            tile.conflict = conflicted.contains(entry.id.prefix(8))
            if sections.last?.title == title {
                sections[sections.count - 1].tiles.append(tile)
            } else {
                sections.append((title, [tile]))
            }
        }
        return sections.map { section in
            TileSection(title: section.title, anchor: anchor(section.title), tiles: section.tiles)
        }
    }

    /// "July 2024" → "july-2024", for links to a section.
    static func anchor(_ title: String) -> String {
        String(title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
