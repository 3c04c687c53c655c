import GRDB

extension Migrations {
    /// Entries deleted into the trash (docs/design/writing.md, "Deleting"). Each row stands for
    /// a tombstone file under `journal/`; `content_hash` keeps a deleted photo out of every
    /// later ingest and `watch` catch-up, also after `trash empty` has dropped its words. No
    /// foreign key: the entry's row is gone.
    static func v26DeletedEntries(_ db: Database) throws {
        try db.execute(
            sql: """
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
                CREATE INDEX deleted_entry_content_hash ON deleted_entry (content_hash);
                """)
    }
}
