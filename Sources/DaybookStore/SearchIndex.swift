import GRDB

/// The full-text index over an entry's words and tags (SQLite FTS5). Triggers keep it in step
/// with every write, whichever code path makes it, so it can never drift from the journal.
enum SearchIndex {
    static func create(_ db: Database) throws {
        // unicode61 with remove_diacritics 2: "café" matches "cafe", case-insensitively.
        try db.execute(sql: """
            CREATE VIRTUAL TABLE entry_search USING fts5(
                entry_id UNINDEXED, text, tags, tokenize = 'unicode61 remove_diacritics 2');

            CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                INSERT INTO entry_search (entry_id, text, tags) VALUES (new.id, new.text, '');
            END;
            CREATE TRIGGER entry_search_text AFTER UPDATE OF text ON entry BEGIN
                UPDATE entry_search SET text = new.text WHERE entry_id = new.id;
            END;
            CREATE TRIGGER entry_search_delete AFTER DELETE ON entry BEGIN
                DELETE FROM entry_search WHERE entry_id = old.id;
            END;
            CREATE TRIGGER entry_search_tag_insert AFTER INSERT ON tag BEGIN
                UPDATE entry_search SET tags = (SELECT group_concat(name, ' ') FROM tag WHERE entry_id = new.entry_id)
                WHERE entry_id = new.entry_id;
            END;
            CREATE TRIGGER entry_search_tag_update AFTER UPDATE ON tag BEGIN
                UPDATE entry_search SET tags = (SELECT group_concat(name, ' ') FROM tag WHERE entry_id = new.entry_id)
                WHERE entry_id = new.entry_id;
            END;
            CREATE TRIGGER entry_search_tag_delete AFTER DELETE ON tag BEGIN
                UPDATE entry_search SET tags = coalesce((SELECT group_concat(name, ' ') FROM tag WHERE entry_id = old.entry_id), '')
                WHERE entry_id = old.entry_id;
            END;

            INSERT INTO entry_search (entry_id, text, tags)
                SELECT id, text, coalesce((SELECT group_concat(name, ' ') FROM tag WHERE entry_id = entry.id), '') FROM entry;
            """)
    }

    /// Turns what a user typed into an FTS5 query: every word must match, each as a prefix
    /// ("beac" finds "beach"). Quoting each word keeps FTS5 syntax characters literal.
    static func matchExpression(for text: String) -> String? {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map { String($0) }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
