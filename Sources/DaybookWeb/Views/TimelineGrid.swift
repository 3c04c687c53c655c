import DaybookCore
import DaybookPresentation
import DaybookStore
import NIOCore

/// A timeline page's tiles under their month headings, as sections.mustache renders
/// `TileSection.grouped` by `CalendarNames.month(of:)`, written from the rows as they come: a new
/// section starts where the month changes, and each tile is written from its row
/// (`TileWriter.write(_:annotations:links:stackSize:into:)`), so no section or tile is
/// built first. The search and on-this-day pages, with other headings, keep `TileSection`.
struct TimelineGrid: HTMLFragment {
    let tiles: TileEntries
    let links: SiteLinks

    var isEmpty: Bool { tiles.tiles.isEmpty }

    func write(into output: inout ByteBuffer) {
        // The section's month as one number (year × 12 + month), -1 for "Undated".
        var section: Int?
        for tile in tiles.tiles {
            let month = tile.capturedLocal.map { $0.year * 12 + $0.month - 1 } ?? -1
            if month != section {
                if section != nil { output.writeStaticString("\n</ul>\n</section>\n") }
                section = month
                let title = CalendarNames.month(of: tile.capturedLocal)
                output.writeStaticString("<section class=\"month\" id=\"")
                HTMLText.write(TileSection.anchor(title), into: &output)
                output.writeStaticString("\">\n<h2>")
                HTMLText.write(title, into: &output)
                output.writeStaticString("</h2>\n<ul class=\"tiles\">\n")
            }
            TileWriter.write(
                tile, annotations: tiles.annotations[tile.id], links: links, stackSize: tiles.stackSizes[tile.id], into: &output)
        }
        if section != nil { output.writeStaticString("\n</ul>\n</section>\n") }
    }
}
