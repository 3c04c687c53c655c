import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The schema every migration builds, against the committed snapshot
/// (Tests/Fixtures/schema/schema.sql): a registered migration that changes what it creates
/// changes a user's old library in a way no new library shows, so it must fail here.
final class SchemaSnapshotTests: XCTestCase {
    static let snapshot = Repository.fixtures.appendingPathComponent("schema/schema.sql")

    /// Set to write the snapshot anew, after adding a migration on purpose.
    static let refreshVariable = "DAYBOOK_WRITE_SCHEMA_SNAPSHOT"

    static let howToRefresh = """
        If you added a migration on purpose, write the snapshot again with
            \(refreshVariable)=1 swift test --skip-build --disable-swift-testing --filter SchemaSnapshotTests
        and commit Tests/Fixtures/schema/schema.sql with it. Otherwise a registered migration \
        changed what it creates: restore it, and add a new migration instead.
        """

    func testANewLibraryHasExactlyTheSnapshotsSchema() throws {
        let schema = try Self.schema(of: try SchemaTestLibrary.migrated(in: try temporaryFolder("daybook-schema")))
        if ProcessInfo.processInfo.environment[Self.refreshVariable] != nil {
            try FileManager.default.createDirectory(at: Self.snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(schema.utf8).write(to: Self.snapshot)
        }
        let committed = try String(contentsOf: Self.snapshot, encoding: .utf8)
        XCTAssertEqual(schema, committed, "the schema differs from \(Self.snapshot.path).\n\(Self.howToRefresh)")
    }

    /// Every migration is in the snapshot, so a new one cannot be added without it.
    func testTheSnapshotNamesEveryRegisteredMigration() throws {
        let committed = try String(contentsOf: Self.snapshot, encoding: .utf8)
        let line = "-- migrations: " + Schema.migrator.migrations.joined(separator: " ")
        XCTAssertTrue(committed.hasPrefix(line + "\n"), "the snapshot's first line is not \(line).\n\(Self.howToRefresh)")
    }

    /// The applied migrations, and each object SQLite keeps (tables, indexes, triggers,
    /// views, the full-text index's own tables) as the text it keeps, by type and name.
    static func schema(of database: some DatabaseReader) throws -> String {
        try database.read { db in
            let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            var text = "-- migrations: " + migrations.joined(separator: " ") + "\n"
            text += "-- user_version: \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)\n"
            // sqlite_stat tables come and go with ANALYZE, which no migration runs.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT type, name, tbl_name, sql FROM sqlite_master
                    WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name
                    """)
            for row in rows {
                let sql: String? = row["sql"]
                text += "\n-- \(row["type"] as String) \(row["name"] as String) on \(row["tbl_name"] as String)\n"
                text += (sql.map { $0 + ";" } ?? "-- (made by SQLite)") + "\n"
            }
            return text
        }
    }

    /// The schema with each run of white space made one space: a library upgraded from an
    /// older version keeps the statements as that version wrote them, indented its way.
    static func normalized(_ schema: String) -> String {
        schema.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// A journal file migrated with `Schema.migrator`, outside any store: the migrations alone.
enum SchemaTestLibrary {
    /// A queue on `folder`/journal.sqlite, with the function the index's triggers call, as
    /// the store registers it on every connection.
    static func queue(in folder: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in db.add(function: SearchWords.function) }
        return try DatabaseQueue(path: folder.appendingPathComponent("journal.sqlite").path, configuration: configuration)
    }

    /// Every migration, or those up to `version`.
    static func migrated(in folder: URL, upTo version: String? = nil) throws -> DatabaseQueue {
        let queue = try queue(in: folder)
        if let version { try Schema.migrator.migrate(queue, upTo: version) } else { try Schema.migrator.migrate(queue) }
        return queue
    }
}
