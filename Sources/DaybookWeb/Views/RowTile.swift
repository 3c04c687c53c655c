import DaybookCore
import DaybookPresentation
import DaybookStore
import NIOCore

/// A timeline tile as tile.mustache shows it, answered from its row: the day, time, links,
/// place and alt text are written straight into the page's bytes (`.written`) instead of into
/// an `EntryTile`'s Strings first. A grid of tiles is most of a timeline page, and random pages
/// of a large journal seldom show a tile twice, so each tile is written anew, fast: a tile is
/// its page's rows and an index, two words, so that listing and rendering a page's tiles copies
/// no row. `TimelineGridTests` holds its bytes equal to `EntryTile`'s for every shape of tile.
struct RowTile: Sendable {
    let rows: TimelinePageRows
    let index: Int

    private var tile: TimelineTile { rows.tiles[index] }
    private var annotations: TileAnnotations? { rows.annotations[index] }
    private var links: SiteLinks { rows.links }
    private var hasThumbnail: Bool { tile.thumbnailName != nil && tile.thumbnailWidth != nil && tile.thumbnailHeight != nil }
}

/// A timeline page's rows, shared by its tiles, with each row's annotations and stack size
/// found once, by position.
final class TimelinePageRows: Sendable {
    let tiles: [TimelineTile]
    let annotations: [TileAnnotations?]
    let stackSizes: [Int?]
    /// Whether each tile's entry has a conflict copy beside its journal file.
    let conflicted: [Bool]
    let links: SiteLinks

    init(_ entries: TileEntries, links: SiteLinks) {
        tiles = entries.tiles
        annotations = entries.tiles.map { entries.annotations[$0.id] }
        stackSizes = entries.tiles.map { entries.stackSizes[$0.id] }
        conflicted = entries.conflicted.isEmpty ? [] : entries.tiles.map { entries.conflicted.contains($0.id.prefix(8)) }
        self.links = links
    }
}

extension RowTile: TemplateModel {
    // Not inlined: the renderer's walk, made for this type, stays small enough to be cheap to
    // enter once per section of every tile.
    @inline(never)
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .id: .text(tile.id)
        case .href, .day: .written
        case .video: .init(EntryText.videoBadge(media: tile.media, durationSeconds: tile.durationSeconds))
        // `{{#image}}` over true keeps the tile in scope: the image's names are the tile's own.
        case .image: .flag(hasThumbnail)
        case .src, .alt: .written
        case .width: .init(tile.thumbnailWidth)
        case .height: .init(tile.thumbnailHeight)
        case .noImage:
            hasThumbnail
                ? .missing
                : tile.media == .text
                    ? .init(EntryText.excerpt(tile.text)) : tile.isPhotoElsewhere ? .text(EntryText.photoElsewhere) : .written
        case .time: tile.capturedLocal == nil ? .missing : .written
        case .place: tile.position == nil ? .missing : .written
        case .weather: .init(annotations.flatMap { WeatherText.tile(text: $0.weatherText, temperatureC: $0.temperatureC) })
        // A grid of the timeline shows no distance.
        case .distance: .missing
        case .stack: .init(rows.stackSizes[index].map { "\($0) photos" })
        case .conflict: .flag(!rows.conflicted.isEmpty && rows.conflicted[index])
        case .excerpt: tile.media == .text ? .missing : .init(EntryText.excerpt(tile.text))
        case .hasTags: .flag(!(annotations?.tags.isEmpty ?? true))
        case .tags: .init((annotations?.tags ?? []).prefix(5))
        default: nil
        }
    }

    @inline(never)
    func write(_ name: TemplateName, into output: inout ByteBuffer) {
        switch name {
        case .href: writeEntryLink(into: &output)
        case .src:
            guard let thumbnail = tile.thumbnailName else { return }
            HTMLText.write(links.root, into: &output)
            output.writeStaticString("thumbnails/")
            HTMLText.write(thumbnail.fileName, into: &output)
        case .alt, .noImage: writeAlt(into: &output)
        case .day:
            var day = ShortBytes()
            if let date = tile.capturedLocal { Self.appendDay(date, to: &day) } else { day.append("No date") }
            day.write(into: &output)
        case .time:
            guard let date = tile.capturedLocal else { return }
            var time = ShortBytes()
            time.appendPadded(date.hour)
            time.append(":")
            time.appendPadded(date.minute)
            time.write(into: &output)
        case .place: writePlace(into: &output)
        default: break
        }
    }

    /// `SiteLinks.entry(_:)`, without making its String on the server.
    private func writeEntryLink(into output: inout ByteBuffer) {
        if links.isServer {
            output.writeStaticString("/entries/")
            HTMLText.write(tile.id, into: &output)
        } else {
            HTMLText.write(links.entry(tile.id), into: &output)
        }
    }

    /// `EntryText.alt(day:place:)`: the day's words need no escaping, the place does.
    private func writeAlt(into output: inout ByteBuffer) {
        var alt = ShortBytes()
        alt.append("Photo")
        if let date = tile.capturedLocal {
            alt.append(" of ")
            Self.appendDay(date, to: &alt)
        }
        alt.write(into: &output)
        if tile.position != nil {
            output.writeStaticString(" at ")
            writePlace(into: &output)
        }
    }

    /// `tile.placeName`, escaped. Coordinates are digits, a point, "°", a space and
    /// hemisphere letters: nothing to escape, so their bytes go in as they are made.
    private func writePlace(into output: inout ByteBuffer) {
        if let label = tile.placeLabel {
            HTMLText.write(label, into: &output)
        } else if let position = tile.position {
            EntryPlaceName.withCoordinatesUTF8(position) { output.writeBytes($0) }
        }
    }

    /// `CalendarNames.day(_:)`: "Sunday 14 July 2024", letters, digits and spaces only: at most
    /// 61 bytes (names of 9, numbers of 20).
    static func appendDay(_ date: LocalDateTime, to bytes: inout ShortBytes) {
        bytes.append(CalendarNames.weekdayNameBytes[date.weekday])
        bytes.append(" ")
        bytes.appendDecimal(date.day)
        bytes.append(" ")
        bytes.append(CalendarNames.monthNameBytes[date.month - 1])
        bytes.append(" ")
        bytes.appendDecimal(date.year)
    }
}

extension TileAnnotations.Tag: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .name: .text(self.name)
        case .isUser: .flag(isUser)
        default: nil
        }
    }
}
