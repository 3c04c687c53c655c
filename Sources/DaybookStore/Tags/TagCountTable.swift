import GRDB

/// Each tag's number of entries, auto and user, kept in step with the tag table by triggers
/// (migration v19-tag-counts). Counting the tag table per page would read every tag row for
/// every `/tags` page after any change. Triggers fire for every path that writes a
/// tag (inserts, upserts, edits, the tagger, imports, an entry's delete cascading), inside its
/// transaction, so the counts cannot drift; `OR REPLACE` is never used on `tag`, whose hidden
/// delete would not fire them.
enum TagCountTable {
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE tag_count (
                    name TEXT PRIMARY KEY,
                    auto INTEGER NOT NULL DEFAULT 0,
                    user INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID;
                INSERT INTO tag_count (name, auto, user)
                    SELECT name, sum(source = 'auto'), sum(source = 'user') FROM tag GROUP BY name;
                CREATE TRIGGER tag_count_insert AFTER INSERT ON tag BEGIN
                    \(add("new"))
                END;
                CREATE TRIGGER tag_count_delete AFTER DELETE ON tag BEGIN
                    \(remove("old"))
                END;
                CREATE TRIGGER tag_count_update AFTER UPDATE OF name, source ON tag BEGIN
                    \(remove("old"))
                    \(add("new"))
                END;
                """)
    }

    private static func add(_ row: String) -> String {
        """
        INSERT INTO tag_count (name, auto, user) VALUES (\(row).name, \(row).source = 'auto', \(row).source = 'user')
            ON CONFLICT (name) DO UPDATE SET auto = auto + excluded.auto, user = user + excluded.user;
        """
    }

    private static func remove(_ row: String) -> String {
        """
        UPDATE tag_count SET auto = auto - (\(row).source = 'auto'), user = user - (\(row).source = 'user')
            WHERE name = \(row).name;
        DELETE FROM tag_count WHERE name = \(row).name AND auto = 0 AND user = 0;
        """
    }
}
