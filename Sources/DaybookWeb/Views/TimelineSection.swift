import DaybookCore
import DaybookPresentation
import DaybookStore

/// A timeline page's tiles under their month headings, as sections.mustache shows them: a new
/// section starts where the month changes, and each tile is its row (`RowTile`), so no
/// `EntryTile` is built. The search and on-this-day pages, with other headings, keep
/// `TileSection`.
struct TimelineSection: Sendable {
    let title: String
    let tiles: [RowTile]

    static func grouped(_ tiles: TileEntries, links: SiteLinks) -> [TimelineSection] {
        var sections: [TimelineSection] = []
        var rows: [RowTile] = []
        // The section's month as one number (year × 12 + month), -1 for "Undated".
        var month: Int?
        var title = ""
        for tile in tiles.tiles {
            let tileMonth = tile.capturedLocal.map { $0.year * 12 + $0.month - 1 } ?? -1
            if tileMonth != month {
                if month != nil { sections.append(TimelineSection(title: title, tiles: rows)) }
                month = tileMonth
                title = CalendarNames.month(of: tile.capturedLocal)
                rows = []
            }
            rows.append(
                RowTile(tile: tile, annotations: tiles.annotations[tile.id], links: links, stackSize: tiles.stackSizes[tile.id]))
        }
        if month != nil { sections.append(TimelineSection(title: title, tiles: rows)) }
        return sections
    }
}

extension TimelineSection: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .title: .text(title)
        case .anchor: .text(TileSection.anchor(title))
        case .tiles: .init(tiles)
        default: nil
        }
    }
}
