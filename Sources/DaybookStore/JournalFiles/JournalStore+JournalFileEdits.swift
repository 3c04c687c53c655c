import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// Brings a text entry's journal file up to date with `entry` (its words, date, zone and
    /// place) and its tags, inside the edit's transaction, as its last step before the commit:
    /// the file is written before the index (docs/design/writing.md), and a file that does not
    /// read as this entry's is never written over (the edit fails, naming its line).
    ///
    /// A new date can move the file to another month's folder: the new file is made and the
    /// entry's `source_path` follows it; the old one is returned, to be removed after the
    /// commit. Other entries have no journal file yet: nothing is done for them.
    func saveJournalFile(of entry: inout JournalEntry, was old: JournalEntry, _ db: Database) throws -> JournalFilePath? {
        guard entry.media == .text, let date = entry.capturedLocal else { return nil }
        guard let oldPath = JournalFilePath(relative: old.sourcePath) else {
            throw StoreError.unreadableEntry("entry \(entry.id)'s journal file \(old.sourcePath) is not a path this journal writes")
        }
        let tags = try Self.tags(db, entryID: entry.id).filter { $0.source == .user }.map(\.name)
        let file = JournalFile(entry: entry, date: date, tags: tags)
        guard file.path != oldPath else {
            try replaceJournalFile(file)
            return nil
        }
        try writeJournalFile(file)
        entry.sourcePath = file.path.description
        do {
            try db.execute(sql: "UPDATE entry SET source_path = ? WHERE id = ?", arguments: [entry.sourcePath, entry.id])
        } catch {
            removeJournalFile(file.path)
            throw error
        }
        return oldPath
    }

    /// Writes `file` over the one at its path, once the bytes there read as a journal file of
    /// the same entry.
    private func replaceJournalFile(_ file: JournalFile) throws {
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
