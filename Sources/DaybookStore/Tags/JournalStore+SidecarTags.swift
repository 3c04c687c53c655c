import GRDB

extension JournalStore {
    /// Whether the entry has a journal file: then the file holds what the person wrote or
    /// chose, and a sidecar's words must not add to the index what the file does not say.
    package func hasJournalFile(_ entry: JournalEntry) -> Bool { journalFilePath(of: entry) != nil }

    /// The keywords of a photo's sidecar as the entry's own tags, when the entry has none of
    /// its own: another tool's keywords are a person's tags, but tags given in Daybook are the
    /// later word. A name the person removed from this entry stays removed. `names` are
    /// normalised tag names (the ingest reads them, `JournalTag.normalizedName`).
    static func adoptSidecarTags(_ db: Database, entryID: String, _ names: [String]) throws {
        guard !names.isEmpty else { return }
        let hasOwn =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM tag WHERE entry_id = ? AND source = 'user')", arguments: [entryID]) ?? false
        guard !hasOwn else { return }
        // As many as an entry's own tags may be (`maximumOwnPerEntry`), in the sidecar's order.
        for name in names.prefix(JournalTag.maximumOwnPerEntry) {
            try db.execute(
                sql: """
                    INSERT INTO tag (entry_id, name, source)
                    SELECT ?1, ?2, 'user' WHERE NOT EXISTS (SELECT 1 FROM tag_removal WHERE entry_id = ?1 AND name = ?2)
                    ON CONFLICT (entry_id, name) DO UPDATE SET source = 'user', score = NULL, tagger_version = NULL
                    """, arguments: [entryID, name])
        }
    }
}
