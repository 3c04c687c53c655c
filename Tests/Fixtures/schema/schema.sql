-- migrations: v1-entries v2-tag-removals v3-weather v4-journal v5-truncated-source v6-metadata-sources v7-places v8-ingest-roots v10-search-words v11-entry-files v12-media v13-motion v14-stacks v15-near-index v16-search-order v17-map-cells v18-source-path v19-tag-counts v20-search-terms v21-latest-order v22-ingest-scale v23-search-writes v24-tile-tags v25-new-entry-keys v26-deleted-entries v27-problem-files v28-refinement
-- user_version: 0

-- index deleted_entry_content_hash on deleted_entry
CREATE INDEX deleted_entry_content_hash ON deleted_entry (content_hash);

-- index entry_burst on entry
CREATE INDEX "entry_burst" ON "entry"("burst_id") WHERE "burst_id" IS NOT NULL;

-- index entry_captured_local on entry
CREATE INDEX "entry_captured_local" ON "entry"("captured_local");

-- index entry_file_hash on entry_file
CREATE INDEX "entry_file_hash" ON "entry_file"("content_hash");

-- index entry_latest on entry
CREATE INDEX entry_latest ON entry(created_at DESC, id);

-- index entry_on_this_day on entry
CREATE INDEX entry_on_this_day ON entry (
    substr(captured_local, 6, 5), captured_local DESC, created_at DESC, id);

-- index entry_place on entry
CREATE INDEX "entry_place" ON "entry"("latitude", "longitude");

-- index entry_place_name on entry
CREATE INDEX "entry_place_name" ON "entry"("place_country", "place_region", "place_name");

-- index entry_source_path on entry
CREATE INDEX "entry_source_path" ON "entry"("source_path");

-- index entry_stack on entry
CREATE INDEX "entry_stack" ON "entry"("stack_id") WHERE "stack_id" IS NOT NULL;

-- index entry_truncated_source on entry
CREATE INDEX "entry_truncated_source" ON "entry"("source_path") WHERE "source_truncated" = 1;

-- index entry_weather_status on entry
CREATE INDEX "entry_weather_status" ON "entry"("weather_status");

-- index problem_file_content_hash on problem_file
CREATE INDEX problem_file_content_hash ON problem_file (content_hash);

-- index refinement_content_hash on refinement
CREATE INDEX refinement_content_hash ON refinement (content_hash);

-- index sqlite_autoindex_entry_1 on entry
-- (made by SQLite)

-- index sqlite_autoindex_entry_2 on entry
-- (made by SQLite)

-- index sqlite_autoindex_entry_file_1 on entry_file
-- (made by SQLite)

-- index sqlite_autoindex_entry_file_2 on entry_file
-- (made by SQLite)

-- index sqlite_autoindex_grdb_migrations_1 on grdb_migrations
-- (made by SQLite)

-- index sqlite_autoindex_ingest_root_1 on ingest_root
-- (made by SQLite)

-- index sqlite_autoindex_refinement_1 on refinement
-- (made by SQLite)

-- index sqlite_autoindex_search_key_1 on search_key
-- (made by SQLite)

-- index sqlite_autoindex_setting_1 on setting
-- (made by SQLite)

-- index sqlite_autoindex_tag_1 on tag
-- (made by SQLite)

-- index sqlite_autoindex_tag_removal_1 on tag_removal
-- (made by SQLite)

-- index sqlite_autoindex_weather_1 on weather
-- (made by SQLite)

-- index sqlite_autoindex_weather_cache_1 on weather_cache
-- (made by SQLite)

-- index tag_name on tag
CREATE INDEX "tag_name" ON "tag"("name");

-- table deleted_entry on deleted_entry
CREATE TABLE deleted_entry (
    id TEXT PRIMARY KEY NOT NULL,
    content_hash TEXT NOT NULL,
    media_kind TEXT NOT NULL,
    source_path TEXT NOT NULL,
    journal_path TEXT,
    captured_local TEXT,
    title TEXT NOT NULL,
    deleted_at TEXT NOT NULL,
    has_words INTEGER NOT NULL
) WITHOUT ROWID;

-- table entry on entry
CREATE TABLE "entry" ("id" TEXT PRIMARY KEY NOT NULL, "content_hash" TEXT NOT NULL UNIQUE, "source_path" TEXT NOT NULL, "file_size" INTEGER NOT NULL, "captured_local" TEXT, "capture_subsec" TEXT, "capture_source" TEXT, "utc_offset_seconds" INTEGER, "offset_source" TEXT, "captured_utc" INTEGER, "latitude" DOUBLE, "longitude" DOUBLE, "altitude" DOUBLE, "camera_make" TEXT, "camera_model" TEXT, "pixel_width" INTEGER, "pixel_height" INTEGER, "orientation" INTEGER NOT NULL DEFAULT 1, "thumbnail" TEXT, "thumbnail_width" INTEGER, "thumbnail_height" INTEGER, "problems" TEXT, "text" TEXT NOT NULL DEFAULT '', "weather_status" TEXT NOT NULL DEFAULT 'pending', "created_at" TEXT NOT NULL, "updated_at" TEXT NOT NULL, "weather_error" TEXT, "source_truncated" BOOLEAN NOT NULL DEFAULT 0, "location_source" TEXT, "sidecar_hash" TEXT, "sidecar_first" BOOLEAN NOT NULL DEFAULT 0, "place_name" TEXT, "place_region" TEXT, "place_country" TEXT, "place_country_code" TEXT, "place_distance_km" DOUBLE, "place_time_zone" TEXT, "place_version" TEXT, "time_zone_note" TEXT, "media_kind" TEXT NOT NULL DEFAULT 'photo', "duration_seconds" DOUBLE, "motion_offset" INTEGER, "motion_length" INTEGER, "perceptual_hash" INTEGER, "burst_id" TEXT, "stack_id" TEXT, "is_cover" BOOLEAN NOT NULL DEFAULT 1, "stack_cover_picked" BOOLEAN NOT NULL DEFAULT 0, "stack_split" BOOLEAN NOT NULL DEFAULT 0, tile_tags TEXT);

-- table entry_file on entry_file
CREATE TABLE "entry_file" ("entry_id" TEXT NOT NULL REFERENCES "entry"("id") ON DELETE CASCADE, "role" TEXT NOT NULL, "path" TEXT NOT NULL UNIQUE, "content_hash" TEXT NOT NULL, "file_size" INTEGER NOT NULL, PRIMARY KEY ("entry_id", "role", "path"));

-- table entry_near on entry_near
CREATE VIRTUAL TABLE entry_near USING rtree(
    id, min_latitude, max_latitude, min_longitude, max_longitude, +latitude, +longitude);

-- table entry_near_node on entry_near_node
CREATE TABLE "entry_near_node"(nodeno INTEGER PRIMARY KEY,data);

-- table entry_near_parent on entry_near_parent
CREATE TABLE "entry_near_parent"(nodeno INTEGER PRIMARY KEY,parentnode);

-- table entry_near_rowid on entry_near_rowid
CREATE TABLE "entry_near_rowid"(rowid INTEGER PRIMARY KEY,nodeno,a0,a1);

-- table entry_search on entry_search
CREATE VIRTUAL TABLE entry_search USING fts5(
    text, tags, place, words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');

-- table entry_search_config on entry_search_config
CREATE TABLE 'entry_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table entry_search_content on entry_search_content
CREATE TABLE 'entry_search_content'(id INTEGER PRIMARY KEY, c0, c1, c2, c3);

-- table entry_search_data on entry_search_data
CREATE TABLE 'entry_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table entry_search_docsize on entry_search_docsize
CREATE TABLE 'entry_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table entry_search_idx on entry_search_idx
CREATE TABLE 'entry_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table grdb_migrations on grdb_migrations
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);

-- table ingest_root on ingest_root
CREATE TABLE "ingest_root" ("path" TEXT PRIMARY KEY NOT NULL, "added_at" TEXT NOT NULL);

-- table map_cell on map_cell
CREATE TABLE map_cell (
    level INTEGER NOT NULL, y INTEGER NOT NULL, x INTEGER NOT NULL,
    count INTEGER NOT NULL, latitude_sum REAL NOT NULL, longitude_sum REAL NOT NULL,
    PRIMARY KEY (level, y, x)
) WITHOUT ROWID;

-- table new_entry_key on new_entry_key
CREATE TABLE new_entry_key (
    key TEXT PRIMARY KEY NOT NULL,
    entry_id TEXT NOT NULL,
    created_at TEXT NOT NULL
) WITHOUT ROWID;

-- table problem_file on problem_file
CREATE TABLE problem_file (
    path TEXT PRIMARY KEY NOT NULL,
    file_size INTEGER NOT NULL,
    modified_ns INTEGER NOT NULL,
    content_hash TEXT,
    code TEXT NOT NULL,
    reason TEXT NOT NULL,
    entry_id TEXT,
    judged_at TEXT NOT NULL
) WITHOUT ROWID;

-- table refinement on refinement
CREATE TABLE refinement (
    seq INTEGER PRIMARY KEY,
    entry_id TEXT NOT NULL UNIQUE REFERENCES entry(id) ON DELETE CASCADE,
    content_hash TEXT NOT NULL,
    thumbnail_side INTEGER NOT NULL,
    queued_at TEXT NOT NULL,
    refined_at TEXT,
    stalled_path TEXT,
    stalled_reason TEXT
);

-- table repair_mark on repair_mark
CREATE TABLE repair_mark (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    changes INTEGER NOT NULL DEFAULT 0,
    clean_folder TEXT,
    clean_changes INTEGER,
    clean_max_rowid INTEGER,
    read_all_at INTEGER
);

-- table search_key on search_key
CREATE TABLE search_key (key INTEGER PRIMARY KEY, entry_id TEXT NOT NULL UNIQUE);

-- table search_pending on search_pending
CREATE TABLE search_pending (entry_id TEXT PRIMARY KEY) WITHOUT ROWID;

-- table search_term on search_term
CREATE VIRTUAL TABLE search_term USING fts5(
    terms, content = '', detail = none, tokenize = 'unicode61 remove_diacritics 2');

-- table search_term_config on search_term_config
CREATE TABLE 'search_term_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table search_term_data on search_term_data
CREATE TABLE 'search_term_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table search_term_docsize on search_term_docsize
CREATE TABLE 'search_term_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table search_term_idx on search_term_idx
CREATE TABLE 'search_term_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table search_term_vocab on search_term_vocab
CREATE VIRTUAL TABLE search_term_vocab USING fts5vocab(search_term, row);

-- table setting on setting
CREATE TABLE "setting" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL);

-- table sqlite_sequence on sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table tag on tag
CREATE TABLE "tag" ("entry_id" TEXT NOT NULL REFERENCES "entry"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "source" TEXT NOT NULL CHECK ("source" IN ('auto', 'user')), "score" DOUBLE, "tagger_version" INTEGER, PRIMARY KEY ("entry_id", "name"));

-- table tag_count on tag_count
CREATE TABLE tag_count (
    name TEXT PRIMARY KEY,
    auto INTEGER NOT NULL DEFAULT 0,
    user INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- table tag_removal on tag_removal
CREATE TABLE "tag_removal" ("entry_id" TEXT NOT NULL REFERENCES "entry"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "removed_at" TEXT NOT NULL, PRIMARY KEY ("entry_id", "name"));

-- table weather on weather
CREATE TABLE "weather" ("entry_id" TEXT PRIMARY KEY REFERENCES "entry"("id") ON DELETE CASCADE, "provider" TEXT NOT NULL, "observed_at" TEXT, "temperature_c" DOUBLE, "apparent_temperature_c" DOUBLE, "precipitation_mm" DOUBLE, "cloud_cover_percent" DOUBLE, "wind_speed_kmh" DOUBLE, "weather_code" INTEGER, "weather_text" TEXT, "grid_latitude" DOUBLE, "grid_longitude" DOUBLE, "fetched_at" TEXT NOT NULL, "time_zone" TEXT, "place_utc_offset_seconds" INTEGER);

-- table weather_cache on weather_cache
CREATE TABLE "weather_cache" ("provider" TEXT NOT NULL, "cell" TEXT NOT NULL, "date" TEXT NOT NULL, "series" BLOB NOT NULL, "fetched_at" TEXT NOT NULL, PRIMARY KEY ("provider", "cell", "date"));

-- trigger entry_near_delete on entry
CREATE TRIGGER entry_near_delete AFTER DELETE ON entry BEGIN
    DELETE FROM entry_near WHERE id = old.rowid;
END;

-- trigger entry_near_insert on entry
CREATE TRIGGER entry_near_insert AFTER INSERT ON entry
WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL BEGIN
    INSERT OR REPLACE INTO entry_near
        VALUES (new.rowid, new.latitude, new.latitude, new.longitude, new.longitude, new.latitude, new.longitude);
END;

-- trigger entry_near_move on entry
CREATE TRIGGER entry_near_move AFTER UPDATE OF latitude, longitude ON entry
WHEN old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude BEGIN
    DELETE FROM entry_near WHERE id = old.rowid;
    INSERT INTO entry_near
        SELECT new.rowid, new.latitude, new.latitude, new.longitude, new.longitude, new.latitude, new.longitude
        WHERE new.latitude IS NOT NULL AND new.longitude IS NOT NULL;
END;

-- trigger entry_search_delete on entry
CREATE TRIGGER entry_search_delete AFTER DELETE ON entry BEGIN
    DELETE FROM entry_search WHERE rowid = (SELECT key FROM search_key WHERE entry_id = old.id);
    DELETE FROM search_key WHERE entry_id = old.id;
END;

-- trigger entry_search_insert on entry
CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
    INSERT INTO search_key (key, entry_id) VALUES (coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) AND (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) + 4194303), (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END)), new.id);
    INSERT INTO entry_search (rowid, text, tags, place, words)
        SELECT (SELECT key FROM search_key WHERE entry_id = new.id), new.text, '', trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')),
               daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code)
        WHERE NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.id);
END;

-- trigger entry_search_order on entry
CREATE TRIGGER entry_search_order AFTER UPDATE OF captured_local ON entry
WHEN (CASE WHEN old.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', old.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) IS NOT (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) BEGIN
    UPDATE entry_search SET rowid = coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) AND (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) + 4194303), (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END))
    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
    UPDATE search_key SET key = coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) AND (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END) + 4194303), (CASE WHEN new.captured_local IS NULL THEN 1 ELSE coalesce((CAST(strftime('%s', new.captured_local) AS INTEGER) + 62167219200) * 4194304 + 1099511627776, 1) END)) WHERE entry_id = new.id;
END;

-- trigger entry_search_place on entry
CREATE TRIGGER entry_search_place AFTER UPDATE OF place_name, place_region, place_country ON entry BEGIN
    UPDATE entry_search SET place = trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, ''))
    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
END;

-- trigger entry_search_tag_delete on tag
CREATE TRIGGER entry_search_tag_delete AFTER DELETE ON tag BEGIN
    UPDATE entry_search SET tags = coalesce((SELECT group_concat(name, ' ') FROM tag WHERE entry_id = old.entry_id), '')
    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = old.entry_id);
END;

-- trigger entry_search_tag_insert on tag
CREATE TRIGGER entry_search_tag_insert AFTER INSERT ON tag BEGIN
    UPDATE entry_search SET tags = (SELECT group_concat(name, ' ') FROM tag WHERE entry_id = new.entry_id)
    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.entry_id);
END;

-- trigger entry_search_tag_update on tag
CREATE TRIGGER entry_search_tag_update AFTER UPDATE ON tag BEGIN
    UPDATE entry_search SET tags = (SELECT group_concat(name, ' ') FROM tag WHERE entry_id = new.entry_id)
    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.entry_id);
END;

-- trigger entry_search_text on entry
CREATE TRIGGER entry_search_text AFTER UPDATE OF text ON entry BEGIN
    UPDATE entry_search SET text = new.text
    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
END;

-- trigger entry_search_words on entry
CREATE TRIGGER entry_search_words AFTER UPDATE OF camera_make, camera_model, source_path,
        place_name, place_region, place_country, place_country_code ON entry BEGIN
    UPDATE entry_search SET words = daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code)
    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
END;

-- trigger entry_stack_after_delete on entry
CREATE TRIGGER entry_stack_after_delete AFTER DELETE ON entry WHEN OLD.stack_id IS NOT NULL
BEGIN
    UPDATE entry SET stack_id = NULL, is_cover = 1, stack_cover_picked = 0
        WHERE stack_id = OLD.stack_id AND (SELECT count(*) FROM entry WHERE stack_id = OLD.stack_id) = 1;
    UPDATE entry SET is_cover = 1 WHERE OLD.is_cover AND id = (
        SELECT id FROM entry WHERE stack_id = OLD.stack_id
        ORDER BY captured_local IS NULL, captured_local, capture_subsec, id LIMIT 1);
END;

-- trigger map_cell_after_delete on entry
CREATE TRIGGER map_cell_after_delete AFTER DELETE ON entry WHEN OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL
BEGIN UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 2 AND y = max(0, min(1, CAST((OLD.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))) AND x = max(0, min(3, CAST((OLD.longitude + 180.0) * 4.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 2 AND y = max(0, min(1, CAST((OLD.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))) AND x = max(0, min(3, CAST((OLD.longitude + 180.0) * 4.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 3 AND y = max(0, min(3, CAST((OLD.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))) AND x = max(0, min(7, CAST((OLD.longitude + 180.0) * 8.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 3 AND y = max(0, min(3, CAST((OLD.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))) AND x = max(0, min(7, CAST((OLD.longitude + 180.0) * 8.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 4 AND y = max(0, min(7, CAST((OLD.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))) AND x = max(0, min(15, CAST((OLD.longitude + 180.0) * 16.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 4 AND y = max(0, min(7, CAST((OLD.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))) AND x = max(0, min(15, CAST((OLD.longitude + 180.0) * 16.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 5 AND y = max(0, min(15, CAST((OLD.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))) AND x = max(0, min(31, CAST((OLD.longitude + 180.0) * 32.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 5 AND y = max(0, min(15, CAST((OLD.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))) AND x = max(0, min(31, CAST((OLD.longitude + 180.0) * 32.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 6 AND y = max(0, min(31, CAST((OLD.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))) AND x = max(0, min(63, CAST((OLD.longitude + 180.0) * 64.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 6 AND y = max(0, min(31, CAST((OLD.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))) AND x = max(0, min(63, CAST((OLD.longitude + 180.0) * 64.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 7 AND y = max(0, min(63, CAST((OLD.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))) AND x = max(0, min(127, CAST((OLD.longitude + 180.0) * 128.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 7 AND y = max(0, min(63, CAST((OLD.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))) AND x = max(0, min(127, CAST((OLD.longitude + 180.0) * 128.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 8 AND y = max(0, min(127, CAST((OLD.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))) AND x = max(0, min(255, CAST((OLD.longitude + 180.0) * 256.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 8 AND y = max(0, min(127, CAST((OLD.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))) AND x = max(0, min(255, CAST((OLD.longitude + 180.0) * 256.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 9 AND y = max(0, min(255, CAST((OLD.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))) AND x = max(0, min(511, CAST((OLD.longitude + 180.0) * 512.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 9 AND y = max(0, min(255, CAST((OLD.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))) AND x = max(0, min(511, CAST((OLD.longitude + 180.0) * 512.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 10 AND y = max(0, min(511, CAST((OLD.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))) AND x = max(0, min(1023, CAST((OLD.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 10 AND y = max(0, min(511, CAST((OLD.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))) AND x = max(0, min(1023, CAST((OLD.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 11 AND y = max(0, min(1023, CAST((OLD.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))) AND x = max(0, min(2047, CAST((OLD.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 11 AND y = max(0, min(1023, CAST((OLD.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))) AND x = max(0, min(2047, CAST((OLD.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 12 AND y = max(0, min(2047, CAST((OLD.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))) AND x = max(0, min(4095, CAST((OLD.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 12 AND y = max(0, min(2047, CAST((OLD.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))) AND x = max(0, min(4095, CAST((OLD.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 13 AND y = max(0, min(4095, CAST((OLD.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))) AND x = max(0, min(8191, CAST((OLD.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 13 AND y = max(0, min(4095, CAST((OLD.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))) AND x = max(0, min(8191, CAST((OLD.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 14 AND y = max(0, min(8191, CAST((OLD.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))) AND x = max(0, min(16383, CAST((OLD.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 14 AND y = max(0, min(8191, CAST((OLD.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))) AND x = max(0, min(16383, CAST((OLD.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER))) AND count <= 0; END;

-- trigger map_cell_after_insert on entry
CREATE TRIGGER map_cell_after_insert AFTER INSERT ON entry WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
BEGIN INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (2, max(0, min(1, CAST((NEW.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))), max(0, min(3, CAST((NEW.longitude + 180.0) * 4.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (3, max(0, min(3, CAST((NEW.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))), max(0, min(7, CAST((NEW.longitude + 180.0) * 8.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (4, max(0, min(7, CAST((NEW.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))), max(0, min(15, CAST((NEW.longitude + 180.0) * 16.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (5, max(0, min(15, CAST((NEW.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))), max(0, min(31, CAST((NEW.longitude + 180.0) * 32.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (6, max(0, min(31, CAST((NEW.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))), max(0, min(63, CAST((NEW.longitude + 180.0) * 64.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (7, max(0, min(63, CAST((NEW.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))), max(0, min(127, CAST((NEW.longitude + 180.0) * 128.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (8, max(0, min(127, CAST((NEW.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))), max(0, min(255, CAST((NEW.longitude + 180.0) * 256.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (9, max(0, min(255, CAST((NEW.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))), max(0, min(511, CAST((NEW.longitude + 180.0) * 512.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (10, max(0, min(511, CAST((NEW.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))), max(0, min(1023, CAST((NEW.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (11, max(0, min(1023, CAST((NEW.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))), max(0, min(2047, CAST((NEW.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (12, max(0, min(2047, CAST((NEW.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))), max(0, min(4095, CAST((NEW.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (13, max(0, min(4095, CAST((NEW.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))), max(0, min(8191, CAST((NEW.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (14, max(0, min(8191, CAST((NEW.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))), max(0, min(16383, CAST((NEW.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum; END;

-- trigger map_cell_after_move_from on entry
CREATE TRIGGER map_cell_after_move_from AFTER UPDATE OF latitude, longitude ON entry
WHEN OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL AND (OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude)
BEGIN UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 2 AND y = max(0, min(1, CAST((OLD.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))) AND x = max(0, min(3, CAST((OLD.longitude + 180.0) * 4.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 2 AND y = max(0, min(1, CAST((OLD.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))) AND x = max(0, min(3, CAST((OLD.longitude + 180.0) * 4.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 3 AND y = max(0, min(3, CAST((OLD.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))) AND x = max(0, min(7, CAST((OLD.longitude + 180.0) * 8.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 3 AND y = max(0, min(3, CAST((OLD.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))) AND x = max(0, min(7, CAST((OLD.longitude + 180.0) * 8.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 4 AND y = max(0, min(7, CAST((OLD.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))) AND x = max(0, min(15, CAST((OLD.longitude + 180.0) * 16.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 4 AND y = max(0, min(7, CAST((OLD.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))) AND x = max(0, min(15, CAST((OLD.longitude + 180.0) * 16.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 5 AND y = max(0, min(15, CAST((OLD.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))) AND x = max(0, min(31, CAST((OLD.longitude + 180.0) * 32.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 5 AND y = max(0, min(15, CAST((OLD.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))) AND x = max(0, min(31, CAST((OLD.longitude + 180.0) * 32.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 6 AND y = max(0, min(31, CAST((OLD.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))) AND x = max(0, min(63, CAST((OLD.longitude + 180.0) * 64.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 6 AND y = max(0, min(31, CAST((OLD.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))) AND x = max(0, min(63, CAST((OLD.longitude + 180.0) * 64.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 7 AND y = max(0, min(63, CAST((OLD.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))) AND x = max(0, min(127, CAST((OLD.longitude + 180.0) * 128.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 7 AND y = max(0, min(63, CAST((OLD.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))) AND x = max(0, min(127, CAST((OLD.longitude + 180.0) * 128.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 8 AND y = max(0, min(127, CAST((OLD.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))) AND x = max(0, min(255, CAST((OLD.longitude + 180.0) * 256.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 8 AND y = max(0, min(127, CAST((OLD.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))) AND x = max(0, min(255, CAST((OLD.longitude + 180.0) * 256.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 9 AND y = max(0, min(255, CAST((OLD.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))) AND x = max(0, min(511, CAST((OLD.longitude + 180.0) * 512.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 9 AND y = max(0, min(255, CAST((OLD.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))) AND x = max(0, min(511, CAST((OLD.longitude + 180.0) * 512.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 10 AND y = max(0, min(511, CAST((OLD.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))) AND x = max(0, min(1023, CAST((OLD.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 10 AND y = max(0, min(511, CAST((OLD.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))) AND x = max(0, min(1023, CAST((OLD.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 11 AND y = max(0, min(1023, CAST((OLD.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))) AND x = max(0, min(2047, CAST((OLD.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 11 AND y = max(0, min(1023, CAST((OLD.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))) AND x = max(0, min(2047, CAST((OLD.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 12 AND y = max(0, min(2047, CAST((OLD.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))) AND x = max(0, min(4095, CAST((OLD.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 12 AND y = max(0, min(2047, CAST((OLD.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))) AND x = max(0, min(4095, CAST((OLD.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 13 AND y = max(0, min(4095, CAST((OLD.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))) AND x = max(0, min(8191, CAST((OLD.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 13 AND y = max(0, min(4095, CAST((OLD.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))) AND x = max(0, min(8191, CAST((OLD.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER))) AND count <= 0;
UPDATE map_cell SET count = count - 1,
    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
WHERE level = 14 AND y = max(0, min(8191, CAST((OLD.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))) AND x = max(0, min(16383, CAST((OLD.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER)));
DELETE FROM map_cell WHERE level = 14 AND y = max(0, min(8191, CAST((OLD.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))) AND x = max(0, min(16383, CAST((OLD.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER))) AND count <= 0; END;

-- trigger map_cell_after_move_to on entry
CREATE TRIGGER map_cell_after_move_to AFTER UPDATE OF latitude, longitude ON entry
WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL AND (OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude)
BEGIN INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (2, max(0, min(1, CAST((NEW.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))), max(0, min(3, CAST((NEW.longitude + 180.0) * 4.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (3, max(0, min(3, CAST((NEW.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))), max(0, min(7, CAST((NEW.longitude + 180.0) * 8.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (4, max(0, min(7, CAST((NEW.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))), max(0, min(15, CAST((NEW.longitude + 180.0) * 16.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (5, max(0, min(15, CAST((NEW.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))), max(0, min(31, CAST((NEW.longitude + 180.0) * 32.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (6, max(0, min(31, CAST((NEW.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))), max(0, min(63, CAST((NEW.longitude + 180.0) * 64.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (7, max(0, min(63, CAST((NEW.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))), max(0, min(127, CAST((NEW.longitude + 180.0) * 128.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (8, max(0, min(127, CAST((NEW.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))), max(0, min(255, CAST((NEW.longitude + 180.0) * 256.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (9, max(0, min(255, CAST((NEW.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))), max(0, min(511, CAST((NEW.longitude + 180.0) * 512.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (10, max(0, min(511, CAST((NEW.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))), max(0, min(1023, CAST((NEW.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (11, max(0, min(1023, CAST((NEW.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))), max(0, min(2047, CAST((NEW.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (12, max(0, min(2047, CAST((NEW.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))), max(0, min(4095, CAST((NEW.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (13, max(0, min(4095, CAST((NEW.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))), max(0, min(8191, CAST((NEW.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
VALUES (14, max(0, min(8191, CAST((NEW.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))), max(0, min(16383, CAST((NEW.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER))),
    1, NEW.latitude, NEW.longitude)
ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum; END;

-- trigger repair_mark_delete on entry
CREATE TRIGGER repair_mark_delete AFTER DELETE ON entry BEGIN
    UPDATE repair_mark SET changes = changes + 1;
END;

-- trigger repair_mark_thumbnail on entry
CREATE TRIGGER repair_mark_thumbnail AFTER UPDATE OF thumbnail ON entry
WHEN old.thumbnail IS NOT new.thumbnail BEGIN
    UPDATE repair_mark SET changes = changes + 1;
END;

-- trigger search_term_entry_insert on entry
CREATE TRIGGER search_term_entry_insert AFTER INSERT ON entry WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.id) BEGIN
    INSERT INTO search_term (rowid, terms) VALUES (1, coalesce(new.text, '') || ' ' || trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')) || ' ' || daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code));
END;

-- trigger search_term_tag_insert on tag
CREATE TRIGGER search_term_tag_insert AFTER INSERT ON tag
WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.entry_id) BEGIN
    INSERT INTO search_term (rowid, terms) VALUES (1, new.name);
END;

-- trigger search_term_tag_update on tag
CREATE TRIGGER search_term_tag_update AFTER UPDATE ON tag BEGIN
    INSERT INTO search_term (rowid, terms) VALUES (1, new.name);
END;

-- trigger search_term_text on entry
CREATE TRIGGER search_term_text AFTER UPDATE OF text ON entry BEGIN
    INSERT INTO search_term (rowid, terms) VALUES (1, coalesce(new.text, ''));
END;

-- trigger search_term_words on entry
CREATE TRIGGER search_term_words AFTER UPDATE OF camera_make, camera_model, source_path,
        place_name, place_region, place_country, place_country_code ON entry BEGIN
    INSERT INTO search_term (rowid, terms)
        VALUES (1, trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')) || ' ' || daybook_search_words(new.camera_make, new.camera_model, new.source_path, new.place_name, new.place_region, new.place_country, new.place_country_code));
END;

-- trigger tag_count_delete on tag
CREATE TRIGGER tag_count_delete AFTER DELETE ON tag BEGIN
    UPDATE tag_count SET auto = auto - (old.source = 'auto'), user = user - (old.source = 'user')
    WHERE name = old.name;
DELETE FROM tag_count WHERE name = old.name AND auto = 0 AND user = 0;
END;

-- trigger tag_count_insert on tag
CREATE TRIGGER tag_count_insert AFTER INSERT ON tag BEGIN
    INSERT INTO tag_count (name, auto, user) VALUES (new.name, new.source = 'auto', new.source = 'user')
    ON CONFLICT (name) DO UPDATE SET auto = auto + excluded.auto, user = user + excluded.user;
END;

-- trigger tag_count_update on tag
CREATE TRIGGER tag_count_update AFTER UPDATE OF name, source ON tag BEGIN
    UPDATE tag_count SET auto = auto - (old.source = 'auto'), user = user - (old.source = 'user')
    WHERE name = old.name;
DELETE FROM tag_count WHERE name = old.name AND auto = 0 AND user = 0;
    INSERT INTO tag_count (name, auto, user) VALUES (new.name, new.source = 'auto', new.source = 'user')
    ON CONFLICT (name) DO UPDATE SET auto = auto + excluded.auto, user = user + excluded.user;
END;

-- trigger tile_tags_delete on tag
CREATE TRIGGER tile_tags_delete AFTER DELETE ON tag
WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = old.entry_id) BEGIN
    UPDATE entry SET tile_tags = (SELECT group_concat(shown, ' ') FROM (
    SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
    WHERE entry_id = old.entry_id ORDER BY source DESC, score DESC, name ASC)) WHERE id = old.entry_id;
END;

-- trigger tile_tags_insert on tag
CREATE TRIGGER tile_tags_insert AFTER INSERT ON tag
WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE entry_id = new.entry_id) BEGIN
    UPDATE entry SET tile_tags = (SELECT group_concat(shown, ' ') FROM (
    SELECT CASE source WHEN 'user' THEN '+' || name ELSE name END AS shown FROM tag
    WHERE entry_id = new.entry_id ORDER BY source DESC, score DESC, name ASC)) WHERE id = new.entry_id;
END;

-- trigger tile_tags_update on tag
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
