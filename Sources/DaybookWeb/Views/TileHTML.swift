import Synchronization

/// Each tile's HTML, rendered once from tile.mustache and kept, keyed by the tile itself: every
/// value it shows (text, tags, weather, place, links), so a changed entry is a new key and
/// nothing needs telling. swift-mustache finds each of a tile's twenty-odd names through
/// dynamic casts, most of a timeline page's CPU (docs/benchmark-web.md); a kept tile costs a
/// hash of its values.
///
/// Bounded: past `limit` tiles all are dropped and kept again as pages ask for them (about
/// 2 KB of memory a tile, HTML and key; the default keeps the tiles of 500 timeline pages,
/// measured 55 MB more resident than without).
final class TileHTML: Sendable {
    static let shared = TileHTML(limit: 30_000)

    let limit: Int
    private let kept = Mutex<[EntryTile: String]>([:])

    init(limit: Int) { self.limit = limit }

    func html(for tile: EntryTile) -> String {
        if let html = kept.withLock({ $0[tile] }) { return html }
        let html = TemplateLibrary.render(tile)
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll(keepingCapacity: true) }
            kept[tile] = html
        }
        return html
    }

    var count: Int { kept.withLock { $0.count } }
}
