import GRDB

extension Migrations {
    /// Files ingest judged damaged or unsupported (JournalStore+ProblemFiles), so that a
    /// later run does not fail them again: by path with the size and modification time they
    /// had, or by their bytes' hash under another path. A row with `entry_id` is a damaged
    /// file kept as an entry without a picture, listed by `daybook problems` only.
    static func v27ProblemFiles(_ db: Database) throws {
        try db.execute(
            sql: """
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
                CREATE INDEX problem_file_content_hash ON problem_file (content_hash);
                """)
    }
}
