import DaybookCore
import GRDB

extension JournalReader {
    /// Entries taken on `monthDay` in years before `beforeYear`, newest year first.
    /// On 28 February of a common year, 29 February entries are included too, so leap-day
    /// photos still come round.
    package func onThisDay(monthDay: MonthDay, beforeYear: Int, includeLeapDay: Bool) throws -> [JournalEntry] {
        guard let firstDayOfYear = CivilDate(year: min(beforeYear, 9999), month: 1, day: 1) else { return [] }
        var days = [monthDay]
        if includeLeapDay { days.append(MonthDay.leapDay) }
        // The expression of the entry_month_day index, so that index answers.
        return try JournalEntry.filter(days.contains(SQL("substr(captured_local, 6, 5)")))
            .filter(JournalEntry.Columns.capturedLocal < firstDayOfYear)
            .order(JournalEntry.Columns.capturedLocal.desc).fetchAll(db)
    }

    /// Most recently added entries.
    package func latest(_ count: Int) throws -> [JournalEntry] {
        try JournalEntry.order(JournalEntry.Columns.createdAt.desc, JournalEntry.Columns.id).limit(count).fetchAll(db)
    }

    /// Every tag in use with how many entries carry it, most used first.
    package func tagCounts() throws -> [TagCount] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT name, count(*) AS entries,
                       sum(source = 'auto') AS auto, sum(source = 'user') AS user
                FROM tag GROUP BY name ORDER BY entries DESC, name
                """
        ).map { TagCount(name: $0["name"], entries: $0["entries"], auto: $0["auto"], user: $0["user"]) }
    }

    /// The entry's other files (its RAW), in role order.
    package func files(entryID: String) throws -> [EntryFile] {
        try JournalStore.files(db, entryID: entryID)
    }
}
