import GRDB

extension Migrations {
    /// `source_truncated`: the entry was stored from a file that ended early (still being
    /// written, or cut off): when the file at that path changes, its new version replaces the
    /// entry. The index is partial: only the few truncated entries, found by their path.
    static func v5TruncatedSource(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "entry" ADD COLUMN "source_truncated" BOOLEAN NOT NULL DEFAULT 0;
                CREATE INDEX "entry_truncated_source" ON "entry"("source_path") WHERE "source_truncated" = 1;
                """)
    }

    /// - `location_source`: where the place came from, exif, xmp or sidecar (like
    ///   `capture_source` for the date). Every place stored before this came from EXIF.
    /// - `sidecar_hash`, `sidecar_first`: the sidecar the entry was read with (SHA-256 of its
    ///   bytes; NULL: none), and whether it was newer than the photo, so its values came
    ///   first. With the photo's content hash, they decide whether the entry is current.
    static func v6MetadataSources(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "entry" ADD COLUMN "location_source" TEXT;
                ALTER TABLE "entry" ADD COLUMN "sidecar_hash" TEXT;
                ALTER TABLE "entry" ADD COLUMN "sidecar_first" BOOLEAN NOT NULL DEFAULT 0;
                UPDATE entry SET location_source = 'exif' WHERE latitude IS NOT NULL;
                """)
    }

    /// Where each entry was, in words, and the place words in the full-text index beside the
    /// text and tags. `place_version` is the place table's version of the last lookup:
    /// `daybook places --update` looks up again the entries whose version is not the current one.
    ///
    /// An FTS5 table cannot gain a column: the index is made again with `place` beside `text`
    /// and `tags`, the same tokenizer and the same integer keys. The triggers that write `text`
    /// and `tags` name the table, not its columns, so they carry on; the insert trigger is made
    /// again to fill `place`, and a new one follows place changes.
    static func v7Places(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "entry" ADD COLUMN "place_name" TEXT;
                ALTER TABLE "entry" ADD COLUMN "place_region" TEXT;
                ALTER TABLE "entry" ADD COLUMN "place_country" TEXT;
                ALTER TABLE "entry" ADD COLUMN "place_country_code" TEXT;
                ALTER TABLE "entry" ADD COLUMN "place_distance_km" DOUBLE;
                ALTER TABLE "entry" ADD COLUMN "place_time_zone" TEXT;
                ALTER TABLE "entry" ADD COLUMN "place_version" TEXT;
                ALTER TABLE "entry" ADD COLUMN "time_zone_note" TEXT;
                CREATE INDEX "entry_place_name" ON "entry"("place_country", "place_region", "place_name");
                DROP TRIGGER entry_search_insert;
                DROP TABLE entry_search;
                CREATE VIRTUAL TABLE entry_search USING fts5(
                    text, tags, place, tokenize = 'unicode61 remove_diacritics 2');
                CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_key (entry_id) VALUES (new.id);
                    INSERT INTO entry_search (rowid, text, tags, place)
                        VALUES ((SELECT key FROM search_key WHERE entry_id = new.id), new.text, '', trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, '')));
                END;
                CREATE TRIGGER entry_search_place AFTER UPDATE OF place_name, place_region, place_country ON entry BEGIN
                    UPDATE entry_search SET place = trim(coalesce(new.place_name, '') || ' ' || coalesce(new.place_region, '') || ' ' || coalesce(new.place_country, ''))
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
                END;
                INSERT INTO entry_search (rowid, text, tags, place)
                    SELECT search_key.key, entry.text,
                           coalesce((SELECT group_concat(name, ' ') FROM tag WHERE tag.entry_id = entry.id), ''), trim(coalesce(entry.place_name, '') || ' ' || coalesce(entry.place_region, '') || ' ' || coalesce(entry.place_country, ''))
                    FROM entry JOIN search_key ON search_key.entry_id = entry.id;
                """)
    }

    /// The folders the library has ingested from (the web journal serves originals only from
    /// under them). An existing library's photos keep being served: its roots are the folders
    /// its entries were seen in, imported ones too, since nothing marks those.
    static func v8IngestRoots(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE "ingest_root" ("path" TEXT PRIMARY KEY NOT NULL, "added_at" TEXT NOT NULL);
                """)
        let paths = try String.fetchAll(db, sql: "SELECT DISTINCT source_path FROM entry")
        // "/" would open every file on the machine: a photo there gives no root.
        let folders = Set(paths.compactMap(v8ParentFolder)).subtracting(["/"])
        // The time to the second below, in UTC, as every time stamp the store writes.
        let now = try String.fetchOne(db, sql: "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now')")
        for folder in folders.sorted() {
            try db.execute(sql: "INSERT OR IGNORE INTO ingest_root (path, added_at) VALUES (?, ?)", arguments: [folder, now])
        }
    }

    /// "/a/b" for "/a/b/c.jpg"; nil for a path that is not absolute. Frozen with v8: the
    /// roots an old library gets must not follow a later idea of a path's folder.
    static func v8ParentFolder(_ path: String) -> String? {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
