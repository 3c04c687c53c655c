import DaybookCore
import GRDB

extension JournalReader {
    /// Most recently added entries.
    package func latest(_ count: Int) throws -> [JournalEntry] {
        try Self.latestRequest(count).fetchAll(db)
    }

    /// Newest added first, ties by id: the order of the `entry_latest` index (v21-latest-order),
    /// so only the rows returned are read.
    static func latestRequest(_ count: Int) -> QueryInterfaceRequest<JournalEntry> {
        JournalEntry.order(JournalEntry.Columns.createdAt.desc, JournalEntry.Columns.id).limit(count)
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
