import Foundation
import GRDB

/// The folders the library has ingested from: what `ingest` and `watch` were pointed at.
/// The web journal serves an original photo only from under one of them (or a folder named
/// by `serve --originals`), so an imported entry naming a system file is never served
/// (docs/file-access.md).
extension JournalStore {
    /// Remembers `folders` (absolute paths, as the caller resolved them); known ones are kept.
    package func recordIngestRoots(_ folders: [String]) throws {
        let folders = folders.filter { $0.hasPrefix("/") }
        guard !folders.isEmpty else { return }
        // Most runs ingest from folders already known: no write, so no journal to grow.
        let known = Set(try ingestRoots())
        guard folders.contains(where: { !known.contains($0) }) else { return }
        let now = JournalEntry.timestamp(Date())
        try pool.write { db in
            for folder in folders {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO ingest_root (path, added_at) VALUES (?, ?)", arguments: [folder, now])
            }
        }
    }

    /// Every folder the library has ingested from, sorted.
    package func ingestRoots() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "SELECT path FROM ingest_root ORDER BY path") }
    }
}
