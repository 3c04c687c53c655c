import DaybookCore
import Foundation
import GRDB

/// The database `rebuild` moves out of the way, never deletes: if the journal files lack
/// something the old index knew, it is still there to look at.
package struct SetAsideDatabase: Sendable {
    /// `journal.sqlite.before-rebuild-<UTC time>`; its `-wal` and `-shm` keep their suffixes, so
    /// SQLite opens the three as one database again.
    package let url: URL

    /// Moves `journal.sqlite` and its `-wal` and `-shm` aside; nil when there is none of them.
    /// The `-wal` goes first: left beside a new, empty `journal.sqlite`, an old write-ahead log
    /// would be read into it. Run only while no other process has the journal open
    /// (`LibraryUseLock`).
    package static func moveAside(in library: Library, now: Date = Date()) throws -> SetAsideDatabase? {
        let main = library.databaseURL
        // A `-wal` left without its database is moved too: a new database would read it.
        guard ["", "-wal", "-shm"].contains(where: { FileManager.default.fileExists(atPath: main.path + $0) }) else { return nil }
        let stamp = UTCTimestamp.text(now).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        let aside = SetAsideDatabase(url: main.deletingLastPathComponent().appendingPathComponent("journal.sqlite.before-rebuild-\(stamp)"))
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: aside.url.path + suffix) {
            throw StoreError.io("\(aside.url.path + suffix) exists already; nothing was moved (try again in a second)")
        }
        for suffix in ["-wal", "-shm", ""] {
            let from = main.path + suffix
            guard rename(from, aside.url.path + suffix) == 0 else {
                if errno == ENOENT { continue }
                throw StoreError.system(errno, "cannot move \(from) aside")
            }
        }
        let folder = open(library.root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        return aside
    }

    /// The ingest folders the set-aside database knew (its `ingest_root` table), for a library
    /// that has no `ingest-roots.json` yet; none when it cannot be read (a damaged database
    /// is a reason to rebuild).
    package func ingestRoots() -> [String] {
        read { db in try String.fetchAll(db, sql: "SELECT path FROM ingest_root ORDER BY path") } ?? []
    }

    /// The library's settings the set-aside database held (the weather provider chosen, and
    /// any other choice kept in the `setting` table): a person's choices, which the journal
    /// files do not carry. None when it cannot be read.
    package func settings() -> [String: String] {
        read { db in
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT key, value FROM setting").map { ($0["key"] as String, $0["value"] as String) },
                uniquingKeysWith: { first, _ in first })
        } ?? [:]
    }

    private func read<T>(_ body: (Database) throws -> T) -> T? {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration) else { return nil }
        defer { try? queue.close() }
        return try? queue.read(body)
    }
}

extension JournalStore {
    /// Puts settings back into a rebuilt journal; a key it already has keeps its value.
    package func restoreSettings(_ settings: [String: String]) throws {
        guard !settings.isEmpty else { return }
        try pool.write { db in
            for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "INSERT OR IGNORE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
            }
        }
    }
}
