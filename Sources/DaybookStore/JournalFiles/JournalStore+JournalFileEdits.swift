import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// Brings an entry's journal file up to date with `entry` (its words, date, zone, place
    /// and photo) and its tags, inside the edit's transaction, as its last step before the
    /// commit: the file is written before the index (docs/design/writing.md), and a file that
    /// does not read as this entry's is never written over (the edit fails, naming its line).
    ///
    /// A new date can move the file to another month's folder: the new file is made (a text
    /// entry's `source_path` follows it; a photo's names its photo); the old one is returned,
    /// to be removed after the commit. An entry with no journal file (a photo no words were
    /// attached to) is left alone.
    func saveJournalFile(of entry: inout JournalEntry, was old: JournalEntry, _ db: Database) throws -> JournalFilePath? {
        guard let date = entry.capturedLocal else { return nil }
        let oldPath: JournalFilePath
        if old.media == .text {
            guard let path = JournalFilePath(relative: old.sourcePath) else {
                throw StoreError.unreadableEntry("entry \(entry.id)'s journal file \(old.sourcePath) is not a path this journal writes")
            }
            oldPath = path
        } else {
            guard let path = journalFilePath(of: old) else { return nil }
            oldPath = path
        }
        let file = try journalFile(of: entry, date: date, db)
        guard file.path != oldPath else {
            try replaceJournalFile(file)
            return nil
        }
        try writeJournalFile(file)
        guard entry.media == .text else { return oldPath }
        entry.sourcePath = file.path.description
        do {
            try db.execute(sql: "UPDATE entry SET source_path = ? WHERE id = ?", arguments: [entry.sourcePath, entry.id])
        } catch {
            removeJournalFile(file.path)
            throw error
        }
        return oldPath
    }

    /// The journal file `entry` has, if any: a text entry's is its `source_path`; the words a
    /// photo was attached to keep theirs where their id and date put it (`source_path` names
    /// the photo), so it is looked for there, and taken only when it names this entry (the
    /// name carries only the id's first eight digits).
    func journalFilePath(of entry: JournalEntry) -> JournalFilePath? {
        if entry.media == .text { return JournalFilePath(relative: entry.sourcePath) }
        guard let date = entry.capturedLocal else { return nil }
        let path = JournalFilePath(id: entry.id, date: date)
        let url = path.url(in: library)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        // A file that does not parse is kept as this entry's: an edit then refuses it, naming its line.
        guard let data = try? Data(contentsOf: url), let file = try? JournalFileParser.parse(data) else { return path }
        return file.id == entry.id ? path : nil
    }

    /// `entry`'s file as of `date`, with the tags the person gave it.
    func journalFile(of entry: JournalEntry, date: LocalDateTime, _ db: Database) throws -> JournalFile {
        let tags = try Self.tags(db, entryID: entry.id).filter { $0.source == .user }.map(\.name)
        return JournalFile(entry: entry, date: date, tags: tags)
    }

    /// Writes `file` over the one at its path, once the bytes there read as a journal file of
    /// the same entry.
    func replaceJournalFile(_ file: JournalFile) throws {
        let path = file.path
        try AtomicFile.replace(
            file.serialized(), root: library.root, folders: [JournalFilePath.folderName] + path.folders, name: path.fileName,
            maximumBytes: JournalFileParser.maximumFileBytes
        ) { bytes in
            let current = try JournalFileParser.parse(bytes, path: path.description)
            guard current.id == file.id else {
                throw JournalFileError(path: path.description, line: 3, "the file is entry \(current.id)'s, not \(file.id)'s")
            }
        }
    }

    /// The checks `write` makes of a text entry's words, for an edit of them.
    static func checkText(_ text: String) throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw StoreError.blankText() }
        guard !text.utf8.contains(0) else { throw StoreError.nulInText() }
    }
}
