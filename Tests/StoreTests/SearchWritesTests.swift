import DaybookCore
import DaybookStoreTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// New entries reach the full-text index once per transaction (`SearchWrites`): a
/// group of photos writes one FTS5 segment of the index and one of the vocabulary, not several
/// a photo, and the rows written are those the triggers write one statement at a time.
final class SearchWritesTests: XCTestCase {
    func testAGroupOfPhotosWritesOneSegmentOfTheIndexAndOfTheVocabulary() throws {
        let store = try makeStore("daybook-search-writes")
        // A first entry, so both tables have a structure record to compare with.
        XCTAssertEqual(try store.save(group: [EntrySave.numbered(0)]).count, 1)
        let before = try store.pool.read { db in try Self.segmentsWritten(db) }
        let group = (1...16).map { EntrySave.numbered($0) }
        let results = try store.save(group: group)
        XCTAssertEqual(try results.map { try $0.get().outcome }, Array(repeating: .created, count: 16))

        let after = try store.pool.read { db in try Self.segmentsWritten(db) }
        // Each photo's insert, tag rows and savepoints wrote 3 to 4 segments of each before.
        XCTAssertEqual(after.index - before.index, 1, "segments of entry_search written by 16 photos")
        XCTAssertEqual(after.vocabulary - before.vocabulary, 1, "segments of search_term written by 16 photos")
        XCTAssertEqual(try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_pending") }, 0)
    }

    /// The rows written at once equal those the triggers write for an entry saved on its own
    /// path (`insert`, not marked), and the vocabulary holds every term of the index.
    func testTheRowsWrittenAtOnceAreThoseTheTriggersWrite() throws {
        let grouped = try makeStore("daybook-search-writes-group")
        let single = try makeStore("daybook-search-writes-single")
        var saves = (1...12).map { EntrySave.numbered($0) }
        for index in saves.indices {
            saves[index].entry.cameraMake = "NIKON"
            saves[index].entry.cameraModel = "COOLPIX P\(index)"
        }
        _ = try grouped.save(group: saves)
        let batch = (20..<32).map { JournalEntry.numbered($0, text: "lighthouse \($0)") }
        let batchTags = Dictionary(uniqueKeysWithValues: batch.enumerated().map { ($1.id, AutoTag.proposals($0)) })
        XCTAssertEqual(try grouped.insert(batch: batch, autoTags: batchTags, taggerVersion: 1), 12)
        for save in saves { try single.insert(save.entry, autoTags: save.autoTags, taggerVersion: 1) }
        for entry in batch { try single.insert(entry, autoTags: batchTags[entry.id]!, taggerVersion: 1) }

        XCTAssertEqual(try Self.indexRows(grouped), try Self.indexRows(single))
        XCTAssertEqual(try Self.indexRows(grouped).count, 24)
        for store in [grouped, single] {
            try store.pool.write { db in
                try db.execute(sql: "CREATE VIRTUAL TABLE temp.index_terms USING fts5vocab(main, entry_search, row)")
                let missing = try String.fetchAll(
                    db, sql: "SELECT term FROM temp.index_terms WHERE term NOT IN (SELECT term FROM search_term_vocab)")
                XCTAssertEqual(missing, [])
                try db.execute(sql: "INSERT INTO entry_search (entry_search) VALUES ('integrity-check')")
            }
        }
        for query in [JournalQuery(text: "coolp"), JournalQuery(text: "lightho", tags: ["sky"]), JournalQuery(tags: ["night"])] {
            let found = Set(try grouped.search(query).map(\.entry.id))
            XCTAssertFalse(found.isEmpty, "\(query)")
            XCTAssertEqual(found, Set(try single.search(query).map(\.entry.id)), "\(query)")
        }
    }

    /// An entry indexed at once is kept exact by the triggers afterwards: text, tags, deletion.
    func testEditsAfterAGroupKeepTheSearchExact() throws {
        let store = try makeStore("daybook-search-writes-edits")
        let saves = (1...4).map { EntrySave.numbered($0) }
        _ = try store.save(group: saves)
        func found(_ query: JournalQuery) throws -> Set<String> { Set(try store.search(query).map(\.entry.id)) }
        let (first, second) = (saves[0].entry.id, saves[1].entry.id)
        XCTAssertEqual(try found(JournalQuery(text: "harbo")).count, 4)

        try store.edit(entryID: first, text: "windmill by the canal")
        _ = try store.editTags(entryID: first, add: ["dutch-trip"], remove: ["sky"])
        _ = try store.delete(entryIDs: [second])
        XCTAssertEqual(try found(JournalQuery(text: "windm cana")), [first])
        XCTAssertEqual(try found(JournalQuery(text: "dutch")), [first])
        XCTAssertEqual(try found(JournalQuery(tags: ["dutch-trip"])), [first])
        XCTAssertFalse(try found(JournalQuery(tags: ["sky"])).contains(first))
        XCTAssertEqual(try found(JournalQuery(text: "harbo")), Set([saves[2].entry.id, saves[3].entry.id]))
        XCTAssertEqual(try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry_search") }, 3)
    }

    /// `import` indexes the whole archive at once too, into the rows the source library has.
    func testAnImportWritesOneSegmentAndTheSourcesRows() throws {
        let source = try makeStore("daybook-search-writes-export")
        var saves = (1...12).map { EntrySave.numbered($0) }
        for index in saves.indices { saves[index].entry.cameraModel = "COOLPIX P\(index)" }
        _ = try source.save(group: saves)
        _ = try source.editTags(entryID: saves[0].entry.id, add: ["dutch-trip"], remove: ["sky"])
        try source.edit(entryID: saves[1].entry.id, text: "windmill by the canal")

        let imported = try makeStore("daybook-search-writes-import")
        XCTAssertEqual(try imported.importArchive(try source.exportArchive(includeThumbnails: false)), 12)
        XCTAssertEqual(try Self.indexRows(imported), try Self.indexRows(source))
        let written = try imported.pool.read { db in try Self.segmentsWritten(db) }
        XCTAssertEqual(written.index, 1, "segments of entry_search written by an import of 12 entries")
        XCTAssertEqual(written.vocabulary, 1, "segments of search_term written by an import of 12 entries")
        for query in [JournalQuery(text: "windm"), JournalQuery(text: "coolp", tags: ["dutch-trip"])] {
            XCTAssertEqual(Set(try imported.search(query).map(\.entry.contentHash)), Set(try source.search(query).map(\.entry.contentHash)))
            XCTAssertFalse(try imported.search(query).isEmpty, "\(query)")
        }
    }

    /// The marks drive both statements: without statistics for them, SQLite would rather read
    /// search_key, or the whole full-text index, in order, a cost every photo would pay.
    func testTheRowsAreFoundFromTheMarksNotByReadingTheIndex() throws {
        let store = try makeStore("daybook-search-writes-plan")
        for sql in [SearchWrites.indexRowsSQL, SearchWrites.vocabularySQL] {
            let plan = try store.pool.write { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
            }
            XCTAssertEqual(plan.first, "SCAN p", plan.joined(separator: "\n"))
            XCTAssertEqual(plan.filter { $0.hasPrefix("SCAN") && !$0.hasSuffix(":=") }, ["SCAN p"], plan.joined(separator: "\n"))
        }
    }

    /// Every entry's index row, by content hash: text, tags, place, words.
    private static func indexRows(_ store: JournalStore) throws -> [String] {
        try store.pool.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT entry.content_hash || '|' || s.text || '|' || s.tags || '|' || s.place || '|' || s.words
                    FROM entry JOIN search_key k ON k.entry_id = entry.id JOIN entry_search s ON s.rowid = k.key
                    ORDER BY entry.content_hash
                    """)
        }
    }

    /// How many segments FTS5 has written to each table: the write counter of its structure
    /// record (row 10 of `TABLE_data`: a 4-byte cookie, then varints for the levels, the
    /// segments and the write counter), as Benchmarks/scripts/fts_structure.py reads it.
    private static func segmentsWritten(_ db: Database) throws -> (index: Int, vocabulary: Int) {
        func counter(_ table: String) throws -> Int {
            let record = try XCTUnwrap(try Data.fetchOne(db, sql: "SELECT block FROM \(table)_data WHERE id = 10"))
            var bytes = Array(record).dropFirst(4)
            var values: [Int] = []
            while values.count < 3 {
                var value = 0
                for index in 0..<9 {
                    let byte = Int(try XCTUnwrap(bytes.popFirst(), "\(table): structure record ends early"))
                    if index == 8 {
                        value = value << 8 | byte
                        break
                    }
                    value = value << 7 | byte & 0x7f
                    if byte & 0x80 == 0 { break }
                }
                values.append(value)
            }
            return values[2]
        }
        return (try counter("entry_search"), try counter("search_term"))
    }
}
