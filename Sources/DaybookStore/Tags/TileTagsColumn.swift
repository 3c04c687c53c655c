import GRDB

/// The tags a tile or list line shows, kept on the entry row (`entry.tile_tags`), so that a
/// page of tiles, or the CLI's whole day, reads them with its rows (reading them from the tag
/// table would cost two random seeks per entry).
///
/// The text is the names in `JournalTag.displayOrder`, joined by a space, a user tag's name
/// after a "+": neither can be in a tag name (`JournalTag.normalizedName` allows letters,
/// digits, "-" and "_"; an archive's names are checked the same way). NULL for no tags. It is
/// derived: triggers on `tag` keep it, archives leave it out.
enum TileTagsColumn {
    /// An entry's value from its tag rows, as the triggers of migration v24 write it: a
    /// different order here would need a migration that replaces them. SQLite 3.40's
    /// group_concat takes no ORDER BY; it concatenates in the order its ordered subquery gives
    /// (TileTagsColumnTests checks it).
    static func value(of entryID: String) -> String {
        """
        (SELECT group_concat(shown, ' ') FROM (
            SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
            WHERE entry_id = \(entryID) ORDER BY \(JournalTag.displayOrder)))
        """
    }

    /// Writes the value of every entry marked in `search_pending` (`SearchWrites.indexPending`).
    static let writePendingSQL = """
        UPDATE entry SET tile_tags = \(value(of: "entry.id"))
        WHERE id IN (SELECT entry_id FROM search_pending)
        """

    /// The tags of a value read with an entry's row, in their display order.
    static func tags(_ value: String?) -> [TileAnnotations.Tag] {
        guard let value, !value.isEmpty else { return [] }
        return value.split(separator: " ").map { shown in
            shown.first == "+"
                ? TileAnnotations.Tag(name: String(shown.dropFirst()), isUser: true)
                : TileAnnotations.Tag(name: String(shown), isUser: false)
        }
    }
}
