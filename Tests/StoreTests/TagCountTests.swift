import DaybookCore
import DaybookStoreTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The tag counts kept by triggers (migration v19) equal a count of the tag table after
/// every kind of write: batch and single inserts, the tagger again, user edits turning an auto
/// tag into a user one, removals, deletes cascading from entries, an import, and the migration
/// filling the table of an older journal.
final class TagCountTests: XCTestCase {
    private func counted(_ store: JournalStore) throws -> [TagCount] {
        try store.pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT name, count(*) AS entries, sum(source = 'auto') AS auto, sum(source = 'user') AS user
                    FROM tag GROUP BY name ORDER BY entries DESC, name
                    """
            ).map { TagCount(name: $0["name"], entries: $0["entries"], auto: $0["auto"], user: $0["user"]) }
        }
    }

    private func assertInStep(_ store: JournalStore, _ step: String, line: UInt = #line) throws {
        XCTAssertEqual(try store.tagCounts(), try counted(store), step, line: line)
    }

    func testCountsFollowEveryWrite() throws {
        let store = try makeStore("daybook-tag-counts")
        let entries = (0..<60).map { JournalEntry.numbered($0) }
        let tags = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, AutoTag.proposals($0)) })
        XCTAssertEqual(try store.insert(batch: Array(entries.prefix(50)), autoTags: tags, taggerVersion: 1), 50)
        try assertInStep(store, "after a batch")
        for entry in entries.suffix(10) { try store.insert(entry, autoTags: tags[entry.id]!, taggerVersion: 1) }
        try assertInStep(store, "after single inserts")
        XCTAssertFalse(try store.tagCounts().isEmpty)

        try store.replaceAutoTags(entryID: entries[0].id, with: [AutoTag(name: "green", score: 0.7)], taggerVersion: 2)
        try assertInStep(store, "after the tagger ran again")
        _ = try store.editTags(entryID: entries[1].id, add: ["holiday", "blue", "sky"], remove: ["night"])
        _ = try store.editTags(entryID: entries[2].id, add: ["holiday"], remove: ["red", "blue", "sky"])
        try assertInStep(store, "after user edits (an auto tag made a user one, removals)")
        XCTAssertEqual(try store.tagCounts().first { $0.name == "holiday" }?.user, 2)

        _ = try store.delete(entryIDs: entries.prefix(5).map(\.id))
        try assertInStep(store, "after deletes cascading to their tags")
        _ = try store.delete(entryIDs: entries.dropFirst(5).map(\.id))
        XCTAssertEqual(try store.tagCounts(), [], "no entries, no tags: no counts left at zero")

        let archive = try makeStore("daybook-tag-counts-source")
        XCTAssertEqual(try archive.insert(batch: entries, autoTags: tags, taggerVersion: 1), 60)
        XCTAssertEqual(try store.importArchive(try archive.exportArchive(includeThumbnails: false)), 60)
        try assertInStep(store, "after an import")
    }

    func testTheMigrationCountsAnOlderJournal() throws {
        let store = try JournalStore(library: try copyOfOldLibrary())
        XCTAssertFalse(try store.tagCounts().isEmpty, "the fixture's entries carry tags")
        try assertInStep(store, "after the migration")
    }
}
