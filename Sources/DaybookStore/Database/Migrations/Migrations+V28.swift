import GRDB

extension Migrations {
    /// Entries whose thumbnail is a picture their file already held (a "first look"), waiting
    /// for the full one (JournalStore+Refinement). `seq` keeps the order they were queued in;
    /// `content_hash` is the bytes the first look came from, so the web journal can tell such
    /// a thumbnail by its name; `thumbnail_side` the longest side the ingest asked for, which
    /// the full thumbnail is made at, whichever process makes it. A finished row stays, `refined_at` set, until no row waits,
    /// so the progress of a run is `refined` of all rows. A row whose file was gone or changed
    /// says where and why (`stalled_path`, `stalled_reason`) and waits for the entry to be
    /// seen at another path.
    static func v28Refinement(_ db: Database) throws {
        try db.execute(
            sql: """
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
                CREATE INDEX refinement_content_hash ON refinement (content_hash);
                """)
    }
}
