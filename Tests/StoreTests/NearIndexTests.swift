import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// "Near" through the R*Tree (`NearIndex`, `NearSearch`) gives exactly what a great-circle
/// filter over every entry gives, and the index follows every write, import and repair.
final class NearIndexTests: XCTestCase {
    /// Places clustered where boxes get hard (the poles, both sides of ±180°, the equator) and
    /// spread over the globe; several entries share a position, so ties are ordered by id.
    static let hardPlaces: [(Double, Double)] = [
        (90, 0), (89.95, 120), (-90, 0), (-89.9, -45), (0, 180), (0, -180), (-16.5, 179.99), (-16.5, -179.99),
        (65, 179.5), (65, -179.5), (0, 0), (48.85, 2.35),
    ]

    static func entry(_ index: Int, _ position: (Double, Double)?, day: String = "2021:07:01 10:00:00") -> JournalEntry {
        let id = String(format: "%08x-0000-4000-8000-%012x", index &* 7919 % 4096, index)
        return JournalEntry(
            id: id, contentHash: String(format: "%064x", index), sourcePath: "/p/\(index).jpg", fileSize: 1,
            capture: CaptureTime(local: LocalDateTime(exif: day)!, source: .dateTimeOriginal),
            location: position.map { GeoLocation(latitude: $0.0, longitude: $0.1) }, pixelSize: nil, thumbnail: nil,
            thumbnailSize: nil, problems: [])
    }

    static func seededStore(_ name: String, entries count: Int = 3000) throws -> JournalStore {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make(name)))
        var random = SplitMix64(seed: 2027)
        var entries: [JournalEntry] = []
        for index in 0..<count {
            let position: (Double, Double)?
            switch index % 10 {
            case 0: position = nil
            case 1...4:
                let place = hardPlaces[Int.random(in: 0..<hardPlaces.count, using: &random)]
                let jitter = index % 3 == 0 ? 0 : 0.3
                position = (
                    max(-90, min(90, place.0 + Double.random(in: -jitter...jitter, using: &random))),
                    wrapped(place.1 + Double.random(in: -jitter...jitter, using: &random))
                )
            default:
                position = (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
            }
            entries.append(entry(index, position))
        }
        XCTAssertEqual(try store.insert(batch: entries), count)
        return store
    }

    static func wrapped(_ longitude: Double) -> Double {
        longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
    }

    /// Every entry within the radius, nearest first, ties by id: the definition, over all rows.
    static func bruteForce(_ store: JournalStore, _ near: JournalQuery.Near) throws -> [String] {
        try bruteForce(store.entries(), near)
    }

    static func bruteForce(_ entries: [JournalEntry], _ near: JournalQuery.Near) -> [String] {
        entries.compactMap { entry -> (String, Double)? in
            guard let location = entry.location else { return nil }
            let distance = GreatCircle.distanceKm(near.latitude, near.longitude, location.latitude, location.longitude)
            return distance <= near.radiusKm ? (entry.id, distance) : nil
        }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    func testNearIsExactlyTheGreatCircleFilterAnywhereOnEarth() throws {
        let store = try Self.seededStore("daybook-near-brute")
        var random = SplitMix64(seed: 15)
        var centres = Self.hardPlaces.map { ($0.0, $0.1, 50.0) }
        centres += [(90, 0, 1), (-90, 180, 2500), (0, 179.999, 400), (0, -179.999, 3000), (-16.5, 180, 25), (89, -180, 200)]
        for _ in 0..<150 {
            centres.append(
                (
                    Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random),
                    [0.5, 5, 25, 100, 800, 4000][Int.random(in: 0..<6, using: &random)]
                ))
        }
        var found = 0
        let all = try store.entries()
        for (latitude, longitude, radius) in centres {
            let near = JournalQuery.Near(latitude: latitude, longitude: longitude, radiusKm: radius)
            let expected = Self.bruteForce(all, near)
            found += expected.count
            let label = "near \(latitude),\(longitude) within \(radius) km"
            XCTAssertEqual(try store.search(JournalQuery(near: near)).map(\.entry.id), expected, label)
            XCTAssertEqual(try store.search(JournalQuery(near: near, limit: 7)).map(\.entry.id), Array(expected.prefix(7)), label)
            // The same question with a condition beside it takes the entry table's path: both agree.
            let dated = JournalQuery(fromDate: CivilDate(iso: "2000-01-01"), near: near)
            XCTAssertEqual(try store.search(dated).map(\.entry.id), expected, "\(label), with a date range")
        }
        XCTAssertGreaterThan(found, 3000, "the centres find entries, not just empty circles")
    }

    /// The index as rows, and what the entry table says it should hold.
    func indexRows(_ store: JournalStore) throws -> (index: [[Double]], entries: [[Double]]) {
        try store.pool.read { db in
            let index = try Row.fetchAll(db, sql: "SELECT id, latitude, longitude FROM entry_near ORDER BY id")
            let entries = try Row.fetchAll(
                db, sql: "SELECT rowid, latitude, longitude FROM entry WHERE latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY rowid")
            func values(_ rows: [Row]) -> [[Double]] { rows.map { [Double($0[0] as Int64), $0[1], $0[2]] } }
            return (values(index), values(entries))
        }
    }

    func assertInStep(_ store: JournalStore, _ message: String, line: UInt = #line) throws {
        let rows = try indexRows(store)
        XCTAssertEqual(rows.index, rows.entries, message, line: line)
        XCTAssertFalse(rows.entries.isEmpty, message, line: line)
    }

    func testIndexFollowsMovesDeletesImportAndRepair() throws {
        let store = try Self.seededStore("daybook-near-step", entries: 400)
        try assertInStep(store, "after the inserts")
        let near = JournalQuery.Near(latitude: 48.85, longitude: 2.35, radiusKm: 5)
        let some = try store.entries(limit: 40)
        // Moved, given a place, losing it: whichever statement does it, the triggers follow.
        try store.pool.write { db in
            try db.execute(sql: "UPDATE entry SET latitude = 48.851, longitude = 2.352 WHERE id = ?", arguments: [some[0].id])
            try db.execute(sql: "UPDATE entry SET latitude = NULL, longitude = NULL WHERE id = ?", arguments: [some[1].id])
            try db.execute(sql: "UPDATE entry SET text = 'only words' WHERE id = ?", arguments: [some[2].id])
        }
        try assertInStep(store, "after moves")
        XCTAssertTrue(try store.search(JournalQuery(near: near)).map(\.entry.id).contains(some[0].id))
        XCTAssertEqual(try store.search(JournalQuery(near: near)).map(\.entry.id), try Self.bruteForce(store, near))
        try store.delete(entryIDs: some[3..<20].map(\.id))
        try assertInStep(store, "after deletes")

        // Export, then import into an empty library: the import fills the index as it inserts.
        let copy = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-near-import")))
        XCTAssertEqual(try copy.importArchive(try store.exportArchive()), try store.count())
        try assertInStep(copy, "after an import")
        XCTAssertEqual(try copy.search(JournalQuery(near: near)).map(\.entry.id), try Self.bruteForce(copy, near))

        // A renumbering (as VACUUM may do) leaves the index pointing at the wrong rows: the
        // repair notices and rebuilds it, and only then.
        XCTAssertFalse(try LibraryRepair(store: copy).run().nearIndexRebuilt, "an index in step is left alone")
        try copy.pool.write { db in try db.execute(sql: "UPDATE entry SET rowid = rowid + 100000") }
        XCTAssertNotEqual(try indexRows(copy).index, try indexRows(copy).entries)
        let report = try LibraryRepair(store: copy).run()
        XCTAssertTrue(report.nearIndexRebuilt)
        XCTAssertFalse(report.isEmpty)
        try assertInStep(copy, "after the repair")
        XCTAssertEqual(try copy.search(JournalQuery(near: near)).map(\.entry.id), try Self.bruteForce(copy, near))
    }

    /// A library from before the index (the committed v4 fixture): the migration fills it
    /// from the entries there.
    func testMigrationIndexesAnExistingLibrary() throws {
        let store = try JournalStore(library: try copyOfOldLibrary())
        try assertInStep(store, "after the migration")
        XCTAssertEqual(try indexRows(store).index.count, 7, "the fixture's seven entries with a place")
        for near in [JournalQuery.Near(latitude: 48.85, longitude: 2.35, radiusKm: 20), .init(latitude: 0, longitude: 0, radiusKm: 20_000)]
        {
            XCTAssertEqual(try store.search(JournalQuery(near: near)).map(\.entry.id), try Self.bruteForce(store, near))
        }
    }
}
