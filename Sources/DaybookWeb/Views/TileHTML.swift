import Synchronization

/// Each tile's HTML, rendered once from tile.mustache and kept under the entry's id together
/// with the tile it was rendered from. A kept tile is used only when it equals the tile asked
/// for (every value it shows: text, tags, weather, place, links), so a changed entry is
/// rendered again and nothing needs telling. Keyed by the id alone, a look-up hashes a short
/// string and compares the values, where keying by the whole tile hashed every value of it,
/// twice for a new tile: half of a tile's cost (issue 20, docs/benchmark-web.md).
///
/// Bounded: past `limit` tiles all are dropped and kept again as pages ask for them (about
/// 2 KB of memory a tile, HTML and tile; the default keeps the tiles of 500 timeline pages,
/// measured 55 MB more resident than without).
final class TileHTML: Sendable {
    static let shared = TileHTML(limit: 30_000)

    let limit: Int
    private let kept = Mutex<[String: Rendered]>([:])

    private struct Rendered {
        let tile: EntryTile
        let html: String
    }

    init(limit: Int) { self.limit = limit }

    func html(for tile: EntryTile) -> String {
        if let rendered = kept.withLock({ $0[tile.id] }), rendered.tile == tile { return rendered.html }
        let html = TemplateLibrary.render(tile)
        kept.withLock { kept in
            if kept.count >= limit && kept[tile.id] == nil { kept.removeAll(keepingCapacity: true) }
            kept[tile.id] = Rendered(tile: tile, html: html)
        }
        return html
    }

    var count: Int { kept.withLock { $0.count } }
}
