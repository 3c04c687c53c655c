import Foundation
import GRDB

/// The folders the library has ingested from: what `ingest` and `watch` were pointed at.
/// The web journal serves an original photo only from under one of them (or a folder named
/// by `serve --originals`), so an imported entry naming a system file is never served
/// (docs/file-access.md). They are also kept in `ingest-roots.json` (`IngestRootsFile`),
/// which outlives the database for `rebuild`.
extension JournalStore {
    /// Remembers what `paths` (as given to `ingest`) read from: their folders in the
    /// database, and the paths themselves, folders and files apart, in `ingest-roots.json`.
    package func recordIngestSources(_ paths: [String]) throws {
        try recordIngestRoots(IngestRoots.folders(for: paths), inFile: IngestRoots.sources(for: paths))
    }

    /// Remembers `folders` (absolute paths, as the caller resolved them); known ones are kept.
    package func recordIngestRoots(_ folders: [String]) throws {
        try recordIngestRoots(folders, inFile: IngestRootsFile(folders: folders))
    }

    private func recordIngestRoots(_ folders: [String], inFile sources: IngestRootsFile) throws {
        let folders = folders.filter { $0.hasPrefix("/") }
        guard !folders.isEmpty else { return }
        let known = try ingestRoots()
        // A library without the file (made before it was kept, or whose file was lost) starts
        // it from the database's folders as they were before this run, the best knowledge there
        // is; this run's paths are added as given, a photo named alone as a file.
        let current = try? IngestRootsFile.read(in: library)
        let updated = (current ?? IngestRootsFile(folders: known)).adding(sources)
        // Most runs ingest from folders already known: no write, so no journal to grow.
        if folders.contains(where: { !known.contains($0) }) {
            let now = JournalEntry.timestamp(Date())
            try pool.write { db in
                for folder in folders {
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO ingest_root (path, added_at) VALUES (?, ?)", arguments: [folder, now])
                }
            }
        }
        // Written only when it changes, after the database: a run stopped in between leaves a
        // folder the database knows and the file not, which the next run adds.
        if updated != current { try updated.write(in: library) }
    }

    /// Every folder the library has ingested from, sorted.
    package func ingestRoots() throws -> [String] {
        try pool.read { db in try JournalReader(db: db).ingestRoots() }
    }
}

extension JournalReader {
    /// `JournalStore.ingestRoots()` inside a read already open: for a web page, which reads
    /// them with the rest of what it shows rather than waiting for SQLite a second time.
    package func ingestRoots() throws -> [String] {
        try String.fetchAll(db, sql: "SELECT path FROM ingest_root ORDER BY path")
    }
}
