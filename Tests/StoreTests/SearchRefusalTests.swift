import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// Searches that cannot mean anything: words of symbols alone match nothing (not everything),
/// and a search of hundreds of tags is refused in one short line, before any SQL.
final class SearchRefusalTests: XCTestCase {
    var store: JournalStore!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-search-refusal")))
        for (index, text) in ["Harbour at dawn", "Café (terrace) #2", "Rain * all day"].enumerated() {
            let id = "aaaa000\(index)"
            let capture = CaptureTime(
                local: try XCTUnwrap(LocalDateTime(exif: "2021:07:0\(index + 1) 10:00:00")), source: .dateTimeOriginal)
            let entry = JournalEntry(
                id: id, contentHash: id, sourcePath: "/p/\(id).jpg", fileSize: 1, capture: capture, pixelSize: nil, thumbnail: nil,
                thumbnailSize: nil, problems: [])
            try store.insert(entry, autoTags: [], taggerVersion: 1)
            try store.edit(entryID: id, text: text)
        }
    }

    func ids(_ query: JournalQuery) throws -> [String] { try store.search(query).map(\.entry.id) }

    func testWordsWithoutLettersOrDigitsMatchNothing() throws {
        for words in ["*", "\"", "(", "#", "* # (", "🏖️", "—"] {
            XCTAssertEqual(try ids(JournalQuery(text: words)), [], words)
            XCTAssertEqual(try ids(JournalQuery(text: words, limit: 10)), [], words)
        }
        XCTAssertEqual(try ids(JournalQuery(text: "harb")), ["aaaa0000"], "words still find")
        XCTAssertEqual(try ids(JournalQuery(text: "#2")), ["aaaa0001"], "a symbol beside a digit is a word")
    }

    func testHundredsOfTagsAreRefusedInOneShortLine() throws {
        let many = JournalQuery(tags: (0..<999).map { "tag\($0)" })
        XCTAssertThrowsError(try store.search(many)) { error in
            XCTAssertEqual((error as? StoreError)?.code.description, "searchTooLarge")
            XCTAssertEqual("\(error)", "a search may name at most 32 tags (this one names 999)")
        }
        XCTAssertEqual(try ids(JournalQuery(tags: (0..<32).map { "tag\($0)" })), [], "32 is searched")
        XCTAssertEqual(try SearchPlan(JournalQuery(tags: ["sea", "Sea", "sea"])).tags, ["sea"], "the same tag counts once")
    }

    /// GRDB describes a failed statement with its SQL and arguments: kilobytes, on one
    /// "line". A store error keeps SQLite's code and message, and no description is long.
    func testAStoreErrorNeverCarriesTheStatement() throws {
        let words = (0..<5_000).map { "'w\($0)'" }.joined(separator: ", ")
        let failure: DatabaseError
        do {
            try store.pool.read { db in _ = try Row.fetchAll(db, sql: "SELECT * FROM no_such_table WHERE x IN (\(words))") }
            return XCTFail("the statement ran")
        } catch let error as DatabaseError {
            failure = error
        }
        XCTAssertGreaterThan("\(failure)".count, 40_000, "GRDB's own description")
        let error = StoreError.database("the search failed", failure)
        XCTAssertEqual(error.description, "the search failed: SQLite error 1: no such table: no_such_table")
        XCTAssertEqual((error.underlying as? DatabaseError)?.resultCode, .SQLITE_ERROR, "the cause is kept")
        let long = StoreError.invalidTag(String(repeating: "x", count: 10_000))
        XCTAssertEqual(long.description.count, 500, "StoreError.maximumDescriptionLength")
        XCTAssertTrue(long.description.hasSuffix("…"))
    }
}
