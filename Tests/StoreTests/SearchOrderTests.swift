import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// Searches read the full-text index newest first (`SearchOrder`): on a seeded journal full
/// of same-second ties, same-instant additions and undated entries, every search must give
/// exactly what a plain filter of the timeline gives, page after page.
final class SearchOrderTests: XCTestCase {
    /// Words of 4 characters or more are searched as the terms they begin (`SearchTerms`):
    /// `harbo` as 3 terms, `moor1` as 11, `moor` as a prefix still (40 terms, past the cap).
    private static let vocabulary =
        ["harbour", "harbours", "harbourside", "river", "riverside", "snow", "lake", "market", "Café", "sunset", "night"]
        + (0..<40).map { "moor\($0)" }
    private static let tagNames = ["blue", "sky", "green", "dark", "summer-trip"]
    private static let searchWords = [
        "harbour", "harbours", "har", "riv", "river", "sn", "lake", "la", "cafe", "caf", "café", "sun", "summer", "trip",
        "harbo", "Harbou", "rive", "sunse", "summ", "moor", "moor1", "moor39", "xyzw", "nigh",
    ]

    /// An entry as the filter sees it: its words (text and tags) and its capture day.
    private struct Seeded {
        let id: String
        let words: [String]
        let tags: Set<String>
        let day: String?
    }

    func testSearchesMatchAFilterOfTheTimelineForManyRandomQueries() throws {
        let (store, seeded) = try Self.seed(entries: 2_000, seed: 23)
        try assertSearchesMatchTheFilter(store, seeded, queries: 120, seed: 7)
    }

    /// The migration keys entries already in the journal: run again over a seeded journal,
    /// it must give the same answers (and a sound index).
    func testTheMigrationKeysAnExistingJournalInTheSameOrder() throws {
        let (store, seeded) = try Self.seed(entries: 1_500, seed: 5)
        try store.pool.write { db in
            try db.execute(sql: "DROP TRIGGER entry_search_order")
            try Migrations.v16SearchOrder(db)
        }
        try store.pool.write { db in try db.execute(sql: "INSERT INTO entry_search(entry_search) VALUES ('integrity-check')") }
        try assertSearchesMatchTheFilter(store, seeded, queries: 40, seed: 11)
        let keys = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_key") }
        XCTAssertEqual(keys, 1_500)
    }

    func testAnEntryWhoseCaptureTimeChangesIsFoundInItsNewPlace() throws {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-search-order-edit")))
        var ids: [String] = []
        for day in 1...9 {
            let capture = CaptureTime(local: try XCTUnwrap(LocalDateTime(iso: "2020-05-0\(day)T12:00:00")), source: .dateTimeOriginal)
            let entry = JournalEntry(
                contentHash: "h\(day)", sourcePath: "/p/x\(day).jpg", fileSize: 1, capture: capture, pixelSize: nil, thumbnail: nil,
                thumbnailSize: nil, problems: [])
            try store.insert(entry)
            try store.edit(entryID: entry.id, text: "harbour day \(day)")
            ids.append(entry.id)
        }
        let oldest = ids[0]
        XCTAssertEqual(try store.search(JournalQuery(text: "harbour", limit: 1)).map(\.entry.id), [ids[8]])
        try store.edit(entryID: oldest, capturedAt: try XCTUnwrap(LocalDateTime(iso: "2021-01-01T08:00:00")))
        XCTAssertEqual(try store.search(JournalQuery(text: "harbour", limit: 1)).map(\.entry.id), [oldest], "now the newest")
        let newDay = JournalQuery(text: "harbour", fromDate: CivilDate(iso: "2021-01-01"), toDate: CivilDate(iso: "2021-01-01"))
        XCTAssertEqual(try store.search(newDay).map(\.entry.id), [oldest])
        XCTAssertEqual(
            try store.search(JournalQuery(text: "harbour", limit: 3, before: oldest)).map(\.entry.id), [ids[8], ids[7], ids[6]])
        XCTAssertEqual(try store.search(JournalQuery(text: "harbour")).map(\.entry.id), [oldest] + ids[1...].reversed())
        // Back to the same second as another entry: the tie is broken as the timeline does.
        try store.edit(entryID: oldest, capturedAt: try XCTUnwrap(LocalDateTime(iso: "2020-05-05T12:00:00")))
        let timeline = try store.timeline(after: nil, limit: 20).map(\.id)
        XCTAssertEqual(try store.search(JournalQuery(text: "harbour")).map(\.entry.id), timeline)
        for limit in 1...9 {
            XCTAssertEqual(try store.search(JournalQuery(text: "harbour", limit: limit)).map(\.entry.id), Array(timeline.prefix(limit)))
        }
        try store.pool.write { db in try db.execute(sql: "INSERT INTO entry_search(entry_search) VALUES ('integrity-check')") }
    }

    // MARK: - The filter and the seeded journal

    private func assertSearchesMatchTheFilter(_ store: JournalStore, _ seeded: [String: Seeded], queries: Int, seed: UInt64) throws {
        let timeline = try store.timeline(after: nil, limit: seeded.count + 1).map(\.id)
        XCTAssertEqual(timeline.count, seeded.count)
        var random = SplitMix64(seed: seed)
        for _ in 0..<queries {
            var query = JournalQuery()
            let wordCount = Int.random(in: 0...2, using: &random)
            if wordCount > 0 {
                query.text = (0..<wordCount).map { _ in Self.searchWords.randomElement(using: &random)! }.joined(separator: " ")
            }
            query.tags = (0..<Int.random(in: wordCount == 0 ? 1...2 : 0...2, using: &random)).map { _ in
                Self.tagNames.randomElement(using: &random)!
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                let from = CivilDate(daysSinceEpoch: CivilDate(iso: "2019-01-01")!.daysSinceEpoch + Int.random(in: 0..<900, using: &random))
                query.fromDate = from
                query.toDate = from.adding(days: Int.random(in: 0..<300, using: &random))
            }
            let expected = timeline.filter { id in Self.matches(seeded[id]!, query) }
            let all = try store.search(query).map(\.entry.id)
            XCTAssertEqual(all, expected, "\(query)")
            // Every page size pages through the same list; and a cursor on any entry.
            // Small pages only on short lists: a debug build pays per statement.
            let pageSize = expected.count < 40 ? [1, 2, 3].randomElement(using: &random)! : [25, 60].randomElement(using: &random)!
            var paged: [String] = []
            var before: String?
            repeat {
                query.limit = pageSize
                query.before = before
                let page = try store.search(query).map(\.entry.id)
                paged += page
                before = page.count == pageSize ? page.last : nil
            } while before != nil && paged.count <= expected.count
            XCTAssertEqual(paged, expected, "pages of \(pageSize): \(query)")
            let cursor = timeline.randomElement(using: &random)!
            query.before = cursor
            query.limit = 5
            let after = timeline[(timeline.firstIndex(of: cursor)! + 1)...].filter { Self.matches(seeded[$0]!, query) }
            XCTAssertEqual(try store.search(query).map(\.entry.id), Array(after.prefix(5)), "after \(cursor): \(query)")
        }
    }

    /// Every word a prefix of some word of the entry (case and accents folded), every tag
    /// carried, the day in range.
    private static func matches(_ entry: Seeded, _ query: JournalQuery) -> Bool {
        let asked = (query.text ?? "").split(separator: " ").map { fold(String($0)) }
        guard asked.allSatisfy({ word in entry.words.contains { $0.hasPrefix(word) } }) else { return false }
        guard query.tags.allSatisfy(entry.tags.contains) else { return false }
        if let from = query.fromDate {
            guard let day = entry.day, day >= from.iso else { return false }
        }
        if let to = query.toDate {
            guard let day = entry.day, day <= to.iso else { return false }
        }
        return true
    }

    private static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Captures on 600 seconds (so many entries share one), a tenth undated, added at three
    /// instants (so ties on both remain for the id to break).
    private static func seed(entries: Int, seed: UInt64) throws -> (JournalStore, [String: Seeded]) {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-search-order")))
        var random = SplitMix64(seed: seed)
        let start = LocalDateTime(exif: "2019:01:01 00:00:00")!.secondsSinceEpochIgnoringZone
        let added = Date(timeIntervalSince1970: 1_700_000_000)
        var batch: [JournalEntry] = []
        var autoTags: [String: [AutoTag]] = [:]
        var seeded: [String: Seeded] = [:]
        for index in 0..<entries {
            var capture: CaptureTime?
            if Int.random(in: 0..<10, using: &random) != 0 {
                let second = start + Int64.random(in: 0..<200, using: &random) * 5 * 86_400 + Int64.random(in: 0..<3, using: &random)
                capture = CaptureTime(local: LocalDateTime(unixSecondsIgnoringZone: second), source: .dateTimeOriginal)
            }
            let id = String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &random)) + String(format: "%06d", index)
            var entry = JournalEntry(
                id: id, contentHash: id, sourcePath: "/p/p\(index).jpg", fileSize: 1, capture: capture, pixelSize: nil,
                thumbnail: nil, thumbnailSize: nil, problems: [],
                now: added.addingTimeInterval(Double(Int.random(in: 0..<3, using: &random))))
            entry.text = (0..<Int.random(in: 0...4, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
                .joined(separator: " ")
            let tags = Set((0..<Int.random(in: 0...2, using: &random)).map { _ in tagNames.randomElement(using: &random)! })
            autoTags[id] = tags.map { AutoTag(name: $0, score: 0.5) }
            let words = (entry.text.split(separator: " ") + tags.flatMap { $0.split(separator: "-") }).map { fold(String($0)) }
            seeded[id] = Seeded(id: id, words: words, tags: tags, day: capture.map { $0.local.date.iso })
            batch.append(entry)
        }
        XCTAssertEqual(try store.insert(batch: batch, autoTags: autoTags, taggerVersion: 1), entries)
        return (store, seeded)
    }
}
