import DaybookCore
import DaybookStoreTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// A search's rows carry each match's tags (`SearchRows`, read from `entry.tile_tags` in the
/// statement that finds the match): after user edits they are the tag table's, in its display
/// order, for every kind of search, and the search reads no tag rows by id to get them.
final class SearchRowsTests: XCTestCase {
    /// Forty entries of July 2021, every fifth about the harbour, every third near Paris, each
    /// with automatic tags; then user edits: tags added, an automatic one taken over as the
    /// user's, automatic ones removed.
    private static func store() throws -> JournalStore {
        let store = try makeStore("daybook-search-rows")
        let entries = (0..<40).map { index in
            var entry = JournalEntry.numbered(index, text: index % 5 == 0 ? "harbour at night" : "market")
            if index % 3 == 0 { entry.location = GeoLocation(latitude: 48.85 + Double(index) / 1000, longitude: 2.35) }
            return entry
        }
        let tags = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, AutoTag.proposals($0)) })
        XCTAssertEqual(try store.insert(batch: entries, autoTags: tags, taggerVersion: 1), 40)
        for (index, entry) in entries.enumerated() where index % 2 == 0 {
            _ = try store.editTags(entryID: entry.id, add: ["zebra", "apple", index % 4 == 0 ? "blue" : "red"], remove: ["sky"])
        }
        return store
    }

    private static let queries = [
        JournalQuery(text: "harbour"), JournalQuery(text: "harbour", limit: 3), JournalQuery(tags: ["blue"]),
        JournalQuery(tags: ["apple", "night"]), JournalQuery(text: "market", tags: ["zebra"]),
        JournalQuery(fromDate: CivilDate(iso: "2021-07-02"), toDate: CivilDate(iso: "2021-07-05")),
        JournalQuery(near: JournalQuery.Near(latitude: 48.86, longitude: 2.35, radiusKm: 5)),
        JournalQuery(text: "harbour", near: JournalQuery.Near(latitude: 48.86, longitude: 2.35, radiusKm: 5), limit: 4),
    ]

    private func displayOrder(_ store: JournalStore, _ id: String) throws -> [TileAnnotations.Tag] {
        try store.tags(entryID: id).map { TileAnnotations.Tag(name: $0.name, isUser: $0.source == .user) }
    }

    func testSearchRowsAndLinesShowTheTagTablesOrderAfterUserEdits() throws {
        let store = try Self.store()
        var userFirst = 0
        for query in Self.queries {
            let rows = try store.readNow { try $0.searchRows(query) }
            let results = try store.search(query)
            XCTAssertEqual(rows.rows.tiles.map(\.id), results.map(\.entry.id), "\(query): the search's matches in its order")
            XCTAssertEqual(rows.rows.tiles.map { rows.distances[$0.id] }, results.map(\.distanceKm), "\(query): near's distances")
            XCTAssertFalse(rows.rows.tiles.isEmpty, "\(query)")
            for tile in rows.rows.tiles {
                let tags = try displayOrder(store, tile.id)
                XCTAssertEqual(rows.rows.tags[tile.id] ?? [], tags, "\(query): \(tile.id)")
                if tags.first?.isUser == true, tags.last?.isUser == false { userFirst += 1 }
            }
            for line in try store.searchList(query) {
                XCTAssertEqual(line.tags, try displayOrder(store, line.id).map(\.name), "\(query): line \(line.id)")
            }
        }
        XCTAssertGreaterThan(userFirst, 10, "matches whose user tags show before their automatic ones")
        let month = try store.monthList(try XCTUnwrap(CalendarMonth("2021-07")))
        XCTAssertEqual(month.count, 40)
        for line in month { XCTAssertEqual(line.tags, try displayOrder(store, line.id).map(\.name), "month: \(line.id)") }
    }

    /// The statements a search runs, traced on its connection: none reads tags by entry id, as
    /// `tileAnnotations(for:)` does (traced first, so the test can see such a read).
    func testASearchReadsNoTagRowsByID() throws {
        let store = try Self.store()
        let byID = "FROM tag WHERE entry_id IN"
        let (control, searches) = try store.readNow { reader -> ([String], [String]) in
            let log = StatementLog()
            reader.db.trace { log.statements.append("\($0)") }
            defer { reader.db.trace() }
            let ids = try reader.searchRows(JournalQuery(text: "harbour")).rows.tiles.map(\.id)
            log.statements = []
            _ = try reader.tileAnnotations(for: ids)
            let control = log.statements
            log.statements = []
            for query in Self.queries + [JournalQuery(fromDate: CivilDate(iso: "2021-07-01"), toDate: CivilDate(iso: "2021-07-31"))] {
                _ = try reader.searchList(query)
                _ = try reader.searchRows(query)
            }
            return (control, log.statements)
        }
        XCTAssertTrue(control.contains { $0.contains(byID) }, "the trace sees a read of tags by id: \(control)")
        XCTAssertFalse(searches.isEmpty)
        XCTAssertEqual(searches.filter { $0.contains(byID) }, [])
    }
}

/// The SQL of the statements a connection ran, as its trace reports them.
private final class StatementLog {
    var statements: [String] = []
}
