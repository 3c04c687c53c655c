import NIOCore

/// A tile's `<li>` written straight into a page's bytes, exactly as tile.mustache renders it:
/// no name looked up, no value boxed, no String made. A grid of tiles is most of a timeline,
/// search or on-this-day page, and random pages of a large journal seldom show a tile twice
/// (of the tiles kept by id, 16 % came round again at 100,000 entries and 1.4 % at a million:
/// keeping them cost more than it saved), so each tile is written anew, fast.
///
/// tile.mustache stays the tile's definition, for the pages swift-mustache renders and for
/// `TileWriterTests`, which holds this writer's bytes equal to both renderers' on tiles with
/// every optional value present and absent and hostile text in each: a change to the
/// template fails that test until this writer follows it.
enum TileWriter {
    static func write(_ tile: EntryTile, into output: inout ByteBuffer) {
        output.writeStaticString("<li class=\"tile\" data-id=\"")
        HTMLText.write(tile.id, into: &output)
        output.writeStaticString("\">\n<a href=\"")
        HTMLText.write(tile.href, into: &output)
        output.writeStaticString(tile.video == nil ? "\">\n" : "\" class=\"video\">\n")
        optional(tile.video, "<span class=\"badge\" title=\"Video\">", "</span>", into: &output)
        if let image = tile.image {
            output.writeStaticString("<img loading=\"lazy\" src=\"")
            HTMLText.write(image.src, into: &output)
            output.writeStaticString("\" width=\"")
            output.writeString(String(image.width))
            output.writeStaticString("\" height=\"")
            output.writeString(String(image.height))
            output.writeStaticString("\" alt=\"")
            HTMLText.write(image.alt, into: &output)
            output.writeStaticString("\">")
        }
        output.writeStaticString("\n")
        optional(tile.noImage, "<span class=\"noimage\">", "</span>", into: &output)
        output.writeStaticString("</a>\n<div class=\"meta\">\n<a class=\"day\" href=\"")
        HTMLText.write(tile.href, into: &output)
        output.writeStaticString("\">")
        HTMLText.write(tile.day, into: &output)
        output.writeStaticString("</a>")
        optional(tile.time, " <span class=\"time\">", "</span>", into: &output)
        optional(tile.place, "<div class=\"place\">", "</div>", into: &output)
        optional(tile.weather, "<div class=\"weather\">", "</div>", into: &output)
        optional(tile.distance, "<div class=\"distance\">", "</div>", into: &output)
        optional(tile.stack, "<div class=\"stack\">", "</div>", into: &output)
        optional(tile.excerpt, "<p class=\"excerpt\">", "</p>", into: &output)
        if tile.hasTags {
            output.writeStaticString("<ul class=\"tags\">")
            for tag in tile.tags {
                output.writeStaticString(tag.isUser ? "<li class=\"tag user\">" : "<li class=\"tag\">")
                HTMLText.write(tag.name, into: &output)
                output.writeStaticString("</li>")
            }
            output.writeStaticString("</ul>")
        }
        output.writeStaticString("\n</div>\n</li>\n")
    }

    /// A line's `{{#value}}open{{.}}close{{/value}}` and the line's end.
    static func optional(_ value: String?, _ open: StaticString, _ close: StaticString, into output: inout ByteBuffer) {
        if let value {
            output.writeStaticString(open)
            HTMLText.write(value, into: &output)
            output.writeStaticString(close)
        }
        output.writeStaticString("\n")
    }
}
