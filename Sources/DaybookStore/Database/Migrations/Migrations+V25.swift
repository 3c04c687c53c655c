import GRDB

extension Migrations {
    /// The keys a client gives `POST /new` so that sending the same entry twice (a phone that
    /// lost the answer and sends its queue again) writes it once. No foreign key: a key stays
    /// used after its entry is deleted, so a late retry does not bring the entry back.
    static func v25NewEntryKeys(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE new_entry_key (
                    key TEXT PRIMARY KEY NOT NULL,
                    entry_id TEXT NOT NULL,
                    created_at TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
    }
}
