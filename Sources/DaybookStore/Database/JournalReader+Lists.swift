import DaybookCore
import GRDB

extension JournalReader {
    /// Most recently added entries.
    package func latest(_ count: Int) throws -> [JournalEntry] {
        try JournalEntry.order(JournalEntry.Columns.createdAt.desc, JournalEntry.Columns.id).limit(count).fetchAll(db)
    }

    /// Every tag in use with how many entries carry it, most used first.
    package func tagCounts() throws -> [TagCount] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT name, auto + user AS entries, auto, user
                FROM tag_count ORDER BY entries DESC, name
                """
        ).map { TagCount(name: $0["name"], entries: $0["entries"], auto: $0["auto"], user: $0["user"]) }
    }

    /// The entry's other files (its RAW), in role order.
    package func files(entryID: String) throws -> [EntryFile] {
        try JournalStore.files(db, entryID: entryID)
    }
}
