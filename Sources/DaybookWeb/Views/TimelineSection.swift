import DaybookCore
import DaybookPresentation
import DaybookStore

/// A timeline page's tiles under their month headings, as sections.mustache shows them: a new
/// section starts where the month changes, and each tile is its row (`RowTile`), so no
/// `EntryTile` is built. The search and on-this-day pages, with other headings, keep
/// `TileSection`.
struct TimelineSection: Sendable {
    let title: String
    let rows: TimelinePageRows
    /// The positions of this section's tiles in `rows`.
    let range: Range<Int>

    var tiles: LazyMapCollection<Range<Int>, RowTile> { range.lazy.map { RowTile(rows: self.rows, index: $0) } }

    static func grouped(_ tiles: TileEntries, links: SiteLinks) -> [TimelineSection] {
        let rows = TimelinePageRows(tiles, links: links)
        var sections: [TimelineSection] = []
        var start = 0
        // The section's month as one number (year × 12 + month), -1 for "Undated".
        var month: Int?
        for (index, tile) in rows.tiles.enumerated() {
            let tileMonth = tile.capturedLocal.map { $0.year * 12 + $0.month - 1 } ?? -1
            guard tileMonth != month else { continue }
            if month != nil { sections.append(TimelineSection(title: Self.title(rows, start), rows: rows, range: start..<index)) }
            month = tileMonth
            start = index
        }
        if month != nil { sections.append(TimelineSection(title: Self.title(rows, start), rows: rows, range: start..<rows.tiles.count)) }
        return sections
    }

    private static func title(_ rows: TimelinePageRows, _ first: Int) -> String {
        CalendarNames.month(of: rows.tiles[first].capturedLocal)
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
