import DaybookCore
import DaybookStoreTestSupport
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The map's cell table is what a GROUP BY of the entries would give, at every level, after
/// every way entries come, move and go: the triggers keep it so inside each write.
final class MapCellTests: XCTestCase {
    /// A cell's count and position sums, recomputed in Swift from the entries.
    struct Tally: Equatable {
        var count = 0
        var latitudeSum = 0.0
        var longitudeSum = 0.0
    }

    struct Key: Hashable, Comparable {
        let level: Int
        let y: Int
        let x: Int
        static func < (a: Key, b: Key) -> Bool { (a.level, a.y, a.x) < (b.level, b.y, b.x) }
    }

    static func recomputed(_ store: JournalStore) throws -> [Key: Tally] {
        var cells: [Key: Tally] = [:]
        for entry in try store.entries() {
            guard let location = entry.location else { continue }
            for level in MapGrid.levels {
                let key = Key(
                    level: level, y: MapGrid.row(latitude: location.latitude, level: level),
                    x: MapGrid.column(longitude: location.longitude, level: level))
                cells[key, default: Tally()].count += 1
                cells[key, default: Tally()].latitudeSum += location.latitude
                cells[key, default: Tally()].longitudeSum += location.longitude
            }
        }
        return cells
    }

    static func stored(_ store: JournalStore) throws -> [Key: Tally] {
        try store.pool.read { db in
            var cells: [Key: Tally] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM map_cell") {
                cells[Key(level: row["level"], y: row["y"], x: row["x"])] = Tally(
                    count: row["count"], latitudeSum: row["latitude_sum"], longitudeSum: row["longitude_sum"])
            }
            return cells
        }
    }

    func assertCellsMatchEntries(_ store: JournalStore, _ step: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try Self.recomputed(store)
        let stored = try Self.stored(store)
        XCTAssertEqual(stored.keys.sorted(), expected.keys.sorted(), "\(step): the cells", file: file, line: line)
        for (key, tally) in expected {
            guard let cell = stored[key] else { continue }
            XCTAssertEqual(cell.count, tally.count, "\(step): count of \(key)", file: file, line: line)
            XCTAssertEqual(
                cell.latitudeSum, tally.latitudeSum, accuracy: 1e-6 * Double(tally.count), "\(step): \(key)", file: file, line: line)
            XCTAssertEqual(
                cell.longitudeSum, tally.longitudeSum, accuracy: 1e-6 * Double(tally.count), "\(step): \(key)", file: file, line: line)
        }
    }

    /// Positions on every edge of the grid, and many at random, a few without a place.
    static func entries(_ count: Int, seed: UInt64) -> [JournalEntry] {
        var generator = SplitMix64(seed: seed)
        let edges: [GeoLocation?] = [
            GeoLocation(latitude: 90, longitude: 180), GeoLocation(latitude: -90, longitude: -180), GeoLocation(latitude: 0, longitude: 0),
            GeoLocation(latitude: -16.5, longitude: 179.999), GeoLocation(latitude: -16.5, longitude: -179.999),
            GeoLocation(latitude: 45, longitude: 90), nil,
        ]
        return (0..<count).map { index in
            let location =
                index < edges.count
                ? edges[index]
                : index % 10 == 0
                    ? nil
                    : GeoLocation(
                        latitude: Double.random(in: -90...90, using: &generator),
                        longitude: Double.random(in: -180...180, using: &generator))
            let captured =
                index % 7 == 0
                ? nil : LocalDateTime(exif: String(format: "20%02d:0%d:1%d 10:00:00", 10 + index % 12, 1 + index % 9, index % 10))
            let created = JournalEntry.timestamp(Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 5)))
            return JournalEntry(
                id: String(format: "%04x%04x-0000-4000-8000-%012x", Int(seed) & 0xffff, index & 0xffff, index),
                contentHash: String(format: "%052x%012x", Int(seed), index), sourcePath: "/p/\(seed)-\(index).jpg", fileSize: 1,
                capturedLocal: captured, captureSubsec: nil, captureSource: captured == nil ? nil : .dateTimeOriginal, offset: nil,
                location: location, cameraMake: nil, cameraModel: nil, pixelWidth: nil, pixelHeight: nil, orientation: .up,
                thumbnail: nil, thumbnailWidth: nil, thumbnailHeight: nil, problems: nil, text: "", weatherStatus: .unavailable,
                weatherError: nil, createdAt: created, updatedAt: created)
        }
    }

    func testTheCellsFollowInsertsMovesDeletesAndImport() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-map-cells")))
        XCTAssertEqual(try store.insert(batch: Self.entries(600, seed: 1)), 600)
        try assertCellsMatchEntries(store, "after a batch insert")
        // Moves as a re-read writes them: the whole record, some into and out of no place.
        var generator = SplitMix64(seed: 2)
        let all = try store.entries()
        try store.pool.write { db in
            for (index, var entry) in all.enumerated() where index % 3 == 0 {
                switch index % 4 {
                case 0: entry.location = nil
                case 1: entry.location = GeoLocation(latitude: 48.8566, longitude: 2.3522)
                default:
                    entry.location = GeoLocation(
                        latitude: Double.random(in: -90...90, using: &generator),
                        longitude: Double.random(in: -180...180, using: &generator))
                }
                try entry.update(db)
            }
            // And a change of text alone, which leaves the cells as they are.
            try db.execute(sql: "UPDATE entry SET text = 'moved?' WHERE rowid % 5 = 0")
        }
        try assertCellsMatchEntries(store, "after moves")
        _ = try store.delete(entryIDs: all.enumerated().filter { $0.offset % 4 == 1 }.map(\.element.id))
        try assertCellsMatchEntries(store, "after deletes")

        let copy = try JournalStore(library: Library(root: store.library.root.appendingPathComponent("copy")))
        XCTAssertGreaterThan(try copy.importArchive(try store.exportArchive()), 0)
        try assertCellsMatchEntries(copy, "after an import")
        XCTAssertEqual(try Self.stored(copy).mapValues(\.count), try Self.stored(store).mapValues(\.count), "the import's cells")

        // The migration's fill, on entries already there, gives the same table.
        try store.pool.write { db in
            try db.execute(sql: "DELETE FROM map_cell")
            try db.execute(sql: Migrations.v17Fill)
        }
        try assertCellsMatchEntries(store, "after the migration's fill")
    }

    func testAViewGivesPointsOrClustersAndAClusterPagesNewestFirst() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-map-view")))
        XCTAssertEqual(try store.insert(batch: Self.entries(800, seed: 3)), 800)
        let placed = try store.entries().filter { $0.location != nil }
        let world = try MapBox(west: -180, south: -90, east: 180, north: 90)
        let clustered = try store.mapView(world, zoom: 2, pointLimit: 100)
        XCTAssertEqual(clustered.count, placed.count, "every placed entry is in the world's cells")
        XCTAssertTrue(clustered.points.isEmpty)
        XCTAssertEqual(clustered.clusters.reduce(0) { $0 + $1.count }, placed.count)
        XCTAssertLessThanOrEqual(clustered.clusters.count, 600)
        let pointed = try store.mapView(world, zoom: 2, pointLimit: 1000)
        XCTAssertEqual(Set(pointed.points.map(\.id)), Set(placed.map(\.id)), "few enough: the entries themselves")

        // Across the antimeridian: 179.999 and -179.999 are both in view, 0,0 is not.
        let pacific = try MapBox(west: 170, south: -20, east: -170, north: -10)
        let points = try store.mapView(pacific, zoom: 6, pointLimit: 100).points
        let expected = placed.filter {
            let l = $0.location!
            return (-20 ... -10).contains(l.latitude) && (l.longitude >= 170 || l.longitude <= -170)
        }
        XCTAssertEqual(Set(points.map(\.id)), Set(expected.map(\.id)))
        XCTAssertTrue(points.contains { $0.longitude > 179 } && points.contains { $0.longitude < -179 }, "both sides")

        // A cluster's entries, a page of 7 at a time, in the timeline's order.
        let cluster = try XCTUnwrap(clustered.clusters.max { $0.count < $1.count })
        let inCell = placed.filter {
            MapGrid.column(longitude: $0.location!.longitude, level: cluster.cell.level) == cluster.cell.x
                && MapGrid.row(latitude: $0.location!.latitude, level: cluster.cell.level) == cluster.cell.y
        }
        XCTAssertEqual(inCell.count, cluster.count)
        var seen: [String] = []
        var cursor: JournalEntry?
        repeat {
            let page = try store.readNow { try $0.mapEntries(in: cluster.cell, after: cursor, limit: 7) }
            seen += page.map(\.id)
            cursor = page.count == 7 ? try store.entry(idPrefix: page.last!.id) : nil
        } while cursor != nil && seen.count <= inCell.count
        XCTAssertEqual(seen, inCell.sorted(by: timelinePrecedes).map(\.id), "newest first, each once")
    }

    func testBadViewsAndCellsAreRefused() {
        XCTAssertThrowsError(try MapBox("1,2,3"))
        XCTAssertThrowsError(try MapBox("-181,0,10,10"))
        XCTAssertThrowsError(try MapBox("0,-91,10,10"))
        XCTAssertThrowsError(try MapBox("0,20,10,10"), "south of north")
        XCTAssertThrowsError(try MapBox("nan,0,10,10"))
        XCTAssertThrowsError(try MapBox("0,0,inf,10"))
        XCTAssertNoThrow(try MapBox("170,-20,-170,20"))
        XCTAssertNil(MapCell("15/0/0"), "a level not stored")
        XCTAssertNil(MapCell("4/16/0"), "x past the grid")
        XCTAssertNil(MapCell("4/0/8"), "y past the grid")
        XCTAssertNil(MapCell("4/-1/0"))
        XCTAssertNil(MapCell("4/1"))
        XCTAssertEqual(MapCell("4/15/7")?.text, "4/15/7")
    }
}
