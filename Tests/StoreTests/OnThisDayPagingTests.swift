import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// "On this day" a page at a time: every entry of the day exactly once, in the timeline's
/// order, however many share a capture time; and each page read from the index in order.
final class OnThisDayPagingTests: XCTestCase {
    /// 14 July of 2001–2025 (several entries a year, 30 at one second, all added at one instant
    /// so only ids order them), 14 July 2026 (not an earlier year), other days, 28 and 29 February.
    static func store() throws -> JournalStore {
        let store = try JournalStore(library: Library(root: try TemporaryFolder.make("daybook-on-this-day")))
        let added = JournalEntry.timestamp(Date(timeIntervalSince1970: 1_700_000_000))
        var entries: [JournalEntry] = []
        func add(_ time: String) {
            let index = entries.count
            let id = String(format: "%08x-0000-4000-8000-%012x", index &* 7919 % 4096, index)
            entries.append(
                JournalEntry(
                    id: id, contentHash: String(format: "%064x", index), sourcePath: "/p/\(index).jpg", fileSize: 1,
                    capturedLocal: LocalDateTime(exif: time), captureSubsec: nil, captureSource: .dateTimeOriginal, offset: nil,
                    location: nil, cameraMake: nil, cameraModel: nil, pixelWidth: nil, pixelHeight: nil, orientation: .up, thumbnail: nil,
                    thumbnailWidth: nil, thumbnailHeight: nil, problems: nil, text: "", weatherStatus: .unavailable, weatherError: nil,
                    createdAt: added, updatedAt: added))
        }
        for year in 2001...2026 {
            for hour in [8, 12, 19] { add(String(format: "%04d:07:14 %02d:00:00", year, hour)) }
            add(String(format: "%04d:07:13 23:59:59", year))
            add(String(format: "%04d:07:15 00:00:00", year))
            add(String(format: "%04d:02:28 10:00:00", year))
            if CivilCalendar.isLeapYear(year) { add(String(format: "%04d:02:29 10:00:00", year)) }
        }
        for _ in 0..<30 { add("2018:07:14 16:30:00") }
        XCTAssertEqual(try store.insert(batch: entries), entries.count)
        return store
    }

    /// The day's entries by the definition: the whole timeline, filtered.
    static func expected(_ store: JournalStore, days: Set<String>, beforeYear: Int) throws -> [String] {
        try store.entries().filter { entry in
            guard let local = entry.capturedLocal else { return false }
            return days.contains(local.date.monthDay.description) && local.year < beforeYear
        }.map(\.id)
    }

    func pages(_ store: JournalStore, _ ask: OnThisDayAsk, size: Int) throws -> [String] {
        var seen: [String] = []
        var cursor: JournalEntry?
        var pages = 0
        repeat {
            let page = try store.onThisDay(ask, after: cursor, limit: size)
            XCTAssertLessThanOrEqual(page.count, size)
            seen += page.map(\.id)
            cursor = page.count == size ? page.last : nil
            pages += 1
        } while cursor != nil && pages < 500
        return seen
    }

    func testPagesVisitEveryEntryOfTheDayOnceInTimelineOrder() throws {
        let store = try Self.store()
        let july = OnThisDayAsk(monthDay: MonthDay("07-14")!, beforeYear: 2026, includeLeapDay: false)
        let expected = try Self.expected(store, days: ["07-14"], beforeYear: 2026)
        XCTAssertEqual(expected.count, 25 * 3 + 30)
        XCTAssertEqual(try store.onThisDay(july).map(\.id), expected, "the whole day at once")
        XCTAssertEqual(try store.onThisDayCount(july), expected.count)
        for size in [1, 7, 30, 31, 200] {
            XCTAssertEqual(try pages(store, july, size: size), expected, "pages of \(size)")
        }
        // 28 February of a common year brings 29 February round: two days merged in order.
        let february = OnThisDayAsk(monthDay: MonthDay("02-28")!, beforeYear: 2023, includeLeapDay: true)
        let leap = try Self.expected(store, days: ["02-28", "02-29"], beforeYear: 2023)
        XCTAssertEqual(leap.count, 22 + 5, "2001–2022, and 2004, 2008, 2012, 2016, 2020")
        XCTAssertEqual(try store.onThisDayCount(february), leap.count)
        for size in [1, 5, 100] { XCTAssertEqual(try pages(store, february, size: size), leap, "leap pages of \(size)") }
    }

    /// What SQLite plans for a page: the on-this-day index, read in order, no sort of the day.
    func testAPageReadsTheIndexInOrder() throws {
        let store = try Self.store()
        final class Statements: @unchecked Sendable { var sql: [String] = [] }
        let statements = Statements()
        let plan = try store.pool.read { db -> [String] in
            db.trace { event in if case .statement(let statement) = event { statements.sql.append(statement.expandedSQL) } }
            let ask = OnThisDayAsk(monthDay: MonthDay("07-14")!, beforeYear: 2026, includeLeapDay: false)
            let reader = JournalReader(db: db)
            let first = try reader.onThisDay(ask, limit: 10)
            _ = try reader.onThisDay(ask, after: first.last, limit: 10)
            db.trace(options: [], nil)
            let pageSQL = try XCTUnwrap(statements.sql.last { $0.hasPrefix("SELECT") && $0.contains("LIMIT") })
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + pageSQL).map { $0["detail"] }
        }
        XCTAssertTrue(plan.contains { $0.contains("entry_on_this_day") }, plan.joined(separator: "; "))
        XCTAssertFalse(plan.contains { $0.contains("TEMP B-TREE") }, plan.joined(separator: "; "))
    }
}
