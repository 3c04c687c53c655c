import GRDB

/// Each registered migration as the SQL it ran when it was added, written out: what a
/// migration does to a user's library must not follow later changes to the types the
/// application uses. Most statements were made by GRDB's table builders; they are kept as
/// those builders wrote them, since SQLite keeps a table's or trigger's text as it was given.
enum Migrations {
    /// The journal: entries, their tags (filled by the tagger and by the user, created now so
    /// the first schema already has the journal's shape) and their weather.
    static func v1Entries(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE "entry" ("id" TEXT PRIMARY KEY NOT NULL, "content_hash" TEXT NOT NULL UNIQUE, "source_path" TEXT NOT NULL, "file_size" INTEGER NOT NULL, "captured_local" TEXT, "capture_subsec" TEXT, "capture_source" TEXT, "utc_offset_seconds" INTEGER, "offset_source" TEXT, "captured_utc" INTEGER, "latitude" DOUBLE, "longitude" DOUBLE, "altitude" DOUBLE, "camera_make" TEXT, "camera_model" TEXT, "pixel_width" INTEGER, "pixel_height" INTEGER, "orientation" INTEGER NOT NULL DEFAULT 1, "thumbnail" TEXT, "thumbnail_width" INTEGER, "thumbnail_height" INTEGER, "problems" TEXT, "text" TEXT NOT NULL DEFAULT '', "weather_status" TEXT NOT NULL DEFAULT 'pending', "created_at" TEXT NOT NULL, "updated_at" TEXT NOT NULL);
                CREATE INDEX "entry_captured_local" ON "entry"("captured_local");
                CREATE INDEX "entry_place" ON "entry"("latitude", "longitude");
                CREATE INDEX "entry_weather_status" ON "entry"("weather_status");
                CREATE TABLE "tag" ("entry_id" TEXT NOT NULL REFERENCES "entry"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "source" TEXT NOT NULL CHECK ("source" IN ('auto', 'user')), "score" DOUBLE, "tagger_version" INTEGER, PRIMARY KEY ("entry_id", "name"));
                CREATE INDEX "tag_name" ON "tag"("name");
                CREATE TABLE "weather" ("entry_id" TEXT PRIMARY KEY REFERENCES "entry"("id") ON DELETE CASCADE, "provider" TEXT NOT NULL, "observed_at" TEXT, "temperature_c" DOUBLE, "apparent_temperature_c" DOUBLE, "precipitation_mm" DOUBLE, "cloud_cover_percent" DOUBLE, "wind_speed_kmh" DOUBLE, "weather_code" INTEGER, "weather_text" TEXT, "grid_latitude" DOUBLE, "grid_longitude" DOUBLE, "fetched_at" TEXT NOT NULL);
                """)
    }

    /// An auto tag the user removed: the tagger must never add it back to that entry.
    static func v2TagRemovals(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE "tag_removal" ("entry_id" TEXT NOT NULL REFERENCES "entry"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "removed_at" TEXT NOT NULL, PRIMARY KEY ("entry_id", "name"));
                """)
    }

    /// - `entry.weather_error`: why an entry has no weather when the provider refused it for
    ///   good (HTTP 400).
    /// - `weather.time_zone`, `place_utc_offset_seconds`: the place's zone as the provider
    ///   reported it (timezone=auto).
    /// - `weather_cache`: provider answers per place cell and local date, so many photos from
    ///   one place and day cost one request, across runs.
    static func v3Weather(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "entry" ADD COLUMN "weather_error" TEXT;
                ALTER TABLE "weather" ADD COLUMN "time_zone" TEXT;
                ALTER TABLE "weather" ADD COLUMN "place_utc_offset_seconds" INTEGER;
                CREATE TABLE "weather_cache" ("provider" TEXT NOT NULL, "cell" TEXT NOT NULL, "date" TEXT NOT NULL, "series" BLOB NOT NULL, "fetched_at" TEXT NOT NULL, PRIMARY KEY ("provider", "cell", "date"));
                CREATE TABLE "setting" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL);
                """)
    }

    /// The full-text index over an entry's words and tags (FTS5, unicode61 with
    /// remove_diacritics 2: "café" matches "cafe", case-insensitively). Each entry's search
    /// row is found by an integer key (`search_key`, AUTOINCREMENT so keys are never reused
    /// and survive VACUUM) used as the FTS rowid: an FTS5 column cannot be indexed, and
    /// finding rows by entry id would scan the whole index on every tag written. Triggers keep
    /// it in step with every write. "On this day" looks up month-day across years.
    static func v4Journal(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE search_key (
                    key INTEGER PRIMARY KEY AUTOINCREMENT,
                    entry_id TEXT NOT NULL UNIQUE);
                CREATE VIRTUAL TABLE entry_search USING fts5(
                    text, tags, tokenize = 'unicode61 remove_diacritics 2');
                CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_key (entry_id) VALUES (new.id);
                    INSERT INTO entry_search (rowid, text, tags)
                        VALUES ((SELECT key FROM search_key WHERE entry_id = new.id), new.text, '');
                END;
                CREATE TRIGGER entry_search_text AFTER UPDATE OF text ON entry BEGIN
                    UPDATE entry_search SET text = new.text
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
                END;
                CREATE TRIGGER entry_search_delete AFTER DELETE ON entry BEGIN
                    DELETE FROM entry_search WHERE rowid = (SELECT key FROM search_key WHERE entry_id = old.id);
                    DELETE FROM search_key WHERE entry_id = old.id;
                END;
                CREATE TRIGGER entry_search_tag_insert AFTER INSERT ON tag BEGIN
                    UPDATE entry_search SET tags = (SELECT group_concat(name, ' ') FROM tag WHERE entry_id = new.entry_id)
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.entry_id);
                END;
                CREATE TRIGGER entry_search_tag_update AFTER UPDATE ON tag BEGIN
                    UPDATE entry_search SET tags = (SELECT group_concat(name, ' ') FROM tag WHERE entry_id = new.entry_id)
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.entry_id);
                END;
                CREATE TRIGGER entry_search_tag_delete AFTER DELETE ON tag BEGIN
                    UPDATE entry_search SET tags = coalesce((SELECT group_concat(name, ' ') FROM tag WHERE entry_id = old.entry_id), '')
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = old.entry_id);
                END;
                INSERT INTO search_key (entry_id) SELECT id FROM entry ORDER BY created_at, id;
                INSERT INTO entry_search (rowid, text, tags)
                    SELECT search_key.key, entry.text,
                           coalesce((SELECT group_concat(name, ' ') FROM tag WHERE tag.entry_id = entry.id), '')
                    FROM entry JOIN search_key ON search_key.entry_id = entry.id;
                CREATE INDEX "entry_month_day" ON "entry"(substr(captured_local, 6, 5));
                CREATE INDEX "entry_created_at" ON "entry"("created_at");
                """)
    }
}
