import GRDB

extension Migrations {
    /// The index's `words` column: the camera, the file's base name and the place's other
    /// names, computed by the SQL function `daybook_search_words`, which the store registers
    /// on every connection. The triggers call it by name, and so does the fill of existing
    /// entries here: the words of an old entry are the ones its triggers would write.
    ///
    /// An FTS5 table cannot gain a column, so the index is made again with `words` beside
    /// `text`, `tags` and `place` (same tokenizer, same integer keys), as v7 did for `place`.
    static func v10SearchWords(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER entry_search_insert;
                DROP TABLE entry_search;
                CREATE VIRTUAL TABLE entry_search USING fts5(
                    text, tags, place, words, tokenize = 'unicode61 remove_diacritics 2');
                CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_key (entry_id) VALUES (new.id);
                    INSERT INTO entry_search (rowid, text, tags, place, words)
                        VALUES ((SELECT key FROM search_key WHERE entry_id = new.id), new.text, '', trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')),
                                daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code));
                END;
                CREATE TRIGGER entry_search_words AFTER UPDATE OF camera_make, camera_model, source_path,
                        place_name, place_region, place_country, place_country_code ON entry BEGIN
                    UPDATE entry_search SET words = daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code)
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
                END;
                INSERT INTO entry_search (rowid, text, tags, place, words)
                    SELECT search_key.key, entry.text,
                           coalesce((SELECT group_concat(name, ' ') FROM tag WHERE tag.entry_id = entry.id), ''),
                           trim(coalesce(entry.place_name, '') || ' ' || coalesce(entry.place_region, '') || ' ' || coalesce(entry.place_country, '')), daybook_search_words(entry.camera_make, entry.camera_model, entry.source_path, entry.place_name, entry.place_region, entry.place_country, entry.place_country_code)
                    FROM entry JOIN search_key ON search_key.entry_id = entry.id;
                """)
    }

    /// An entry's other files: one row per file, the RAW of one entry. A file is part of one
    /// entry at most (its path is unique): the pairing moves it, never copies it.
    static func v11EntryFiles(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE "entry_file" ("entry_id" TEXT NOT NULL REFERENCES "entry"("id") ON DELETE CASCADE, "role" TEXT NOT NULL, "path" TEXT NOT NULL UNIQUE, "content_hash" TEXT NOT NULL, "file_size" INTEGER NOT NULL, PRIMARY KEY ("entry_id", "role", "path"));
                CREATE INDEX "entry_file_hash" ON "entry_file"("content_hash");
                """)
    }

    /// What the entry shows (every entry before this was a photo), and a video's length.
    static func v12Media(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "entry" ADD COLUMN "media_kind" TEXT NOT NULL DEFAULT 'photo';
                ALTER TABLE "entry" ADD COLUMN "duration_seconds" DOUBLE;
                """)
    }

    /// Where a motion photo's video lies inside the photo's own file.
    static func v13Motion(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "entry" ADD COLUMN "motion_offset" INTEGER;
                ALTER TABLE "entry" ADD COLUMN "motion_length" INTEGER;
                """)
    }

    /// What stacks and duplicates need on each entry (docs/stacks.md):
    /// - `perceptual_hash`: the thumbnail's hash bits (signed); NULL: no thumbnail, or stored
    ///   before stacks (`daybook stack rebuild` fills it in).
    /// - `burst_id`: Apple's burst identifier, when a reader provides one: it decides outright.
    /// - `stack_id`: the stack the entry belongs to (NULL: alone), internal; the user meets a
    ///   stack through its cover.
    /// - `is_cover`: the one entry of its stack the timeline shows; an entry alone is its own.
    /// - `stack_cover_picked`: the user chose this cover: a frame arriving later does not take
    ///   its place.
    /// - `stack_split`: the user split this entry's stack: it never joins one by itself again.
    ///
    /// The indexes are partial: only stacked entries, looked up by their stack or burst. A
    /// deleted cover hands the timeline to the stack's earliest frame, and a stack left with
    /// one frame is no stack: whoever deletes (CLI, web, import), the stack stays whole.
    static func v14Stacks(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "entry" ADD COLUMN "perceptual_hash" INTEGER;
                ALTER TABLE "entry" ADD COLUMN "burst_id" TEXT;
                ALTER TABLE "entry" ADD COLUMN "stack_id" TEXT;
                ALTER TABLE "entry" ADD COLUMN "is_cover" BOOLEAN NOT NULL DEFAULT 1;
                ALTER TABLE "entry" ADD COLUMN "stack_cover_picked" BOOLEAN NOT NULL DEFAULT 0;
                ALTER TABLE "entry" ADD COLUMN "stack_split" BOOLEAN NOT NULL DEFAULT 0;
                CREATE INDEX "entry_stack" ON "entry"("stack_id") WHERE "stack_id" IS NOT NULL;
                CREATE INDEX "entry_burst" ON "entry"("burst_id") WHERE "burst_id" IS NOT NULL;
                CREATE TRIGGER entry_stack_after_delete AFTER DELETE ON entry WHEN OLD.stack_id IS NOT NULL
                BEGIN
                    UPDATE entry SET stack_id = NULL, is_cover = 1, stack_cover_picked = 0
                        WHERE stack_id = OLD.stack_id AND (SELECT count(*) FROM entry WHERE stack_id = OLD.stack_id) = 1;
                    UPDATE entry SET is_cover = 1 WHERE OLD.is_cover AND id = (
                        SELECT id FROM entry WHERE stack_id = OLD.stack_id
                        ORDER BY captured_local IS NULL, captured_local, capture_subsec, id LIMIT 1);
                END;
                """)
    }
}
