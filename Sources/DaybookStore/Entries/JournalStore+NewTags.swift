import DaybookCore
import GRDB

extension JournalStore {
    /// Adds a new entry's auto tags in one statement; a name given twice keeps its first score.
    ///
    /// One statement, not one per tag: on Debian's SQLite (3.40) every statement that fires a
    /// trigger writing the full-text index opens a statement journal, and FTS5 writes what it
    /// holds as a new segment there, each adding merge work.
    static func addAutoTags(_ db: Database, entryID: String, _ tags: [AutoTag], taggerVersion: Int) throws {
        guard !tags.isEmpty else { return }
        let rows = Array(repeating: "(?, ?, 'auto', ?, ?)", count: tags.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql: "INSERT INTO tag (entry_id, name, source, score, tagger_version) VALUES \(rows) ON CONFLICT (entry_id, name) DO NOTHING")
        try statement.execute(
            arguments: StatementArguments(
                tags.flatMap { tag -> [(any DatabaseValueConvertible)?] in
                    [entryID, tag.name, tag.score, taggerVersion]
                }))
    }
}
