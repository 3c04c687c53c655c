import DaybookCore
import Foundation
import GRDB

/// What indexing one journal file did to the index.
package enum JournalFileIndexing: Sendable, Equatable {
    case added(entryID: String)
    case updated(entryID: String)
    case unchanged(entryID: String)
    /// A tombstone put the entry out.
    case deleted(entryID: String)
    /// The file is gone: its text entry went with it.
    case removed(entryID: String)
    /// Not a journal file name, or a file no entry needs.
    case ignored
}

/// What indexing the whole journal folder did: each file's change, and the files that could
/// not be read (each named with its line), which stopped nothing.
package struct JournalFolderIndexing: Sendable {
    package var changes: [JournalFileIndexing]
    package var problems: [JournalFileError]

    package init(changes: [JournalFileIndexing] = [], problems: [JournalFileError] = []) {
        self.changes = changes
        self.problems = problems
    }
}

/// The reader side of "the files are the truth" (docs/design/writing.md): a journal file that
/// changed (another device's, a sync tool's, a hand edit) makes the index agree with it. The
/// writers keep calling the file first; this only follows.
extension JournalStore {
    /// Makes the index agree with the file at `path` (which may be gone).
    package func indexJournalFile(at path: JournalFilePath) throws -> JournalFileIndexing {
        try indexJournalFile(at: path, place: { _ in })
    }

    /// Every file under journal/ (catch-up at start, and rebuild); one bad file is a problem, never a stop.
    package func indexJournalFolder(progress: (Int, Int) -> Void = { _, _ in }) throws -> JournalFolderIndexing {
        try indexJournalFolder(place: { _ in }, progress: progress)
    }

    /// `indexJournalFile(at:)`, with `place` naming a position the file gave an entry (and
    /// zoning a floating time), as `edit` takes it: the store reads no place table itself.
    /// Without it such an entry waits for `daybook places --update` to be named.
    package func indexJournalFile(at path: JournalFilePath, place: (inout JournalEntry) -> Void) throws -> JournalFileIndexing {
        guard !isReadOnly else { throw StoreError.readOnlyLibrary(library.root.path, reason: "opened read-only") }
        guard let data = try readJournalFileIfPresent(path) else { return try indexGoneFile(path, place: place) }
        let file = try JournalFileParser.parse(data, path: path.description)
        // The path is made from the id and the date: a file whose name says otherwise (a date
        // edited by hand, a copy) would be found under one name and written under another.
        guard file.path == path else {
            throw JournalFileError(
                path: path.description, line: Self.line(of: file.id.hasPrefix(path.idPrefix) ? "date" : "id", in: data),
                "the file's id and date belong in \(file.path); move it there, or change them back")
        }
        if file.deleted != nil { return try indexTombstone(file, at: path) }
        return try indexLiveFile(file, at: path, place: place)
    }

    /// `indexJournalFolder(progress:)` with `place` as `indexJournalFile(at:place:)` takes it.
    package func indexJournalFolder(
        place: (inout JournalEntry) -> Void, progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> JournalFolderIndexing {
        guard !isReadOnly else { throw StoreError.readOnlyLibrary(library.root.path, reason: "opened read-only") }
        var result = JournalFolderIndexing()
        guard let files = journalFilePaths() else { return result }
        // Entries the index holds from a file that is no longer there (removed while nothing
        // watched): looked at as gone files, after every file that is there.
        let present = Set(files.map(\.description))
        let orphans = try fileBackedPaths().filter { !present.contains($0.description) }
        let all = files + orphans
        for (done, path) in all.enumerated() {
            do {
                result.changes.append(try indexJournalFile(at: path, place: place))
            } catch let error as JournalFileError {
                result.problems.append(error)
            } catch {
                result.problems.append(JournalFileError(path: path.description, "\(error)"))
            }
            progress(done + 1, all.count)
        }
        return result
    }

    /// The paths the index holds entries or trash rows for by their journal file alone: text
    /// entries, photos known from their file, and tombstones.
    private func fileBackedPaths() throws -> [JournalFilePath] {
        let paths = try pool.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT source_path FROM entry WHERE source_path LIKE 'journal/%'
                    UNION SELECT journal_path FROM deleted_entry WHERE journal_path IS NOT NULL
                    """)
        }
        return paths.compactMap(JournalFilePath.init(relative:)).sorted { $0.description < $1.description }
    }

    /// The 1-based line of `key:` in a journal file's front matter, for a message about it.
    static func line(of key: String, in data: Data) -> Int? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.hasPrefix("\(key):") }.map { $0 + 1 }
    }
}

extension JournalFilePath {
    /// The first eight characters of the id this file's name carries.
    var idPrefix: String { String(fileName.dropFirst(11).prefix(8)) }
}
