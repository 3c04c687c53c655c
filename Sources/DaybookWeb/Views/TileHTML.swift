import Synchronization

/// Each tile's HTML, rendered once from tile.mustache and kept, keyed by the tile itself: every
/// value it shows (text, tags, weather, place, links), so a changed entry is a new key and
/// nothing needs telling. A kept tile costs a hash of its values. Since tiles render through
/// `TypedTemplate` that is worth less: in one measured run a page of new tiles was 15 % cheaper
/// without keeping, a page of kept tiles 38 % dearer (docs/benchmark-web.md, "Left to do").
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
