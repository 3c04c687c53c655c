import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// The index's vocabulary (`SearchTerms`): a word of 4 characters or more is searched as the
/// OR of the terms it begins, which must find exactly what the prefix finds.
final class SearchTermsTests: XCTestCase {
    func testLongerWordsBecomeTheTermsTheyBeginUpToTheCap() throws {
        // moor0 … moor(cap + 7): "moor" begins more terms than the cap, "moor3" eleven.
        let moors = SearchTerms.maximumTerms + 8
        let store = try Self.store(texts: ["harbour harbours Harbourside", "Café rivers"] + (0..<moors).map { "moor\($0)" })
        func expression(_ text: String, tags: [String] = []) throws -> String? {
            try store.pool.read { db in try SearchPlan(JournalQuery(text: text, tags: tags)).indexQuery(db) }
        }
        XCTAssertEqual(try expression("harbo"), #"("harbour" OR "harbours" OR "harbourside")"#)
        XCTAssertEqual(try expression("Harbours"), #"("harbours" OR "harbourside")"#)
        XCTAssertEqual(try expression("CAFÉ rive"), #"("cafe") AND ("rivers")"#)
        XCTAssertEqual(
            try expression("moor3 har"),
            #"("moor3" OR "moor30" OR "moor31" OR "moor32" OR "moor33" OR "moor34" OR "moor35" OR "moor36" OR "moor37" OR "moor38" OR "moor39") AND har*"#
        )
        // Past the cap, no term, or several tokens for the index: the prefix as typed.
        XCTAssertEqual(try store.pool.read { db in try SearchTerms.terms(beginning: "moor", db) }.count, SearchTerms.maximumTerms + 1)
        XCTAssertEqual(try expression("moor"), "moor*")
        XCTAssertEqual(try expression("xyzw"), "xyzw*")
        XCTAssertEqual(try expression("o’harbour"), "o’harbour*")
        XCTAssertEqual(try expression("harbo", tags: ["blue"]), #"("harbour" OR "harbours" OR "harbourside") AND tags : "blue""#)
        // A word without a token for the index is left out, as FTS5 ignores it beside others.
        XCTAssertEqual(try expression("— harbours"), #"("harbours" OR "harbourside")"#)
        XCTAssertEqual(try store.search(JournalQuery(text: "harbours —")).count, 1)
        XCTAssertEqual(try store.search(JournalQuery(text: "— ab", tags: [])).count, 0)
        XCTAssertEqual(try store.search(JournalQuery(text: "moor3")).count, 11)
        XCTAssertEqual(try store.search(JournalQuery(text: "moor")).count, moors)
    }

    /// Triggers feed the vocabulary every word written, whatever the column: after inserts,
    /// tags and edits it holds every term of the index (and old words besides, which find nothing).
    func testAnEditedEntrysNewWordsAreFoundAndItsOldWordsAreNot() throws {
        let store = try Self.store(texts: ["harbourside walk", "quiet evening"])
        let entry = try XCTUnwrap(try store.search(JournalQuery(text: "harbo")).first?.entry)
        try store.edit(entryID: entry.id, text: "lighthouse keeper")
        _ = try store.editTags(entryID: entry.id, add: ["seaside-trip"], remove: [])
        func found(_ text: String) throws -> [String] { try store.search(JournalQuery(text: text)).map(\.entry.id) }
        XCTAssertEqual(try found("harbo"), [])
        XCTAssertEqual(try found("harbourside"), [])
        XCTAssertEqual(try found("lighth keep"), [entry.id])
        XCTAssertEqual(try found("seasi"), [entry.id])
        XCTAssertEqual(try found("quie even"), [try XCTUnwrap(try store.search(JournalQuery(text: "quiet")).first?.entry.id)])
        try store.pool.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE temp.index_terms USING fts5vocab(main, entry_search, row)")
            let missing = try String.fetchAll(
                db, sql: "SELECT term FROM temp.index_terms WHERE term NOT IN (SELECT term FROM search_term_vocab)")
            XCTAssertEqual(missing, [])
            XCTAssertTrue(try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM search_term_vocab WHERE term = 'harbourside'")!)
        }
    }

    /// Entries with these texts, one a second from 2020-05-01.
    private static func store(texts: [String]) throws -> JournalStore {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-search-terms")))
        for (index, text) in texts.enumerated() {
            let local = LocalDateTime(unixSecondsIgnoringZone: 1_588_291_200 + Int64(index))
            let entry = JournalEntry(
                contentHash: "h\(index)", sourcePath: "/p/x\(index).jpg", fileSize: 1,
                capture: CaptureTime(local: local, source: .dateTimeOriginal), pixelSize: nil, thumbnail: nil, thumbnailSize: nil,
                problems: [])
            try store.insert(entry)
            try store.edit(entryID: entry.id, text: text)
        }
        return store
    }
}
