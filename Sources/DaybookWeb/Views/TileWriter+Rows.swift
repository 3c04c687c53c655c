import DaybookCore
import DaybookPresentation
import DaybookStore
import NIOCore

extension TileWriter {
    /// `write(_:into:)` of `EntryTile(tile, annotations:links:stackSize:)`, written from the row
    /// itself: the day, time, link and alt text go straight into the page's bytes instead of
    /// into a tile's Strings first (at a million entries, building those Strings and the
    /// tiles cost about a tenth of a timeline page's CPU). `TimelineGridTests` holds the two
    /// ways byte-equal.
    static func write(
        _ tile: TimelineTile, annotations: TileAnnotations?, links: SiteLinks, stackSize: Int?, into output: inout ByteBuffer
    ) {
        let video = EntryText.videoBadge(media: tile.media, durationSeconds: tile.durationSeconds)
        output.writeStaticString("<li class=\"tile\" data-id=\"")
        HTMLText.write(tile.id, into: &output)
        output.writeStaticString("\">\n<a href=\"")
        writeEntryLink(tile.id, links, into: &output)
        output.writeStaticString(video == nil ? "\">\n" : "\" class=\"video\">\n")
        optional(video, "<span class=\"badge\" title=\"Video\">", "</span>", into: &output)
        if let name = tile.thumbnailName, let width = tile.thumbnailWidth, let height = tile.thumbnailHeight {
            output.writeStaticString("<img loading=\"lazy\" src=\"")
            HTMLText.write(links.root, into: &output)
            output.writeStaticString("thumbnails/")
            HTMLText.write(name.fileName, into: &output)
            output.writeStaticString("\" width=\"")
            writeDecimal(width, into: &output)
            output.writeStaticString("\" height=\"")
            writeDecimal(height, into: &output)
            output.writeStaticString("\" alt=\"")
            writeAlt(tile, into: &output)
            output.writeStaticString("\">\n\n")
        } else {
            output.writeStaticString("\n<span class=\"noimage\">")
            writeAlt(tile, into: &output)
            output.writeStaticString("</span>\n")
        }
        output.writeStaticString("</a>\n<div class=\"meta\">\n<a class=\"day\" href=\"")
        writeEntryLink(tile.id, links, into: &output)
        var meta = ShortBytes()
        meta.append("\">")
        if let date = tile.capturedLocal {
            appendDay(date, to: &meta)
            meta.append("</a> <span class=\"time\">")
            meta.appendPadded(date.hour)
            meta.append(":")
            meta.appendPadded(date.minute)
            meta.append("</span>\n")
        } else {
            meta.append("No date</a>\n")
        }
        meta.write(into: &output)
        if tile.position != nil {
            output.writeStaticString("<div class=\"place\">")
            writePlace(tile, into: &output)
            output.writeStaticString("</div>")
        }
        output.writeStaticString("\n")
        let weather = annotations.flatMap { WeatherText.tile(text: $0.weatherText, temperatureC: $0.temperatureC) }
        optional(weather, "<div class=\"weather\">", "</div>", into: &output)
        // A grid of the timeline shows no distance.
        output.writeStaticString("\n")
        optional(stackSize.map { "\($0) photos" }, "<div class=\"stack\">", "</div>", into: &output)
        optional(EntryText.excerpt(tile.text), "<p class=\"excerpt\">", "</p>", into: &output)
        if let tags = annotations?.tags, !tags.isEmpty {
            output.writeStaticString("<ul class=\"tags\">")
            for tag in tags.prefix(5) {
                output.writeStaticString(tag.isUser ? "<li class=\"tag user\">" : "<li class=\"tag\">")
                HTMLText.write(tag.name, into: &output)
                output.writeStaticString("</li>")
            }
            output.writeStaticString("</ul>")
        }
        output.writeStaticString("\n</div>\n</li>\n")
    }

    /// `SiteLinks.entry(_:)`, without making its String on the server.
    private static func writeEntryLink(_ id: String, _ links: SiteLinks, into output: inout ByteBuffer) {
        if links.isServer {
            output.writeStaticString("/entries/")
            HTMLText.write(id, into: &output)
        } else {
            HTMLText.write(links.entry(id), into: &output)
        }
    }

    /// `EntryText.alt(day:place:)`: the day's words need no escaping, the place does.
    private static func writeAlt(_ tile: TimelineTile, into output: inout ByteBuffer) {
        var alt = ShortBytes()
        alt.append("Photo")
        if let date = tile.capturedLocal {
            alt.append(" of ")
            appendDay(date, to: &alt)
        }
        alt.write(into: &output)
        if tile.position != nil {
            output.writeStaticString(" at ")
            writePlace(tile, into: &output)
        }
    }

    /// `tile.placeName`, escaped. Coordinates are digits, a point, "°", a space and
    /// hemisphere letters: nothing to escape, so their bytes go in as they are made.
    private static func writePlace(_ tile: TimelineTile, into output: inout ByteBuffer) {
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

    /// `String(value)`'s digits, with no String made.
    static func writeDecimal(_ value: Int, into output: inout ByteBuffer) {
        guard (0..<10_000_000_000).contains(value) else {
            output.writeString(String(value))
            return
        }
        var digits: (UInt64, UInt64) = (0, 0)
        var rest = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { bytes in
            repeat {
                bytes[15 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            output.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[(16 - count)...]))
        }
    }

}
