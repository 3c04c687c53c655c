import Foundation
import GRDB

/// A library's photo entries whose words and choices were kept in the index alone (stored
/// by a version that gave only text entries a file) get their journal files once, on the
/// first read-write open, so that the journal folder holds everything a person wrote.
extension JournalStore {
    /// The `setting` row that says every photo entry's file was written.
    static let photoJournalFilesSetting = "photo_journal_files_written"
    /// From this many entries on, the writing says on standard error what it does: a command
    /// that is silent for that long looks hung.
    static let photoJournalFilesWorthNoting = 200

    /// What `writeMissingJournalFiles` did.
    package struct JournalFileBackfill: Sendable, Equatable {
        /// Entries whose file now says what the index says (made, brought up to date, or so already).
        package var written = 0
        /// Files that do not read as their entry's (path and line), never written over: the
        /// entry's words stay in the index until the file is mended.
        package var problems: [String] = []

        package init(written: Int = 0, problems: [String] = []) {
            self.written = written
            self.problems = problems
        }
    }

    /// Writes the journal file of every dated photo entry that holds something a person wrote
    /// or chose, through `saveJournalFile` as an edit would, unless the `setting` row says it
    /// was done (`evenIfDone`: a benchmark's seeded rows, stored without files). Killed halfway
    /// it starts again on the next open: a file already written holds the same bytes, and is
    /// not written again. An entry with no date has no path, so its words stay in the index alone.
    @discardableResult
    package func writeMissingJournalFiles(evenIfDone: Bool = false, progress: (Int, Int) -> Void = { _, _ in }) throws
        -> JournalFileBackfill
    {
        // Read on the writer's connection: a pool that opened a reader keeps its WAL files
        // after it closes (a reader cannot check the WAL back in), which a first open of a
        // library must not leave behind.
        let due = try pool.writeWithoutTransaction { db -> [String]? in
            let done = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.photoJournalFilesSetting])
            guard evenIfDone || done == nil else { return nil }
            return try String.fetchAll(db, sql: Self.photoEntriesWithPersonalData)
        }
        guard let ids = due else { return JournalFileBackfill() }
        var done = JournalFileBackfill()
        for (index, id) in ids.enumerated() {
            // One transaction each, as an edit's: the row is read again under the write lock,
            // so an edit by another process in between is never written over.
            do {
                try writeWithJournalFiles { db, writes in try saveJournalFile(ofEntry: id, db, &writes) }
                done.written += 1
            } catch let error as JournalFileError {
                done.problems.append("\(error)")
            } catch let error as StoreError {
                done.problems.append("\(error)")
            }
            progress(index + 1, ids.count)
        }
        try setSetting(Self.photoJournalFilesSetting, to: JournalEntry.timestamp(Date()))
        return done
    }

    /// `writeMissingJournalFiles` as an open runs it: a line on standard error when there are
    /// many, and each file that could not be written named. A failure here never keeps the
    /// journal from opening; it is said, and tried again on the next open.
    func writeMissingJournalFilesOnOpen() {
        var noted = false
        let line = { (text: String) in FileHandle.standardError.write(Data("daybook: \(text)\n".utf8)) }
        do {
            let done = try writeMissingJournalFiles { written, total in
                guard total >= Self.photoJournalFilesWorthNoting else { return }
                if !noted {
                    line("writing the journal files of \(total) photo entries with words, tags or choices (once, for this version)")
                    noted = true
                }
                if written % 1_000 == 0 || written == total { line("journal files: \(written) of \(total)") }
            }
            for problem in done.problems { line("\(problem): left as it is; the entry's words and choices stay in the index") }
        } catch {
            line("could not write the photo entries' journal files (\(error)); the next open tries again")
        }
    }

    /// Photo entries (not text ones: those always had a file) with words, user tags, removed
    /// tags, a date or place set by hand, or a stack choice; the ones with no date have no path.
    private static let photoEntriesWithPersonalData = """
        SELECT id FROM entry e WHERE media_kind <> 'text' AND captured_local IS NOT NULL AND (
            text <> '' OR capture_source = 'user' OR location_source = 'user' OR stack_split
            OR (stack_cover_picked AND stack_id IS NOT NULL)
            OR EXISTS (SELECT 1 FROM tag t WHERE t.entry_id = e.id AND t.source = 'user')
            OR EXISTS (SELECT 1 FROM tag_removal r WHERE r.entry_id = e.id))
        ORDER BY id
        """
}
