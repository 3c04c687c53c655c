import GRDB

/// Migration v6: where each entry was, in words (`NamedPlace`), and the place words in the
/// full-text index beside the text and tags.
enum PlaceColumns {
    static func add(_ db: Database) throws {
        try db.alter(table: "entry") { t in
            t.add(column: "place_name", .text)
            t.add(column: "place_region", .text)
            t.add(column: "place_country", .text)
            t.add(column: "place_country_code", .text)
            t.add(column: "place_distance_km", .double)
            t.add(column: "place_time_zone", .text)
            // The place table's version of the last lookup; `daybook places --update` looks
            // up again the entries with a position whose version is not the current one.
            t.add(column: "place_version", .text)
            t.add(column: "time_zone_note", .text)
        }
        try db.create(index: "entry_place_name", on: "entry", columns: ["place_country", "place_region", "place_name"])
        try addPlaceToSearchIndex(db)
    }

    /// The words a place adds to the search index: "Kyoto Kyoto Japan".
    static let placeWords = words(of: "new")
    static let oldPlaceWords = words(of: "entry")

    private static func words(of row: String) -> String {
        "trim(coalesce(\(row).place_name, '') || ' ' || coalesce(\(row).place_region, '') || ' ' || coalesce(\(row).place_country, ''))"
    }

    /// An FTS5 table cannot gain a column: the index is made again with `place` beside `text`
    /// and `tags`, the same tokenizer (case and accents ignored, so "zurich" finds Zürich) and
    /// the same integer keys. The triggers that write `text` and `tags` name the table, not its
    /// columns, so they carry on; the insert trigger is made again to fill `place`, and a new
    /// one follows place changes. Unqualified words match any column: `search paris` finds it.
    static func addPlaceToSearchIndex(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER entry_search_insert;
                DROP TABLE entry_search;
                CREATE VIRTUAL TABLE entry_search USING fts5(
                    text, tags, place, tokenize = 'unicode61 remove_diacritics 2');
                CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_key (entry_id) VALUES (new.id);
                    INSERT INTO entry_search (rowid, text, tags, place)
                        VALUES ((SELECT key FROM search_key WHERE entry_id = new.id), new.text, '', \(placeWords));
                END;
                CREATE TRIGGER entry_search_place AFTER UPDATE OF place_name, place_region, place_country ON entry BEGIN
                    UPDATE entry_search SET place = \(placeWords)
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
                END;
                INSERT INTO entry_search (rowid, text, tags, place)
                    SELECT search_key.key, entry.text,
                           coalesce((SELECT group_concat(name, ' ') FROM tag WHERE tag.entry_id = entry.id), ''), \(oldPlaceWords)
                    FROM entry JOIN search_key ON search_key.entry_id = entry.id;
                """)
    }
}
