import GRDB

/// New entries' search rows written once, after their tags, for a whole transaction.
///
/// FTS5 writes what it holds as a new segment at every statement or savepoint boundary, and
/// whenever a row's rowid is not above the last one written: the triggers that index an entry
/// as it is inserted and rewrite its row for each tag added (and feed the vocabulary, every
/// row at rowid 1, once per tag) would write several segments of each table per photo, each
/// adding merge work that grows with the index's depth, so every photo would cost more the
/// larger the journal.
///
/// A path that inserts new entries marks each in `search_pending` before inserting it: the
/// triggers then leave its index row and vocabulary alone, and `indexPending` writes every
/// marked entry's row from its final columns and tags in one statement, in rowid order, and
/// the vocabulary in one row: one segment of each table per transaction. The marks live only
/// inside the caller's transaction (a rolled-back savepoint takes its mark with it); every
/// other write, and any insert not marked, is indexed by the triggers as it is written.
enum SearchWrites {
    /// Marks the entry about to be inserted as `entryID`: `indexPending`, before the
    /// transaction commits, writes its index row.
    static func markPending(entryID: String, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO search_pending (entry_id) VALUES (?)").execute(arguments: [entryID])
    }

    /// Writes the index rows and vocabulary of every marked entry, and its tile tags
    /// (`TileTagsColumn`), and clears the marks.
    /// An entry deleted meanwhile has no search key, and is left out.
    static func indexPending(_ db: Database) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM search_pending)")) == true else { return }
        // Ascending rowids: FTS5 keeps them all in one pending segment. CROSS JOIN keeps the
        // marks the outer loop: the planner, which has no statistics for them, would rather
        // read search_key (or the whole index) in order, a row for every entry of the journal.
        try db.cachedStatement(sql: Self.indexRowsSQL).execute()
        // Read back from the rows just written (the words are computed once), as one row of
        // the vocabulary: rows at one rowid each write a segment.
        try db.cachedStatement(sql: Self.vocabularySQL).execute()
        try db.cachedStatement(sql: TileTagsColumn.writePendingSQL).execute()
        try db.cachedStatement(sql: "DELETE FROM search_pending").execute()
    }

    static let indexRowsSQL = """
        INSERT INTO entry_search (rowid, text, tags, place, words)
            SELECT k.key, entry.text,
                   coalesce((SELECT group_concat(name, ' ') FROM tag WHERE tag.entry_id = entry.id), ''),
                   \(PlaceColumns.placeWords), \(SearchWords.call("entry"))
            FROM search_pending p CROSS JOIN search_key k ON k.entry_id = p.entry_id CROSS JOIN entry ON entry.id = p.entry_id
            ORDER BY k.key
        """

    static let vocabularySQL = """
        INSERT INTO search_term (rowid, terms)
            SELECT 1, group_concat(s.text || ' ' || s.tags || ' ' || s.place || ' ' || s.words, ' ')
            FROM search_pending p CROSS JOIN search_key k ON k.entry_id = p.entry_id CROSS JOIN entry_search s ON s.rowid = k.key
            HAVING count(*) > 0
        """
}
