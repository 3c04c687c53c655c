import GRDB

extension Migrations {
    /// "Near" through an R*Tree: one point per entry with a position, keyed by the entry's
    /// rowid, the exact position in two auxiliary columns (the tree keeps 32-bit boxes), kept
    /// in step by triggers. And "on this day" from an index in the timeline's order, whose
    /// first column is v4's month-day index, which goes.
    static func v15NearIndex(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE entry_near USING rtree(
                    id, min_latitude, max_latitude, min_longitude, max_longitude, +latitude, +longitude);
                CREATE TRIGGER entry_near_insert AFTER INSERT ON entry
                WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL BEGIN
                    INSERT OR REPLACE INTO entry_near
                        VALUES (new.rowid, new.latitude, new.latitude, new.longitude, new.longitude, new.latitude, new.longitude);
                END;
                CREATE TRIGGER entry_near_move AFTER UPDATE OF latitude, longitude ON entry
                WHEN old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude BEGIN
                    DELETE FROM entry_near WHERE id = old.rowid;
                    INSERT INTO entry_near
                        SELECT new.rowid, new.latitude, new.latitude, new.longitude, new.longitude, new.latitude, new.longitude
                        WHERE new.latitude IS NOT NULL AND new.longitude IS NOT NULL;
                END;
                CREATE TRIGGER entry_near_delete AFTER DELETE ON entry BEGIN
                    DELETE FROM entry_near WHERE id = old.rowid;
                END;
                """)
        // The R*Tree has no bulk load: each row is an insert, and its nodes are rewritten again
        // and again meanwhile: with SQLite's default cache they spill to the journal file, so
        // the fill gets 64 MB.
        do {
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
            try db.execute(sql: "PRAGMA cache_size = -65536")
            defer { try? db.execute(sql: "PRAGMA cache_size = " + String(cacheSize)) }
            try db.execute(
                sql: """
                    INSERT INTO entry_near
                        SELECT rowid, latitude, latitude, longitude, longitude, latitude, longitude
                        FROM entry WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
                    """)
        }
        try db.execute(
            sql: """
                DROP INDEX IF EXISTS entry_month_day;
                CREATE INDEX entry_on_this_day ON entry (
                    substr(captured_local, 6, 5), captured_local DESC, created_at DESC, id);
                """)
    }

    /// The full-text index's rowids (the entries' search keys) follow the timeline: an
    /// entry's key is its capture second (local time read as UTC, from year 0), shifted left
    /// by 22 bits, plus a count among the entries of that second; undated entries' keys lie
    /// below 2⁴⁰, under every dated one. FTS5 then answers "the newest k matches" by reading
    /// its lists backwards and stopping early. Text SQLite cannot read as a time counts as
    /// undated. In the SQL: 62167219200 is the seconds from 0000-01-01 to 1970-01-01,
    /// 4194304 is 2²² (keys per second), 1099511627776 is 2⁴⁰ (the first dated key).
    ///
    /// Every entry gets its key, the index is made again under those rowids from its own
    /// columns (no word is computed again), and the triggers give new entries the next free
    /// key of their second and move an entry whose capture time changes. Within a second the
    /// keys follow the timeline's tie order. Prefixes of 2 and 3 characters (what a user has
    /// typed so far) get lists of their own: FTS5 builds a prefix's whole list before walking it.
    static func v16SearchOrder(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TEMP TABLE search_order_copy AS
                    SELECT (CASE WHEN entry.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', entry.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END)
                               + row_number() OVER (PARTITION BY (CASE WHEN entry.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', entry.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END)
                                                    ORDER BY entry.created_at, entry.id DESC) - 1 AS key,
                           entry.id AS entry_id, s.text, s.tags, s.place, s.words
                    FROM entry_search s JOIN search_key k ON k.key = s.rowid JOIN entry ON entry.id = k.entry_id;
                DROP TABLE entry_search;
                DROP TABLE search_key;
                CREATE TABLE search_key (key INTEGER PRIMARY KEY, entry_id TEXT NOT NULL UNIQUE);
                CREATE VIRTUAL TABLE entry_search USING fts5(
                    text, tags, place, words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
                INSERT INTO search_key (key, entry_id) SELECT key, entry_id FROM temp.search_order_copy ORDER BY key;
                INSERT INTO entry_search (rowid, text, tags, place, words)
                    SELECT key, text, tags, place, words FROM temp.search_order_copy ORDER BY key;
                DROP TABLE temp.search_order_copy;
                DROP TRIGGER entry_search_insert;
                CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_key (key, entry_id) VALUES (coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) AND (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) + 4194303), (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END)), new.id);
                    INSERT INTO entry_search (rowid, text, tags, place, words)
                        VALUES ((SELECT key FROM search_key WHERE entry_id = new.id), new.text, '', trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')),
                                daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code));
                END;
                CREATE TRIGGER entry_search_order AFTER UPDATE OF captured_local ON entry
                WHEN (CASE WHEN old.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', old.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) IS NOT (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) BEGIN
                    UPDATE entry_search SET rowid = coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) AND (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) + 4194303), (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END))
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
                    UPDATE search_key SET key = coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) AND (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) + 4194303), (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END)) WHERE entry_id = new.id;
                END;
                """)
    }
}
