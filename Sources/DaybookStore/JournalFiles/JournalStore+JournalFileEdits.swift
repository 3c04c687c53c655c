import DaybookCore
import Foundation
import GRDB

/// The journal files one write transaction changed, so that the files follow it: when it
/// fails, each is put back as it was.
struct JournalFileWrites {
    /// Files made anew: removed again.
    var created: [JournalFilePath] = []
    /// Files written over, as they read before: written again.
    var replaced: [JournalFile] = []
    /// Files removed (an entry's old name after its date moved it, the file of an entry that
    /// went), as they read: made again.
    var removed: [JournalFile] = []

    /// Takes on the files a part of the same transaction wrote (a savepoint that was kept).
    mutating func append(_ other: JournalFileWrites) {
        created += other.created
        replaced += other.replaced
        removed += other.removed
    }
}

extension JournalStore {
    /// Runs `body` in one write transaction; the journal files it writes there (through
    /// `saveJournalFile`) are the transaction's last steps, and are put back when it fails, so
    /// that a change reaches both the files and the index, or neither. A kill before the
    /// commit leaves the files ahead of the index: they are the truth, and the same change
    /// made again finds them as it would have left them.
    func writeWithJournalFiles<T>(_ body: (Database, inout JournalFileWrites) throws -> T) throws -> T {
        var writes = JournalFileWrites()
        changeLog?.begin()
        defer { changeLog?.end() }
        do {
            return try pool.write { db in try body(db, &writes) }
        } catch {
            putBack(writes)
            throw error
        }
    }

    /// Puts the files `writes` changed back as they were, for a change that was not stored.
    /// The files removed come back before the new ones go, so that a kill in between leaves
    /// an entry's words in two files (a move that replay finishes), never in none.
    func putBack(_ writes: JournalFileWrites) {
        let created = Set(writes.created)
        // A name removed and then made anew in the same change is freed first.
        let elsewhere = writes.removed.filter { !created.contains($0.path) }
        let reused = writes.removed.filter { created.contains($0.path) }
        for file in elsewhere { try? writeJournalFile(file) }
        for file in writes.replaced.reversed() { _ = try? replaceJournalFile(file) }
        for path in writes.created { removeJournalFile(path) }
        for file in reused { try? writeJournalFile(file) }
    }

    /// Brings an entry's journal file up to date with its row (`journalFile(of:date:_:)`), inside
    /// the change's transaction, as its last step before the commit: the file is the truth, and
    /// a file that does not read as this entry's is never written over (the change fails,
    /// naming its line).
    ///
    /// A text entry always has a file. A photo entry gets one as soon as it holds something a
    /// person wrote or chose, and keeps it afterwards even when the choice is undone: the file
    /// then says so to a device that reads it. A new date moves the file to its new name (a
    /// `source_path` that names the file follows it). An entry with no date has no file, so a
    /// change that leaves it holding something of the person's is refused (`undatedEntry`).
    func saveJournalFile(of entry: inout JournalEntry, was old: JournalEntry, _ db: Database, _ writes: inout JournalFileWrites)
        throws
    {
        guard let date = entry.capturedLocal else {
            let unnamed = try journalFile(of: entry, date: Self.anyDate, db)
            if unnamed.holdsPersonalData && JournalFile.canName(entry) { throw StoreError.undatedEntry(entry) }
            return
        }
        let file = try journalFile(of: entry, date: date, db)
        let oldPath: JournalFilePath?
        if let own = JournalFilePath(relative: old.sourcePath) {
            oldPath = own
        } else if old.media == .text {
            throw StoreError.unreadableEntry("entry \(entry.id)'s journal file \(old.sourcePath) is not a path this journal writes")
        } else {
            oldPath = journalFilePath(of: old)
        }
        guard oldPath != nil || (file.holdsPersonalData && JournalFile.canName(entry)) else { return }
        guard oldPath != file.path else {
            // The file must be there: one gone is a deletion (by hand, or on another device), not undone here.
            writes.replaced.append(try replaceJournalFile(file))
            return
        }
        if let oldPath { try changeLog?.noteMove(from: oldPath, to: file.path) }
        try putJournalFile(file, &writes)
        guard let oldPath else { return }
        try removeJournalFile(oldPath, of: entry.id, &writes)
        guard JournalFilePath(relative: entry.sourcePath) != nil else { return }
        entry.sourcePath = file.path.description
        try db.execute(sql: "UPDATE entry SET source_path = ? WHERE id = ?", arguments: [entry.sourcePath, entry.id])
    }

    /// Stands in for the date of an entry that has none, to ask what its file would hold.
    private static let anyDate = LocalDateTime(year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0)!

    /// Writes `file` at its path: over the file there when that reads as the same entry's
    /// (written by a change that was killed before its commit, or by this one), else anew.
    private func putJournalFile(_ file: JournalFile, _ writes: inout JournalFileWrites) throws {
        if FileManager.default.fileExists(atPath: file.path.url(in: library).path) {
            writes.replaced.append(try replaceJournalFile(file))
        } else {
            try writeJournalFile(file)
            writes.created.append(file.path)
        }
    }

    /// Removes entry `id`'s file at `path`, once it reads as that entry's (it may hold other
    /// words otherwise); one already gone is no matter (a change killed after removing it).
    func removeJournalFile(_ path: JournalFilePath, of id: String, _ writes: inout JournalFileWrites) throws {
        guard FileManager.default.fileExists(atPath: path.url(in: library).path) else { return }
        let file = try readJournalFile(at: path, of: id)
        removeJournalFile(path)
        writes.removed.append(file)
    }

    /// `saveJournalFile` of the entry `entryID` as its row is now (a change of its tags or
    /// its stack, which moves neither its date nor its path).
    func saveJournalFile(ofEntry entryID: String, _ db: Database, _ writes: inout JournalFileWrites) throws {
        guard var entry = try JournalEntry.fetchOne(db, key: entryID) else { return }
        let old = entry
        try saveJournalFile(of: &entry, was: old, db, &writes)
    }

    /// The journal file `entry` has, if any: a text entry's (and a photo's known from its file
    /// alone) is its `source_path`; a photo entry's is where its id and date put it
    /// (`source_path` names the photo), taken only when it names this entry (the name carries
    /// only the id's first eight digits).
    func journalFilePath(of entry: JournalEntry) -> JournalFilePath? {
        if let own = JournalFilePath(relative: entry.sourcePath) { return own }
        guard entry.media != .text, let date = entry.capturedLocal else { return nil }
        let path = JournalFilePath(id: entry.id, date: date)
        let url = path.url(in: library)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        // A file that does not parse is kept as this entry's: an edit then refuses it, naming its line.
        guard let data = try? Data(contentsOf: url), let file = try? JournalFileParser.parse(data) else { return path }
        return file.id == entry.id ? path : nil
    }

    /// The file at `path`, once it reads as entry `id`'s; otherwise the error names its line.
    func readJournalFile(at path: JournalFilePath, of id: String) throws -> JournalFile {
        let file = try JournalFileParser.parse(try Data(contentsOf: path.url(in: library)), path: path.description)
        guard file.id == id else { throw JournalFileError(path: path.description, line: 3, "the file is entry \(file.id)'s, not \(id)'s") }
        return file
    }

    /// Writes `file` over the one at its path, once the bytes there read as a journal file of
    /// the same entry; returns the file as it read before, to put back if the change fails.
    @discardableResult
    func replaceJournalFile(_ file: JournalFile) throws -> JournalFile {
        let path = file.path
        try changeLog?.note(path)
        var before: JournalFile?
        try AtomicFile.replace(
            file.serialized(), root: library.root, folders: [JournalFilePath.folderName] + path.folders, name: path.fileName,
            maximumBytes: JournalFileParser.maximumFileBytes
        ) { bytes in
            let current = try JournalFileParser.parse(bytes, path: path.description)
            guard current.id == file.id else {
                throw JournalFileError(path: path.description, line: 3, "the file is entry \(current.id)'s, not \(file.id)'s")
            }
            before = current
        }
        // `replace` returns only after `check` accepted the file.
        return before!
    }

    /// The checks `write` makes of a text entry's words, for an edit of them.
    static func checkText(_ text: String) throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw StoreError.blankText() }
        guard !text.utf8.contains(0) else { throw StoreError.nulInText() }
    }
}
