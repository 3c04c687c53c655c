import GRDB

/// Tiles with the tags each shows, read from the tiles' own rows (`TileTagsColumn`): the
/// CLI's long lists, which then read only the weather (`tileAnnotations(for:tags:)`).
package struct TaggedTiles: Sendable {
    package var tiles: [TimelineTile] = []
    /// The tags of the tiles that have any, in their display order.
    package var tags: [String: [TileAnnotations.Tag]] = [:]

    /// The tile's columns as a SELECT lists them, then its tags.
    static let columns = TimelineTile.columns + ", tile_tags"

    /// Appends the tile of a row that selected `columns` (and perhaps more after them).
    mutating func append(_ row: Row) throws {
        let tile = try TimelineTile(row: row)
        tiles.append(tile)
        let shown = TileTagsColumn.tags(row[TimelineTile.columnNames.count])
        if !shown.isEmpty { tags[tile.id] = shown }
    }

    /// The tiles of a request's rows, each selecting `columns`, read through a cursor.
    static func fetch(_ request: some FetchRequest, _ db: Database) throws -> TaggedTiles {
        var tagged = TaggedTiles()
        let rows = try Row.fetchCursor(db, request)
        while let row = try rows.next() { try tagged.append(row) }
        return tagged
    }
}
