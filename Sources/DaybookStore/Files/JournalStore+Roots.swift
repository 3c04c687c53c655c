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

/// Migration "v8-ingest-roots".
enum IngestRootsTable {
    static func create(_ db: Database) throws {
        try db.create(table: "ingest_root") { t in
            t.primaryKey("path", .text)
            t.column("added_at", .text).notNull()
        }
        // An existing library's photos keep being served: its roots are the folders its
        // entries were seen in. The store cannot tell an entry imported from an export from
        // an ingested one (nothing marks them), so those folders count too; imports after
        // this migration add no root (docs/file-access.md).
        let paths = try String.fetchAll(db, sql: "SELECT DISTINCT source_path FROM entry")
        // "/" would open every file on the machine: a photo there gives no root.
        let folders = Set(paths.compactMap(parentFolder)).subtracting(["/"])
        let now = JournalEntry.timestamp(Date())
        for folder in folders.sorted() {
            try db.execute(sql: "INSERT OR IGNORE INTO ingest_root (path, added_at) VALUES (?, ?)", arguments: [folder, now])
        }
    }

    /// "/a/b" for "/a/b/c.jpg"; nil for a path that is not absolute.
    static func parentFolder(_ path: String) -> String? {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
