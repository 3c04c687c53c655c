import DaybookCore
import Foundation
import GRDB

// A minimal stand-in with the shared signatures, so that `rebuild` builds on its own
// branch: it indexes text entries only. The full reader (photo entries, re-keying,
// tombstones, removed tags, stacks) is `index`'s and replaces this file.

/// What one journal file did to the index.
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

/// What a pass over the whole journal folder did.
package struct JournalFolderIndexing: Sendable {
    package var changes: [JournalFileIndexing]
    package var problems: [JournalFileError]
}

extension JournalStore {
    /// Makes the index agree with the file at `path` (which may be gone).
    package func indexJournalFile(at path: JournalFilePath) throws -> JournalFileIndexing {
        let url = path.url(in: library)
        guard let data = FileManager.default.contents(atPath: url.path) else { return .ignored }
        let file = try JournalFileParser.parse(data, path: path.description)
        guard file.photo == nil, file.deleted == nil, file.path == path else { return .ignored }
        return try pool.write { db in
            if try JournalEntry.fetchOne(db, key: file.id) != nil { return .unchanged(entryID: file.id) }
            var entry = JournalEntry(
                id: file.id, contentHash: Self.textContentHash(id: file.id), sourcePath: path.description, fileSize: 0,
                capture: CaptureTime(
                    local: file.date, source: .user, offset: file.utcOffsetSeconds.flatMap { UTCOffset(seconds: $0, source: .device) }),
                location: file.location, locationSource: file.location == nil ? nil : .user,
                pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
            entry.media = .text
            entry.text = file.text
            entry.createdAt = file.created
            try SearchWrites.markPending(entryID: entry.id, db)
            try entry.insert(db)
            for name in file.tags {
                try db.execute(sql: "INSERT INTO tag (entry_id, name, source) VALUES (?, ?, 'user')", arguments: [entry.id, name])
            }
            try SearchWrites.indexPending(db)
            return .added(entryID: file.id)
        }
    }

    /// Every file under journal/ (catch-up at start, and rebuild); one bad file is a problem, never a stop.
    package func indexJournalFolder(progress: (Int, Int) -> Void = { _, _ in }) throws -> JournalFolderIndexing {
        let root = library.root.appendingPathComponent(JournalFilePath.folderName)
        var paths: [JournalFilePath] = []
        for year in Self.names(in: root) {
            for month in Self.names(in: root.appendingPathComponent(year)) {
                for name in Self.names(in: root.appendingPathComponent(year).appendingPathComponent(month)) {
                    if let path = JournalFilePath(relative: "\(JournalFilePath.folderName)/\(year)/\(month)/\(name)") {
                        paths.append(path)
                    }
                }
            }
        }
        var result = JournalFolderIndexing(changes: [], problems: [])
        for (index, path) in paths.enumerated() {
            do {
                result.changes.append(try indexJournalFile(at: path))
            } catch let error as JournalFileError {
                result.problems.append(error)
            }
            progress(index + 1, paths.count)
        }
        return result
    }

    private static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
