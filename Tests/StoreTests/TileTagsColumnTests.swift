import DaybookCore
import DaybookStoreTestSupport
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The tags kept on each entry row (`TileTagsColumn`) equal its tag rows in display order
/// after every kind of write: a save group, a batch, single inserts, the tagger again, user
/// edits (adds, an auto tag taken over as a user one, removals), deletes, an import, and the
/// migration of a v23 journal. The tiles and lines that read the column show those tags.
final class TileTagsColumnTests: XCTestCase {
    /// Each entry's column beside its tags as `tags(entryID:)` orders them (`JournalTag.displayOrder`).
    private func columnAndTags(_ store: JournalStore) throws -> [(id: String, column: [TileAnnotations.Tag], tags: [TileAnnotations.Tag])] {
        let rows = try store.pool.read { db in try Row.fetchAll(db, sql: "SELECT id, tile_tags FROM entry ORDER BY id") }
        return try rows.map { row in
            let id: String = row[0]
            let tags = try store.tags(entryID: id).map { TileAnnotations.Tag(name: $0.name, isUser: $0.source == .user) }
            return (id, TileTagsColumn.tags(row[1]), tags)
        }
    }

    private func assertInStep(_ store: JournalStore, _ step: String, line: UInt = #line) throws {
        let entries = try columnAndTags(store)
        for entry in entries { XCTAssertEqual(entry.column, entry.tags, "\(step): \(entry.id)", line: line) }
        let untagged = try store.pool.read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM entry WHERE tile_tags = '' OR (tile_tags IS NULL) != (id NOT IN (SELECT entry_id FROM tag))")
        }
        XCTAssertEqual(untagged, 0, "\(step): NULL exactly for an entry without tags", line: line)
    }

    /// Proves the ordered subquery's order reaches group_concat: some entry's display order is
    /// neither its tags' name order nor the order they were inserted in.
    private func assertSomeOrderIsByScore(_ store: JournalStore, line: UInt = #line) throws {
        let byScore = try columnAndTags(store).contains { entry in
            let names = entry.column.map(\.name)
            return names.count > 1 && names != names.sorted()
        }
        XCTAssertTrue(byScore, "an entry whose tags show by score, not by name", line: line)
    }

    func testTheColumnFollowsEveryWrite() throws {
        let store = try makeStore("daybook-tile-tags")
        let grouped = try store.save(group: (100..<106).map { EntrySave.numbered($0) })
        XCTAssertEqual(grouped.filter { (try? $0.get()) != nil }.count, 6)
        try assertInStep(store, "after a save group")
        let entries = (0..<40).map { JournalEntry.numbered($0) }
        let tags = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, AutoTag.proposals($0)) })
        XCTAssertEqual(try store.insert(batch: Array(entries.prefix(30)), autoTags: tags, taggerVersion: 1), 30)
        try assertInStep(store, "after a batch")
        for entry in entries.suffix(10) { try store.insert(entry, autoTags: tags[entry.id]!, taggerVersion: 1) }
        try assertInStep(store, "after single inserts")
        try assertSomeOrderIsByScore(store)

        try store.replaceAutoTags(
            entryID: entries[0].id, with: [AutoTag(name: "green", score: 0.2), AutoTag(name: "dark", score: 0.8)], taggerVersion: 2)
        try assertInStep(store, "after the tagger ran again")
        _ = try store.editTags(entryID: entries[1].id, add: ["holiday", "blue", "Beach Trip"], remove: ["night"])
        _ = try store.editTags(entryID: entries[2].id, add: ["zoo"], remove: ["red", "blue", "sky"])
        _ = try store.editTags(entryID: entries[3].id, add: [], remove: ["red", "blue", "sky", "night"])
        try assertInStep(store, "after user edits (an auto tag made a user one, removals)")
        let edited = try columnAndTags(store).first { $0.id == entries[1].id }?.column ?? []
        XCTAssertEqual(edited.prefix(3).map(\.name), ["beach-trip", "blue", "holiday"], "user tags first, by name")
        XCTAssertEqual(edited.map(\.isUser), [true, true, true] + Array(repeating: false, count: edited.count - 3))

        _ = try store.delete(entryIDs: entries.prefix(5).map(\.id))
        try assertInStep(store, "after deletes cascading to their tags")

        let archive = try makeStore("daybook-tile-tags-source")
        XCTAssertEqual(try archive.insert(batch: entries, autoTags: tags, taggerVersion: 1), 40)
        _ = try archive.editTags(entryID: entries[0].id, add: ["kept"], remove: [])
        let exported = try archive.exportArchive(includeThumbnails: false)
        let imported = try makeStore("daybook-tile-tags-import")
        XCTAssertEqual(try imported.importArchive(exported), 40)
        try assertInStep(imported, "after an import")
        XCTAssertEqual(try columnAndTags(imported).first { $0.id == entries[0].id }?.column.first?.name, "kept")
    }

    /// Lines and timeline tiles read the tags from the column: the same as from the tag table.
    func testTilesAndLinesShowTheTagTablesTags() throws {
        let store = try makeStore("daybook-tile-tags-reads")
        let entries = (0..<20).map { JournalEntry.numbered($0) }
        let tags = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, AutoTag.proposals($0)) })
        XCTAssertEqual(try store.insert(batch: entries, autoTags: tags, taggerVersion: 1), 20)
        _ = try store.editTags(entryID: entries[4].id, add: ["holiday"], remove: ["sky", "blue", "night", "red"])
        try store.readNow { reader in
            let lines = try reader.timelineList()
            let fromTable = try reader.tileAnnotations(for: lines.map(\.id))
            XCTAssertEqual(lines.count, 20)
            for line in lines { XCTAssertEqual(line.tags, fromTable[line.id]?.tags.map(\.name) ?? [], line.id) }
            let rows = try reader.timelineRows(limit: 60)
            XCTAssertEqual(rows.tiles.count, 20)
            let ids = rows.tiles.map(\.id)
            XCTAssertEqual(try reader.tileAnnotations(for: ids, tags: rows.tags), try reader.tileAnnotations(for: ids))
            let day = OnThisDayAsk(monthDay: MonthDay(month: 7, day: 5)!, beforeYear: 2026, includeLeapDay: false)
            let dayLines = try reader.onThisDayList(day)
            XCTAssertFalse(dayLines.isEmpty)
            for line in dayLines { XCTAssertEqual(line.tags, fromTable[line.id]?.tags.map(\.name) ?? [], line.id) }
        }
    }

    /// A journal at v23 (tags, user and auto, and an entry with none) gets every entry's value.
    func testTheMigrationFillsAV23Journal() throws {
        let root = try TemporaryFolder.make("daybook-tile-tags-v23")
        let library = Library(root: root)
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: SearchWords.function) }
        let queue = try DatabaseQueue(path: library.databaseURL.path, configuration: configuration)
        try Schema.migrator.migrate(queue, upTo: "v23-search-writes")
        let entries = (0..<6).map { JournalEntry.numbered($0) }
        try queue.write { db in
            XCTAssertFalse(try db.columns(in: "entry").contains { $0.name == "tile_tags" })
            for (index, entry) in entries.enumerated() {
                try entry.insert(db)
                guard index > 0 else { continue }
                for proposal in AutoTag.proposals(index) {
                    try JournalStore.addAutoTag(db, entryID: entry.id, proposal, taggerVersion: 1)
                }
                if index.isMultiple(of: 2) {
                    try JournalTag(entryId: entry.id, name: "trip-\(index)", source: .user).insert(db)
                }
            }
        }
        try queue.close()
        let store = try JournalStore(library: library)
        try assertInStep(store, "after the migration")
        try assertSomeOrderIsByScore(store)
        XCTAssertEqual(try columnAndTags(store).filter { $0.column.first?.isUser == true }.count, 2)
        // Writing the column must not fire the entry's own update triggers (search, map, repair
        // marks): each names the columns it follows.
        let everyColumn = try store.pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'entry' AND sql LIKE '%UPDATE ON entry%'")
        }
        XCTAssertEqual(everyColumn, [])
    }
}
