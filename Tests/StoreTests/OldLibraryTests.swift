import DaybookCore
import DaybookTestSupport
import DaybookWeather
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// A library written by the daybook of commit 4686f56 (Tests/Fixtures/library-4686f56, made by
/// scripts/make_old_library.sh and never regenerated), opened by today's store: a user's
/// existing journal must read back as the old daybook exported it, whatever migrations run.
final class OldLibraryTests: XCTestCase {
    static let fixture = Repository.fixtures.appendingPathComponent("library-4686f56")

    /// What the old daybook had applied: the fixture's schema.
    static let fixtureMigrations = ["v1-entries", "v2-tag-removals", "v3-weather", "v4-journal"]

    /// Keys today's `export json` writes that the old one did not, by place ("entry.x",
    /// "tags.x", "weather.x", "x" for an item). A migration that adds a stored field names it
    /// here and checks, in its own test, the value old entries get.
    static let fieldsAddedSince4686f56: Set<String> = [
        // v6-metadata-sources; old places are EXIF's (MetadataSourceMigrationTests).
        "entry.location_source",
        // v11-entry-files: an entry's other files (a paired RAW); the old library had none.
        "files",
        // v12-media: what an entry shows; the old library held only photos.
        "entry.media",
    ]

    func oldExport() throws -> ExportedJournal {
        try ExportedJournal(data: Data(contentsOf: Self.fixture.appendingPathComponent("old-export.json")))
    }

    func testTheCommittedFixtureWasNeverOpenedInPlace() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path).sorted()
        XCTAssertEqual(
            names, ["README.md", "journal.sqlite", "old-export.json", "thumbnails"],
            "a -wal or -shm file here means something opened the fixture in place (and may have migrated it)")
    }

    func testTheFixtureHasTheOldSchemaAndEveryStoredFeature() throws {
        let library = try copyOfOldLibrary()
        let applied = try DatabaseQueue(path: library.databaseURL.path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        XCTAssertEqual(applied, Self.fixtureMigrations)

        // What makes the fixture worth having: each stored feature is there to be read back.
        let old = try oldExport()
        XCTAssertEqual(old.format, 1)
        XCTAssertEqual(old.items.count, 11)
        XCTAssertTrue(old.items.values.contains { $0.text.unicodeScalars.contains { $0.value > 0xFFFF } }, "non-BMP text")
        XCTAssertTrue(old.items.values.contains { $0.text.contains("\"<b>") }, "quotes and markup in text")
        XCTAssertTrue(old.items.values.contains { $0.text.contains("\n") }, "text of several lines")
        XCTAssertTrue(old.items.values.contains { $0.tagNames(source: "user").contains("été") }, "non-ASCII user tag")
        XCTAssertEqual(old.items.values.filter { !$0.removedTags.isEmpty }.count, 1, "one removed auto tag")
        XCTAssertTrue(old.items.values.contains { $0.entry["capture_source"] == .string("user") }, "a date edited by hand")
        XCTAssertTrue(
            old.items.values.contains { $0.entry["offset_source"] == .string("place-timezone") }, "an offset from the weather's zone")
        XCTAssertTrue(old.items.values.contains { $0.entry["weather_error"] != nil }, "weather refused for good")
        XCTAssertTrue(
            old.items.values.contains { $0.entry["problems"] != nil && $0.entry["thumbnail"] == nil },
            "a photo stored with problems and no thumbnail")
        for status in ["done", "pending", "unavailable", "error"] {
            XCTAssertTrue(old.items.values.contains { $0.entry["weather_status"] == .string(status) }, "weather \(status)")
        }
    }

    /// Today's export of the migrated copy against the old daybook's export, field by field.
    func testEveryExportedFieldReadsBackAsTheOldDaybookWroteIt() throws {
        let old = try oldExport()
        let store = try JournalStore(library: try copyOfOldLibrary())
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase  // as `daybook export json` writes it
        let new = try ExportedJournal(data: encoder.encode(store.exportArchive(includeThumbnails: true)))

        XCTAssertGreaterThanOrEqual(new.format, old.format)
        XCTAssertEqual(Set(new.items.keys), Set(old.items.keys), "the same entries")
        var differences: [String] = []
        for (id, oldItem) in old.items {
            guard let newItem = new.items[id] else { continue }
            differences += JSONValue.differences(
                old: oldItem.canonical, new: newItem.canonical, path: id,
                allowedNewKeys: Self.fieldsAddedSince4686f56)
        }
        XCTAssertEqual(differences, [], differences.joined(separator: "\n"))
        XCTAssertEqual(old.items.values.filter { $0.item["thumbnail"] != nil }.count, 10, "thumbnail bytes were compared too")
    }

    /// The reading paths `list`, `show` and `search` use, rather than the export's.
    func testTodaysReadersSeeTheOldEntriesTagsWeatherAndThumbnails() throws {
        let old = try oldExport()
        let library = try copyOfOldLibrary()
        let store = try JournalStore(library: library)
        XCTAssertEqual(Set(try store.entries().map(\.id)), Set(old.items.keys))
        for (id, item) in old.items {
            let entry = try store.entry(idPrefix: String(id.prefix(8)))
            XCTAssertEqual(entry.id, id)
            XCTAssertEqual(.string(entry.text), item.entry["text"], id)
            XCTAssertEqual(entry.capturedLocal.map { .string($0.iso8601) }, item.entry["captured_local"], id)
            XCTAssertEqual(entry.offset.map { .number(Double($0.seconds)) }, item.entry["utc_offset_seconds"], id)
            XCTAssertEqual(entry.offset.map { .string($0.source.rawValue) }, item.entry["offset_source"], id)
            XCTAssertEqual(entry.capturedUTC.map { .number(Double($0)) }, item.entry["captured_utc"], id)
            XCTAssertEqual(entry.location.map { JSONValue.number($0.latitude) }, item.entry["latitude"], id)
            XCTAssertEqual(entry.location.map { JSONValue.number($0.longitude) }, item.entry["longitude"], id)
            XCTAssertEqual(entry.location?.altitude.map(JSONValue.number), item.entry["altitude"], id)
            XCTAssertEqual(.string(entry.weatherStatus.rawValue), item.entry["weather_status"], id)
            XCTAssertEqual(try store.weatherError(entryID: id).map(JSONValue.string), item.entry["weather_error"], id)

            let tags = try store.tags(entryID: id)
            XCTAssertEqual(Set(tags.filter { $0.source == .user }.map(\.name)), item.tagNames(source: "user"), id)
            XCTAssertEqual(Set(tags.filter { $0.source == .auto }.map(\.name)), item.tagNames(source: "auto"), id)
            XCTAssertTrue(Set(tags.map(\.name)).isDisjoint(with: item.removedTags), "a removed auto tag stays removed (\(id))")

            let weather = try store.weather(entryID: id)
            XCTAssertEqual(weather.map { JSONValue.string($0.observedAt) }, item.weather?["observed_at"], id)
            XCTAssertEqual(weather?.temperatureC.map(JSONValue.number), item.weather?["temperature_c"], id)
            XCTAssertEqual(weather?.placeUtcOffsetSeconds.map { .number(Double($0)) }, item.weather?["place_utc_offset_seconds"], id)

            XCTAssertEqual(entry.thumbnail.map(JSONValue.string), item.entry["thumbnail"], id)
            if entry.thumbnail != nil {
                let name = try XCTUnwrap(entry.thumbnailName, "the old thumbnail name has the content-hash shape")
                let bytes = Data(try XCTUnwrap(try ThumbnailFiles(library: library).read(name)))
                XCTAssertEqual(bytes.base64EncodedString(), item.item["thumbnail"]?.stringValue, "thumbnail bytes of \(id)")
            }
        }
    }

    func testSearchTheProviderSettingAndTheWeatherCacheSurvive() throws {
        let old = try oldExport()
        let store = try JournalStore(library: try copyOfOldLibrary())
        let paris = try XCTUnwrap(old.item(photo: "01-paris-2019-07.jpg"))
        let newYork = try XCTUnwrap(old.item(photo: "03-newyork-2021-03.jpg"))
        let rio = try XCTUnwrap(old.item(photo: "02-rio-2020-01.jpg"))
        // The old full-text index answers today's queries: accents folded, markup as words.
        XCTAssertEqual(try store.search(JournalQuery(text: "defile")).map(\.entry.id), [paris.id])
        XCTAssertEqual(try store.search(JournalQuery(text: "goodbye script")).map(\.entry.id), [newYork.id])
        XCTAssertEqual(try store.search(JournalQuery(tags: ["beach-trip"])).map(\.entry.id), [rio.id])
        XCTAssertEqual(try store.search(JournalQuery(tags: ["été"])).map(\.entry.id), [paris.id])

        XCTAssertEqual(try store.setting("weather.provider"), "file:/tmp/daybook-old-library/sample-weather.csv")
        let cached = try store.cachedWeather(
            provider: "file", cell: GeoCell(latitude: 48.858370, longitude: 2.294481).key,
            dates: [try XCTUnwrap(CivilDate(iso: "2019-07-14"))])
        let series = try JSONDecoder().decode(WeatherSeries.self, from: try XCTUnwrap(cached.values.first))
        XCTAssertEqual(series.hours.compactMap(\.temperature), [19.1, 21.4, 23.2])
    }

    func testTheTaggerNeverBringsBackTheAutoTagRemovedInTheOldLibrary() throws {
        let old = try oldExport()
        let store = try JournalStore(library: try copyOfOldLibrary())
        let item = try XCTUnwrap(old.items.values.first { !$0.removedTags.isEmpty })
        let removed = try XCTUnwrap(item.removedTags.first)
        let before = try store.tags(entryID: item.id)
        let proposals =
            [AutoTag(name: removed, score: 0.99)]
            + before.filter { $0.source == .auto }.map { AutoTag(name: $0.name, score: $0.score ?? 0.5) }
        try store.replaceAutoTags(entryID: item.id, with: proposals, taggerVersion: 99)
        let after = try store.tags(entryID: item.id)
        XCTAssertFalse(after.contains { $0.name == removed })
        XCTAssertEqual(Set(after.filter { $0.source == .user }.map(\.name)), item.tagNames(source: "user"))
    }

    /// The first open migrates; a second changes nothing at all: same schema, same rows, same
    /// applied migrations, same thumbnails.
    func testASecondOpenIsANoOp() throws {
        let library = try copyOfOldLibrary()
        _ = try JournalStore(library: library)  // released at once: its pool closes
        let afterFirst = try Self.snapshot(of: library)
        XCTAssertEqual(afterFirst.migrations, Schema.migrator.migrations, "every migration of today's schema applied")
        XCTAssertEqual(
            Array(afterFirst.migrations.prefix(Self.fixtureMigrations.count)), Self.fixtureMigrations,
            "the old migrations are kept, in order, under the same names")
        _ = try JournalStore(library: library)
        let afterSecond = try Self.snapshot(of: library)
        XCTAssertEqual(afterSecond.migrations, afterFirst.migrations)
        XCTAssertEqual(afterSecond.thumbnails, afterFirst.thumbnails)
        let before = Set(afterFirst.rows), after = Set(afterSecond.rows)
        XCTAssertEqual(after.subtracting(before).sorted(), [], "rows or schema the second open wrote")
        XCTAssertEqual(before.subtracting(after).sorted(), [], "rows or schema the second open removed")
        XCTAssertEqual(afterSecond.rows.count, afterFirst.rows.count)
    }

    struct Snapshot {
        var migrations: [String]
        /// The schema, then every row of every table, as text.
        var rows: [String]
        var thumbnails: [String: Data]
    }

    static func snapshot(of library: Library) throws -> Snapshot {
        let queue = try DatabaseQueue(path: library.databaseURL.path)
        let (migrations, rows) = try queue.read { db in
            let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            var rows = try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name")
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map { row in
                    table + ": " + row.databaseValues.map(Self.text).joined(separator: " | ")
                }.sorted()
            }
            return (migrations, rows)
        }
        var thumbnails: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: library.thumbnailsURL.path) {
            thumbnails[name] = try Data(contentsOf: library.thumbnailsURL.appendingPathComponent(name))
        }
        return Snapshot(migrations: migrations, rows: rows, thumbnails: thumbnails)
    }

    private static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let string): "'\(string)'"
        case .blob(let data): "x'\(data.map { String(format: "%02x", $0) }.joined())'"
        }
    }
}

extension XCTestCase {
    /// A copy of the old library (`OldLibraryTests.fixture`) in a temporary folder, removed
    /// after the test: opening migrates in place, and the committed copy must stay as the old
    /// daybook left it.
    func copyOfOldLibrary() throws -> Library {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-old-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for name in ["journal.sqlite", "thumbnails"] {
            try FileManager.default.copyItem(
                at: OldLibraryTests.fixture.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return Library(root: root)
    }
}
