import GRDB

extension Migrations {
    /// What the library looked like when a repair last read all of it, so a start can skip
    /// the repair when nothing it checks can have changed since (RepairMark): triggers count
    /// up `changes` on a delete and on a thumbnail changed, whichever code path writes.
    static func v22IngestScale(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE repair_mark (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    changes INTEGER NOT NULL DEFAULT 0,
                    clean_folder TEXT,
                    clean_changes INTEGER,
                    clean_max_rowid INTEGER,
                    read_all_at INTEGER
                );
                INSERT INTO repair_mark (id) VALUES (1);
                CREATE TRIGGER repair_mark_delete AFTER DELETE ON entry BEGIN
                    UPDATE repair_mark SET changes = changes + 1;
                END;
                CREATE TRIGGER repair_mark_thumbnail AFTER UPDATE OF thumbnail ON entry
                WHEN old.thumbnail IS NOT new.thumbnail BEGIN
                    UPDATE repair_mark SET changes = changes + 1;
                END;
                """)
    }

    /// New entries' search rows written once per transaction, after their tags (SearchWrites):
    /// a path that inserts new entries marks each in `search_pending` first, and the triggers
    /// then leave its index row and vocabulary alone. It only replaces triggers: the index is
    /// not rebuilt. A marked entry has no index row yet, so the triggers that rewrite one
    /// (tags, text, place, capture time) find none and write nothing.
    static func v23SearchWrites(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE search_pending (entry_id TEXT PRIMARY KEY) WITHOUT ROWID;
                DROP TRIGGER entry_search_insert;
                CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_key (key, entry_id) VALUES (coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) AND (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) + 4194303), (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END)), new.id);
                    INSERT INTO entry_search (rowid, text, tags, place, words)
                        SELECT (SELECT key FROM search_key WHERE entry_id = new.id), new.text, '', trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')),
                               daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code)
                        WHERE NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.id);
                END;
                DROP TRIGGER search_term_entry_insert;
                CREATE TRIGGER search_term_entry_insert AFTER INSERT ON entry WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.id) BEGIN
                    INSERT INTO search_term (rowid, terms) VALUES (1, coalesce(new.text, '') || ' ' || trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')) || ' ' || daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code));
                END;
                DROP TRIGGER search_term_tag_insert;
                CREATE TRIGGER search_term_tag_insert AFTER INSERT ON tag
                WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.entry_id) BEGIN
                    INSERT INTO search_term (rowid, terms) VALUES (1, new.name);
                END;
                """)
    }

    /// The tags a tile shows, kept on the entry row (`tile_tags`): the names in display order
    /// (user tags first, then by score, then by name), joined by a space, a user tag's name
    /// after a "+". SQLite 3.40's group_concat takes no ORDER BY; it concatenates in the
    /// order its ordered subquery gives. An entry marked in `search_pending` is left to the
    /// code that indexes it, once with all its tags. Every entry's value is filled here.
    static func v24TileTags(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE entry ADD COLUMN tile_tags TEXT;
                UPDATE entry SET tile_tags = (SELECT group_concat(shown, ' ') FROM (
                    SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
                    WHERE entry_id = entry.id ORDER BY source DESC, score DESC, name ASC));
                CREATE TRIGGER tile_tags_insert AFTER INSERT ON tag
                WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.entry_id) BEGIN
                    UPDATE entry SET tile_tags = (SELECT group_concat(shown, ' ') FROM (
                    SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
                    WHERE entry_id = new.entry_id ORDER BY source DESC, score DESC, name ASC)) WHERE id = new.entry_id;
                END;
                CREATE TRIGGER tile_tags_update AFTER UPDATE OF entry_id, name, source, score ON tag BEGIN
                    UPDATE entry SET tile_tags = (SELECT group_concat(shown, ' ') FROM (
                    SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
                    WHERE entry_id = old.entry_id ORDER BY source DESC, score DESC, name ASC))
                    WHERE id = old.entry_id AND NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = old.entry_id);
                    UPDATE entry SET tile_tags = (SELECT group_concat(shown, ' ') FROM (
                    SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
                    WHERE entry_id = new.entry_id ORDER BY source DESC, score DESC, name ASC))
                    WHERE id = new.entry_id AND new.entry_id IS NOT old.entry_id
                        AND NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.entry_id);
                END;
                CREATE TRIGGER tile_tags_delete AFTER DELETE ON tag
                WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = old.entry_id) BEGIN
                    UPDATE entry SET tile_tags = (SELECT group_concat(shown, ' ') FROM (
                    SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
                    WHERE entry_id = old.entry_id ORDER BY source DESC, score DESC, name ASC)) WHERE id = old.entry_id;
                END;
                """)
    }
}
