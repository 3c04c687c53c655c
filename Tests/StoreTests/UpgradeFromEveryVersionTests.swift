import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// A library left at each registered migration, filled by plain SQL with what its schema
/// could hold (text, user and auto tags, a removed auto tag, weather, a place, a stack), then
/// opened by today's store: the later migrations must carry every word, tag and choice over,
/// and end at the schema a new library has.
final class UpgradeFromEveryVersionTests: XCTestCase {
    func testALibraryLeftAtEachMigrationUpgradesWithEverythingInIt() throws {
        let snapshot = SchemaSnapshotTests.normalized(try String(contentsOf: SchemaSnapshotTests.snapshot, encoding: .utf8))
        for version in Schema.migrator.migrations {
            let folder = try temporaryFolder("daybook-upgrade-\(version)")
            let queue = try SchemaTestLibrary.migrated(in: folder, upTo: version)
            try queue.write { db in try OldRows.fill(db) }
            try queue.close()

            let store = try JournalStore(library: Library(root: folder))
            try OldRows.check(store, madeAt: version)
            XCTAssertEqual(
                SchemaSnapshotTests.normalized(try SchemaSnapshotTests.schema(of: store.pool)), snapshot,
                "upgraded from \(version)\n\(SchemaSnapshotTests.howToRefresh)")
        }
    }

    /// The fixture made by an old daybook (OldLibraryTests reads its entries back).
    func testTheOldDaybooksLibraryUpgradesToTheSnapshotsSchema() throws {
        let store = try JournalStore(library: try copyOfOldLibrary())
        XCTAssertEqual(
            SchemaSnapshotTests.normalized(try SchemaSnapshotTests.schema(of: store.pool)),
            SchemaSnapshotTests.normalized(try String(contentsOf: SchemaSnapshotTests.snapshot, encoding: .utf8)),
            SchemaSnapshotTests.howToRefresh)
    }
}

/// Three entries as a user's library holds them, written column by column where the
/// library's schema has the column.
private enum OldRows {
    static let paris = "0a000000-0000-4000-8000-000000000001"
    static let night = "0a000000-0000-4000-8000-000000000002"
    static let undated = "0a000000-0000-4000-8000-000000000003"

    static func fill(_ db: Database) throws {
        let placed: [String: (any DatabaseValueConvertible)?] = [
            "captured_local": "2019-07-14T10:00:00", "latitude": 48.8584, "longitude": 2.2945, "location_source": "exif",
            "camera_make": "Daybook", "camera_model": "SampleCam One", "weather_status": "done",
            "place_name": "Paris", "place_region": "Ile-de-France", "place_country": "France", "place_country_code": "FR",
            "place_version": "test-1", "stack_id": "stack-1", "is_cover": 1, "stack_cover_picked": 1,
        ]
        try insertEntry(db, id: paris, path: "/photos/trip/DSCN0012.JPG", text: "Quatorze juillet, café crème", placed)
        try insertEntry(
            db, id: night, path: "/photos/IMG_0002.JPG", text: "Night walk\nby the river",
            ["captured_local": "2020-01-02T22:00:00", "weather_status": "unavailable"])
        try insertEntry(
            db, id: undated, path: "/photos/trip/scan.jpg", text: "",
            ["stack_id": "stack-1", "is_cover": 0, "weather_status": "pending"])

        for (entry, name, source, score) in [
            (paris, "beach", "auto", 0.9), (paris, "sky", "auto", 0.5), (paris, "été", "user", nil),
            (night, "night-out", "user", nil), (night, "sky", "auto", 0.7),
        ] as [(String, String, String, Double?)] {
            try insert(db, "tag", ["entry_id": entry, "name": name, "source": source, "score": score, "tagger_version": 1])
        }
        try insert(db, "tag_removal", ["entry_id": paris, "name": "tower", "removed_at": "2024-01-01T00:00:00Z"])
        try insert(
            db, "weather",
            [
                "entry_id": paris, "provider": "file", "observed_at": "2019-07-14T10:00", "temperature_c": 21.4,
                "weather_text": "Clear sky", "grid_latitude": 48.86, "grid_longitude": 2.29, "fetched_at": "2024-01-01T00:00:00Z",
                "time_zone": "Europe/Paris",
            ])
    }

    static func check(_ store: JournalStore, madeAt version: String) throws {
        let at = "(made at \(version))"
        let index = Schema.migrator.migrations.firstIndex(of: version)!
        func before(_ later: String) -> Bool { index < Schema.migrator.migrations.firstIndex(of: later)! }

        XCTAssertEqual(try store.entries().map(\.id).sorted(), [paris, night, undated], at)
        XCTAssertEqual(try store.entry(id: paris)?.text, "Quatorze juillet, café crème", at)
        XCTAssertEqual(try store.entry(id: night)?.text, "Night walk\nby the river", at)
        XCTAssertEqual(try store.entry(id: paris)?.locationSource?.rawValue, "exif", at)

        let tags = try store.tags(entryID: paris)
        XCTAssertEqual(tags.map(\.name), ["été", "beach", "sky"], "user first, then by score \(at)")
        XCTAssertEqual(tags.map(\.source.rawValue), ["user", "auto", "auto"], at)
        let removed = try store.pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM tag_removal") }
        XCTAssertEqual(removed, before("v2-tag-removals") ? [] : ["tower"], at)
        let tileTags = try store.readNow { try $0.timelineRows(limit: 10) }.tags[paris]
        XCTAssertEqual(tileTags?.map { ($0.isUser ? "+" : "") + $0.name }, ["+été", "beach", "sky"], "the tile's tags \(at)")
        XCTAssertEqual(
            try store.tagCounts().filter { ["sky", "été", "night-out"].contains($0.name) }.map { "\($0.name) \($0.auto) \($0.user)" }
                .sorted(),
            ["night-out 0 1", "sky 2 0", "été 0 1"], at)
        XCTAssertEqual(try store.weather(entryID: paris)?.temperatureC, 21.4, at)

        func found(_ query: JournalQuery) throws -> [String] { try store.search(query).map(\.entry.id).sorted() }
        XCTAssertEqual(try found(JournalQuery(text: "juillet cafe")), [paris], "text, accents folded \(at)")
        XCTAssertEqual(try found(JournalQuery(text: "quatorze")), [paris], "a long word, through the vocabulary \(at)")
        XCTAssertEqual(try found(JournalQuery(text: "river")), [night], at)
        XCTAssertEqual(try found(JournalQuery(tags: ["été"])), [paris], at)
        XCTAssertEqual(try found(JournalQuery(tags: ["sky"])), [paris, night], at)
        XCTAssertEqual(try found(JournalQuery(text: "samplecam")), [paris], "the camera's words \(at)")
        XCTAssertEqual(try found(JournalQuery(text: "dscn0012")), [paris], "the file's name \(at)")

        // A place, a stack and the folders stored before their migrations could not be.
        XCTAssertEqual(try found(JournalQuery(text: "france")), before("v7-places") ? [] : [paris], at)
        XCTAssertEqual(try store.entry(id: paris)?.place?.name, before("v7-places") ? nil : "Paris", at)
        let stack = try store.entryStack(entryID: paris)
        XCTAssertEqual(stack?.frameIDs.sorted(), before("v14-stacks") ? nil : [paris, undated], at)
        XCTAssertEqual(stack?.coverPicked, before("v14-stacks") ? nil : true, at)
        XCTAssertEqual(try store.ingestRoots(), before("v8-ingest-roots") ? ["/photos", "/photos/trip"] : [], at)

        let placedCells = try store.pool.read { db in
            try Int.fetchAll(db, sql: "SELECT count FROM map_cell WHERE level IN (2, 14) ORDER BY level")
        }
        XCTAssertEqual(placedCells, [1, 1], "the map's cells \(at)")
        let near = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry_near") }
        XCTAssertEqual(near, 1, "the near index \(at)")
    }

    static func insertEntry(
        _ db: Database, id: String, path: String, text: String, _ more: [String: (any DatabaseValueConvertible)?]
    ) throws {
        var values = more
        values["id"] = id
        values["content_hash"] = String(repeating: String(id.suffix(1)), count: 64)
        values["source_path"] = path
        values["file_size"] = 1000
        values["text"] = text
        values["created_at"] = "2024-01-01T00:00:0\(id.suffix(1))Z"
        values["updated_at"] = "2024-01-01T00:00:0\(id.suffix(1))Z"
        try insert(db, "entry", values)
    }

    /// Inserts the values whose columns the table has at this version, if it has the table.
    static func insert(_ db: Database, _ table: String, _ values: [String: (any DatabaseValueConvertible)?]) throws {
        guard try db.tableExists(table) else { return }
        let columns = Set(try db.columns(in: table).map(\.name))
        let kept = values.filter { columns.contains($0.key) }.sorted { $0.key < $1.key }
        let marks = Array(repeating: "?", count: kept.count).joined(separator: ", ")
        try db.execute(
            sql: "INSERT INTO \(table) (\(kept.map(\.key).joined(separator: ", "))) VALUES (\(marks))",
            arguments: StatementArguments(kept.map(\.value)))
    }
}
