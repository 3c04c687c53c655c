import DaybookCore
import GRDB

/// Versioned migrations. Never edit a registered migration: add a new one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-entries") { db in
            try db.create(table: "entry") { t in
                t.primaryKey("id", .text)
                t.column("content_hash", .text).notNull().unique()
                t.column("source_path", .text).notNull()
                t.column("file_size", .integer).notNull()
                t.column("captured_local", .text)
                t.column("capture_subsec", .text)
                t.column("capture_source", .text)
                t.column("utc_offset_seconds", .integer)
                t.column("offset_source", .text)
                t.column("captured_utc", .integer)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("altitude", .double)
                t.column("camera_make", .text)
                t.column("camera_model", .text)
                t.column("pixel_width", .integer)
                t.column("pixel_height", .integer)
                t.column("orientation", .integer).notNull().defaults(to: 1)
                t.column("thumbnail", .text)
                t.column("thumbnail_width", .integer)
                t.column("thumbnail_height", .integer)
                t.column("problems", .text)
                t.column("text", .text).notNull().defaults(to: "")
                t.column("weather_status", .text).notNull().defaults(to: "pending")
                t.column("created_at", .text).notNull()
                t.column("updated_at", .text).notNull()
            }
            try db.create(index: "entry_captured_local", on: "entry", columns: ["captured_local"])
            try db.create(index: "entry_place", on: "entry", columns: ["latitude", "longitude"])
            try db.create(index: "entry_weather_status", on: "entry", columns: ["weather_status"])

            // Filled by the tagger and by the user (later work); created now so the first
            // schema already has the journal's shape.
            try db.create(table: "tag") { t in
                t.column("entry_id", .text).notNull().references("entry", onDelete: .cascade)
                t.column("name", .text).notNull()
                t.column("source", .text).notNull().check { ["auto", "user"].contains($0) }
                t.column("score", .double)
                t.column("tagger_version", .integer)
                t.primaryKey(["entry_id", "name"])
            }
            try db.create(index: "tag_name", on: "tag", columns: ["name"])

            try db.create(table: "weather") { t in
                t.column("entry_id", .text).primaryKey().references("entry", onDelete: .cascade)
                t.column("provider", .text).notNull()
                t.column("observed_at", .text)
                t.column("temperature_c", .double)
                t.column("apparent_temperature_c", .double)
                t.column("precipitation_mm", .double)
                t.column("cloud_cover_percent", .double)
                t.column("wind_speed_kmh", .double)
                t.column("weather_code", .integer)
                t.column("weather_text", .text)
                t.column("grid_latitude", .double)
                t.column("grid_longitude", .double)
                t.column("fetched_at", .text).notNull()
            }
        }
        migrator.registerMigration("v2-tag-removals") { db in
            // An auto tag the user removed: the tagger must never add it back to that entry.
            try db.create(table: "tag_removal") { t in
                t.column("entry_id", .text).notNull().references("entry", onDelete: .cascade)
                t.column("name", .text).notNull()
                t.column("removed_at", .text).notNull()
                t.primaryKey(["entry_id", "name"])
            }
        }
        migrator.registerMigration("v3-weather") { db in
            // Why an entry has no weather when the provider refused it for good (HTTP 400).
            try db.alter(table: "entry") { t in t.add(column: "weather_error", .text) }
            // The place's zone as the provider reported it (timezone=auto).
            try db.alter(table: "weather") { t in
                t.add(column: "time_zone", .text)
                t.add(column: "place_utc_offset_seconds", .integer)
            }
            // Provider answers per place cell and local date, so many photos from one place and
            // day cost one request, across runs.
            try db.create(table: "weather_cache") { t in
                t.column("provider", .text).notNull()
                t.column("cell", .text).notNull()
                t.column("date", .text).notNull()
                t.column("series", .blob).notNull()
                t.column("fetched_at", .text).notNull()
                t.primaryKey(["provider", "cell", "date"])
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v4-journal") { db in
            try SearchIndex.create(db)
            // "On this day" looks up month-day across years.
            try db.create(index: "entry_month_day", on: "entry", expressions: [SQL("substr(captured_local, 6, 5)").sqlExpression])
            try db.create(index: "entry_created_at", on: "entry", columns: ["created_at"])
        }
        migrator.registerMigration("v5-truncated-source") { db in
            // The entry was stored from a file that ended early (still being written, or cut
            // off): when the file at that path changes, its new version replaces the entry.
            try db.alter(table: "entry") { t in t.add(column: "source_truncated", .boolean).notNull().defaults(to: false) }
            // Partial: only the few truncated entries are indexed, found by their path.
            try db.create(
                index: "entry_truncated_source", on: "entry", columns: ["source_path"],
                condition: Column("source_truncated") == true)
        }
        migrator.registerMigration("v6-metadata-sources") { db in
            try db.alter(table: "entry") { t in
                // Where the place came from: exif, xmp or sidecar (like capture_source for the date).
                t.add(column: "location_source", .text)
                // The sidecar the entry was read with (SHA-256 of its bytes; NULL: none), and
                // whether it was newer than the photo, so its values came first. With the
                // photo's content hash, they decide whether the entry is current.
                t.add(column: "sidecar_hash", .text)
                t.add(column: "sidecar_first", .boolean).notNull().defaults(to: false)
            }
            // Every place stored before this came from the photo's EXIF.
            try db.execute(sql: "UPDATE entry SET location_source = 'exif' WHERE latitude IS NOT NULL")
        }
        migrator.registerMigration("v7-places", migrate: PlaceColumns.add)
        migrator.registerMigration("v8-ingest-roots", migrate: IngestRootsTable.create)
        // Camera, file name and the place's other names become searchable (SearchWords).
        migrator.registerMigration("v10-search-words", migrate: SearchWords.addToSearchIndex)
        // An entry's other files: the RAW of a RAW+JPEG pair (docs/raw.md), later a Live Photo's video.
        migrator.registerMigration("v11-entry-files", migrate: EntryFile.createTable)
        // Videos are entries too: what the entry shows, and a video's length.
        migrator.registerMigration("v12-media") { db in
            try db.alter(table: "entry") { t in
                t.add(column: "media_kind", .text).notNull().defaults(to: MediaKind.photo.rawValue)
                t.add(column: "duration_seconds", .double)
            }
        }
        // A motion photo's video, where it lies inside the photo's own file (never copied).
        migrator.registerMigration("v13-motion") { db in
            try db.alter(table: "entry") { t in
                t.add(column: "motion_offset", .integer)
                t.add(column: "motion_length", .integer)
            }
        }
        // Bursts and near-duplicates: a perceptual hash per entry, and stacks (docs/stacks.md).
        migrator.registerMigration("v14-stacks", migrate: StackColumns.add)
        // "Near" through an R*Tree (NearIndex), and "on this day" paged from an index in its order.
        migrator.registerMigration("v15-near-index") { db in
            try NearIndex.create(db)
            try OnThisDayIndex.create(db)
        }
        // The full-text index's rowids follow the timeline, so a search stops early (SearchOrder).
        migrator.registerMigration("v16-search-order", migrate: SearchOrder.migrate)
        // The map's grid of clusters, kept in step by triggers (docs/web.md, "The map").
        migrator.registerMigration("v17-map-cells", migrate: MapCellTable.create)
        // Pairing a RAW or a Live Photo's movie looks its photo up by path, once per file: without
        // an index that read every entry (1 s per file at a million entries).
        migrator.registerMigration("v18-source-path") { db in
            try db.create(index: "entry_source_path", on: "entry", columns: ["source_path"])
        }
        // Each tag's count kept by triggers: /tags counted every tag row (TagCountTable).
        migrator.registerMigration("v19-tag-counts", migrate: TagCountTable.create)
        // The index's vocabulary, so a longer word is searched as its terms, not a prefix (SearchTerms).
        migrator.registerMigration("v20-search-terms", foreignKeyChecks: .immediate, migrate: SearchTerms.create)
        // `latest` (newest added first, ties by id) from an index in exactly its order: a bulk
        // ingest gives thousands of entries one `created_at`, which the old index left to a sort
        // (5-10 ms at a million entries). The old index is a prefix of this one, so it goes.
        // Immediate checks, as v22: an index needs no foreign key check of every tag row.
        migrator.registerMigration("v21-latest-order", foreignKeyChecks: .immediate) { db in
            try db.execute(sql: "CREATE INDEX entry_latest ON entry(created_at DESC, id)")
            try db.drop(index: "entry_created_at")
        }
        // A start repairs the library only when something it checks changed since the last repair (RepairMark).
        // Immediate checks: it adds a table and triggers, and the deferred check GRDB runs at the
        // end would read every tag row (1.5 s of CPU at a million entries).
        migrator.registerMigration("v22-ingest-scale", foreignKeyChecks: .immediate, migrate: RepairMark.create)
        // New entries indexed once per transaction, after their tags, not by a trigger per row (SearchWrites).
        migrator.registerMigration("v23-search-writes", foreignKeyChecks: .immediate, migrate: SearchWrites.migrate)
        // The tags a tile shows kept on the entry row, read with it (TileTagsColumn).
        migrator.registerMigration("v24-tile-tags", foreignKeyChecks: .immediate, migrate: TileTagsColumn.migrate)
        return migrator
    }
}
