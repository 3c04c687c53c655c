import GRDB

/// Versioned migrations, each as the SQL it ran when it was added (`Migrations`). A user's
/// library may stop at any of them and be upgraded years later, so a registered migration is
/// never edited, and names nothing from the rest of the application, whose types change:
/// a change to the schema is a new migration. SchemaSnapshotTests holds the schema they
/// build; FrozenMigrationSourceTests checks that these files name no live type.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-entries", migrate: Migrations.v1Entries)
        migrator.registerMigration("v2-tag-removals", migrate: Migrations.v2TagRemovals)
        migrator.registerMigration("v3-weather", migrate: Migrations.v3Weather)
        migrator.registerMigration("v4-journal", migrate: Migrations.v4Journal)
        migrator.registerMigration("v5-truncated-source", migrate: Migrations.v5TruncatedSource)
        migrator.registerMigration("v6-metadata-sources", migrate: Migrations.v6MetadataSources)
        migrator.registerMigration("v7-places", migrate: Migrations.v7Places)
        migrator.registerMigration("v8-ingest-roots", migrate: Migrations.v8IngestRoots)
        // Camera, file name and the place's other names become searchable (SearchWords).
        migrator.registerMigration("v10-search-words", migrate: Migrations.v10SearchWords)
        // An entry's other files: the RAW of a RAW+JPEG pair (docs/raw.md), later a Live Photo's video.
        migrator.registerMigration("v11-entry-files", migrate: Migrations.v11EntryFiles)
        // Videos are entries too: what the entry shows, and a video's length.
        migrator.registerMigration("v12-media", migrate: Migrations.v12Media)
        // A motion photo's video, where it lies inside the photo's own file (never copied).
        migrator.registerMigration("v13-motion", migrate: Migrations.v13Motion)
        // Bursts and near-duplicates: a perceptual hash per entry, and stacks (docs/stacks.md).
        migrator.registerMigration("v14-stacks", migrate: Migrations.v14Stacks)
        // "Near" through an R*Tree (NearIndex), and "on this day" paged from an index in its order.
        migrator.registerMigration("v15-near-index", migrate: Migrations.v15NearIndex)
        // The full-text index's rowids follow the timeline, so a search stops early (SearchOrder).
        migrator.registerMigration("v16-search-order", migrate: Migrations.v16SearchOrder)
        // The map's grid of clusters, kept in step by triggers (docs/web.md, "The map").
        migrator.registerMigration("v17-map-cells", migrate: Migrations.v17MapCells)
        // Pairing a RAW or a Live Photo's movie looks its photo up by path, once per file: without
        // an index that read every entry.
        migrator.registerMigration("v18-source-path", migrate: Migrations.v18SourcePath)
        // Each tag's count kept by triggers: /tags counted every tag row.
        migrator.registerMigration("v19-tag-counts", migrate: Migrations.v19TagCounts)
        // The index's vocabulary, so a longer word is searched as its terms, not a prefix (SearchTerms).
        // Immediate foreign key checks from here on: these migrations add tables, indexes and
        // triggers, and the deferred check GRDB runs at the end would read every tag row.
        migrator.registerMigration("v20-search-terms", foreignKeyChecks: .immediate, migrate: Migrations.v20SearchTerms)
        // `latest` (newest added first, ties by id) from an index in exactly its order.
        migrator.registerMigration("v21-latest-order", foreignKeyChecks: .immediate, migrate: Migrations.v21LatestOrder)
        // A start repairs the library only when something it checks changed since the last repair (RepairMark).
        migrator.registerMigration("v22-ingest-scale", foreignKeyChecks: .immediate, migrate: Migrations.v22IngestScale)
        // New entries indexed once per transaction, after their tags, not by a trigger per row (SearchWrites).
        migrator.registerMigration("v23-search-writes", foreignKeyChecks: .immediate, migrate: Migrations.v23SearchWrites)
        // The tags a tile shows kept on the entry row, read with it (TileTagsColumn).
        migrator.registerMigration("v24-tile-tags", foreignKeyChecks: .immediate, migrate: Migrations.v24TileTags)
        // The keys that make a resent new entry a no-op (JournalStore+NewEntryKeys).
        migrator.registerMigration("v25-new-entry-keys", foreignKeyChecks: .immediate, migrate: Migrations.v25NewEntryKeys)
        // Deleted entries, so a deleted photo stays out of later ingests (JournalStore+Trash).
        migrator.registerMigration("v26-deleted-entries", foreignKeyChecks: .immediate, migrate: Migrations.v26DeletedEntries)
        // Damaged and unsupported files, judged once (JournalStore+ProblemFiles).
        migrator.registerMigration("v27-problem-files", foreignKeyChecks: .immediate, migrate: Migrations.v27ProblemFiles)
        // Entries whose first-look thumbnail waits for the full one (JournalStore+Refinement).
        migrator.registerMigration("v28-refinement", foreignKeyChecks: .immediate, migrate: Migrations.v28Refinement)
        return migrator
    }
}
