import GRDB

extension Migrations {
    /// Pairing a RAW or a Live Photo's movie looks its photo up by path, once per file.
    static func v18SourcePath(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX "entry_source_path" ON "entry"("source_path");
                """)
    }

    /// Each tag's number of entries, auto and user, kept in step with the tag table by
    /// triggers, which fire for every path that writes a tag (inserts, upserts, edits, the
    /// tagger, imports, an entry's delete cascading), inside its transaction, so the counts
    /// cannot drift. `OR REPLACE` is never used on `tag`: its hidden delete would not fire them.
    static func v19TagCounts(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE tag_count (
                    name TEXT PRIMARY KEY,
                    auto INTEGER NOT NULL DEFAULT 0,
                    user INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID;
                INSERT INTO tag_count (name, auto, user)
                    SELECT name, sum(source = 'auto'), sum(source = 'user') FROM tag GROUP BY name;
                CREATE TRIGGER tag_count_insert AFTER INSERT ON tag BEGIN
                    INSERT INTO tag_count (name, auto, user) VALUES (new.name, new.source = 'auto', new.source = 'user')
                    ON CONFLICT (name) DO UPDATE SET auto = auto + excluded.auto, user = user + excluded.user;
                END;
                CREATE TRIGGER tag_count_delete AFTER DELETE ON tag BEGIN
                    UPDATE tag_count SET auto = auto - (old.source = 'auto'), user = user - (old.source = 'user')
                    WHERE name = old.name;
                DELETE FROM tag_count WHERE name = old.name AND auto = 0 AND user = 0;
                END;
                CREATE TRIGGER tag_count_update AFTER UPDATE OF name, source ON tag BEGIN
                    UPDATE tag_count SET auto = auto - (old.source = 'auto'), user = user - (old.source = 'user')
                    WHERE name = old.name;
                DELETE FROM tag_count WHERE name = old.name AND auto = 0 AND user = 0;
                    INSERT INTO tag_count (name, auto, user) VALUES (new.name, new.source = 'auto', new.source = 'user')
                    ON CONFLICT (name) DO UPDATE SET auto = auto + excluded.auto, user = user + excluded.user;
                END;
                """)
    }

    /// The full-text index's vocabulary, so that a typed word of 4 characters or more is
    /// searched as the OR of the exact terms it begins instead of as a prefix. A contentless
    /// FTS5 table fed the same words by the same tokenizer, every row under rowid 1, read
    /// through `fts5vocab`: each term's list is one row long. Triggers feed it every word
    /// written; nothing is taken out, so it may hold terms the index no longer has, which
    /// match nothing. Filled here with every term of the index.
    static func v20SearchTerms(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE search_term USING fts5(
                    terms, content = '', detail = none, tokenize = 'unicode61 remove_diacritics 2');
                CREATE VIRTUAL TABLE search_term_vocab USING fts5vocab(search_term, row);
                CREATE TRIGGER search_term_entry_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_term (rowid, terms) VALUES (1, coalesce(new.text, '') || ' ' || trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')) || ' ' || daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code));
                END;
                CREATE TRIGGER search_term_text AFTER UPDATE OF text ON entry BEGIN
                    INSERT INTO search_term (rowid, terms) VALUES (1, coalesce(new.text, ''));
                END;
                CREATE TRIGGER search_term_words AFTER UPDATE OF camera_make, camera_model, source_path,
                        place_name, place_region, place_country, place_country_code ON entry BEGIN
                    INSERT INTO search_term (rowid, terms)
                        VALUES (1, trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')) || ' ' || daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code));
                END;
                CREATE TRIGGER search_term_tag_insert AFTER INSERT ON tag BEGIN
                    INSERT INTO search_term (rowid, terms) VALUES (1, new.name);
                END;
                CREATE TRIGGER search_term_tag_update AFTER UPDATE ON tag BEGIN
                    INSERT INTO search_term (rowid, terms) VALUES (1, new.name);
                END;
                CREATE VIRTUAL TABLE temp.search_term_fill USING fts5vocab(main, entry_search, row);
                INSERT INTO search_term (rowid, terms) SELECT 1, term FROM temp.search_term_fill;
                DROP TABLE temp.search_term_fill;
                """)
    }

    /// `latest` (newest added first, ties by id) from an index in exactly its order: a bulk
    /// ingest gives thousands of entries one `created_at`, which the old index left to a
    /// sort. The old index is a prefix of this one, so it goes.
    static func v21LatestOrder(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX entry_latest ON entry(created_at DESC, id);
                DROP INDEX "entry_created_at";
                """)
    }
}
