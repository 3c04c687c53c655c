import DaybookCore
import GRDB

/// The full-text index's rowids (the entries' search keys) follow the timeline: an entry's
/// key is its capture second, shifted left, plus a count among the entries of that second;
/// undated entries come below every dated one. FTS5 then answers "the newest k matches" with
/// `ORDER BY rowid DESC LIMIT k` by reading its lists backwards and stopping early, instead
/// of finding and sorting every match, work that grows with the journal.
///
/// Keys order seconds exactly, not the entries within one second: the timeline breaks those
/// ties by when the entry was added and its id (`TimelineOrder`), which a key given at insert
/// cannot follow. A search therefore reads the whole last second it reaches and sorts.
enum SearchOrder {
    /// Entries one second can hold (2²²): a second that somehow held more would spill its
    /// last keys into the next second's range, or fail the insert on a taken key.
    static let perSecond: Int64 = 1 << 22
    /// Undated entries' keys lie in [1, datedStart).
    static let datedStart: Int64 = 1 << 40
    /// Seconds from 0000-01-01 to 1970-01-01, so that every year SQLite reads (0000–9999)
    /// gives a positive key below 2⁶¹.
    static let epochOffset: Int64 = 62_167_219_200

    /// The first key of the second `seconds` (since 1970, local time read as UTC).
    static func firstKey(seconds: Int64) -> Int64 {
        (seconds + epochOffset) * perSecond + datedStart
    }

    /// The keys of the second holding `key` (of the undated range for an undated key).
    static func keysOfSecond(holding key: Int64) -> ClosedRange<Int64> {
        guard key >= datedStart else { return 1...(datedStart - 1) }
        let first = (key - datedStart) / perSecond * perSecond + datedStart
        return first...(first + perSecond - 1)
    }

    /// The keys of entries captured in the second of `captured`, or undated.
    static func keysOfSecond(_ captured: LocalDateTime?) -> ClosedRange<Int64> {
        guard let captured else { return 1...(datedStart - 1) }
        return keysOfSecond(holding: firstKey(seconds: captured.secondsSinceEpochIgnoringZone))
    }

    /// The first key of a second, in SQL, from a `captured_local` column (`row.captured_local`).
    /// Text SQLite cannot read as a time (never written by Daybook) counts as undated.
    static func firstKeySQL(_ captured: String) -> String {
        """
        (CASE WHEN \(captured) IS NULL THEN 1 \
        ELSE coalesce((CAST(strftime('%s', \(captured)) AS INTEGER) + \(epochOffset)) * \(perSecond) + \(datedStart), 1) END)
        """
    }

    /// A new entry's key: the next free one in its second.
    static func newKeySQL(_ captured: String) -> String {
        let first = firstKeySQL(captured)
        return "coalesce((SELECT max(key) + 1 FROM search_key WHERE key BETWEEN \(first) AND \(first) + \(perSecond - 1)), \(first))"
    }

    /// Migration v16: every entry gets its key in the timeline, the index is made again under
    /// those rowids from its own columns (no word is computed again), and the triggers give
    /// new entries their key and move an entry whose capture time changes. Within a second the
    /// keys follow the timeline's tie order, so a search rarely needs its final sort. Every
    /// word is searched as a prefix, and FTS5 builds a prefix's whole list before walking it:
    /// prefixes of 2 and 3 characters (what a user has typed so far) get lists of their own,
    /// so a page of `caf riv` walks one ready list a word instead of first merging the lists of
    /// every word they begin, for a few more bytes an entry. Longer prefixes match few enough
    /// words to merge quickly.
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TEMP TABLE search_order_copy AS
                    SELECT \(firstKeySQL("entry.captured_local"))
                               + row_number() OVER (PARTITION BY \(firstKeySQL("entry.captured_local"))
                                                    ORDER BY entry.created_at, entry.id DESC) - 1 AS key,
                           entry.id AS entry_id, s.text, s.tags, s.place, s.words
                    FROM entry_search s JOIN search_key k ON k.key = s.rowid JOIN entry ON entry.id = k.entry_id;
                DROP TABLE entry_search;
                DROP TABLE search_key;
                CREATE TABLE search_key (key INTEGER PRIMARY KEY, entry_id TEXT NOT NULL UNIQUE);
                CREATE VIRTUAL TABLE entry_search USING fts5(
                    text, tags, place, words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
                INSERT INTO search_key (key, entry_id) SELECT key, entry_id FROM temp.search_order_copy ORDER BY key;
                INSERT INTO entry_search (rowid, text, tags, place, words)
                    SELECT key, text, tags, place, words FROM temp.search_order_copy ORDER BY key;
                DROP TABLE temp.search_order_copy;

                DROP TRIGGER entry_search_insert;
                CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO search_key (key, entry_id) VALUES (\(newKeySQL("new.captured_local")), new.id);
                    INSERT INTO entry_search (rowid, text, tags, place, words)
                        VALUES ((SELECT key FROM search_key WHERE entry_id = new.id), new.text, '', \(PlaceColumns.placeWords),
                                \(SearchWords.call("new")));
                END;
                CREATE TRIGGER entry_search_order AFTER UPDATE OF captured_local ON entry
                WHEN \(firstKeySQL("old.captured_local")) IS NOT \(firstKeySQL("new.captured_local")) BEGIN
                    UPDATE entry_search SET rowid = \(newKeySQL("new.captured_local"))
                    WHERE rowid = (SELECT key FROM search_key WHERE entry_id = new.id);
                    UPDATE search_key SET key = \(newKeySQL("new.captured_local")) WHERE entry_id = new.id;
                END;
                """)
    }
}
