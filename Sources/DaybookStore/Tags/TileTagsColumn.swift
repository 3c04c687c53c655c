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
    /// Migration v24-tile-tags: the column, every entry's value, and the triggers.
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE entry ADD COLUMN tile_tags TEXT;
                UPDATE entry SET tile_tags = \(value(of: "entry.id"));
                \(triggersSQL)
                """)
    }

    /// An entry's value from its tag rows. SQLite 3.40's group_concat takes no ORDER BY; it
    /// concatenates in the order its ordered subquery gives (TileTagsColumnTests checks it).
    static func value(of entryID: String) -> String {
        """
        (SELECT group_concat(shown, ' ') FROM (
            SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
            WHERE entry_id = \(entryID) ORDER BY \(JournalTag.displayOrder)))
        """
    }

    /// An entry marked in `search_pending` (a new entry inside a save group, a batch or an
    /// import) is left to `writePending`, once with all its tags, as its search row is.
    /// An entry's delete removes its tags too; their triggers then update no row.
    private static let triggersSQL = """
        CREATE TRIGGER tile_tags_insert AFTER INSERT ON tag
        WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.entry_id) BEGIN
            UPDATE entry SET tile_tags = \(value(of: "new.entry_id")) WHERE id = new.entry_id;
        END;
        CREATE TRIGGER tile_tags_update AFTER UPDATE OF entry_id, name, source, score ON tag BEGIN
            UPDATE entry SET tile_tags = \(value(of: "old.entry_id"))
            WHERE id = old.entry_id AND NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = old.entry_id);
            UPDATE entry SET tile_tags = \(value(of: "new.entry_id"))
            WHERE id = new.entry_id AND new.entry_id IS NOT old.entry_id
                AND NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.entry_id);
        END;
        CREATE TRIGGER tile_tags_delete AFTER DELETE ON tag
        WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = old.entry_id) BEGIN
            UPDATE entry SET tile_tags = \(value(of: "old.entry_id")) WHERE id = old.entry_id;
        END;
        """

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
