import DaybookCore
import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookWeather

final class CivilDateTests: XCTestCase {
    func testParsingAndText() {
        XCTAssertEqual(CivilDate(iso: "2020-02-29")?.iso, "2020-02-29")
        for bad in ["2021-02-29", "2021-13-01", "2021-00-10", "2021-1-01", "20210101", "2021-01-01T00", "", "abcd-ef-gh"] {
            XCTAssertNil(CivilDate(iso: bad), bad)
        }
        XCTAssertNil(CivilDate(year: 1900, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(year: 2000, month: 2, day: 29))
        XCTAssertEqual(CivilDate(LocalDateTime(year: 2021, month: 10, day: 31, hour: 2, minute: 30, second: 0)!), .d("2021-10-31"))
    }

    func testArithmetic() {
        XCTAssertEqual(CivilDate.d("2020-02-28").adding(days: 1), .d("2020-02-29"))
        XCTAssertEqual(CivilDate.d("2021-02-28").adding(days: 1), .d("2021-03-01"))
        XCTAssertEqual(CivilDate.d("2021-01-01").adding(days: -1), .d("2020-12-31"))
        XCTAssertEqual(CivilDate.d("2022-01-01") - CivilDate.d("2021-01-01"), 365)
        XCTAssertEqual(CivilDate.d("2021-01-01") - CivilDate.d("2020-01-01"), 366)
        XCTAssertEqual(CivilDate.d("1969-12-31").daysSinceEpoch, -1)
        XCTAssertEqual(CivilDate.d("1940-01-01").adding(days: 30_000).adding(days: -30_000), .d("1940-01-01"))
        XCTAssertTrue(CivilDate.d("2021-12-31") < CivilDate.d("2022-01-01"))
        XCTAssertEqual(CivilDate(unixSeconds: 1_625_090_400, offsetSeconds: 7200), .d("2021-07-01"))
        XCTAssertEqual(CivilDate(unixSeconds: 1_625_090_400), .d("2021-06-30"))
        XCTAssertEqual(CivilDate(unixSeconds: -1), .d("1969-12-31"))
        XCTAssertEqual(CivilDate.todayUTC(now: Date(timeIntervalSince1970: 1_625_140_800)), .d("2021-07-01"))
        // Every day for 80 years round-trips through its day number and text.
        var date = CivilDate.d("1940-01-01")
        for _ in 0..<(80 * 366) {
            let next = date.adding(days: 1)
            XCTAssertEqual(next - date, 1)
            XCTAssertEqual(CivilDate(iso: next.iso), next)
            XCTAssertTrue(date < next)
            date = next
        }
    }

    func testCodableAsText() throws {
        let data = try JSONEncoder().encode([CivilDate.d("2021-03-28")])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["2021-03-28"]"#)
        XCTAssertEqual(try JSONDecoder().decode([CivilDate].self, from: data), [.d("2021-03-28")])
        XCTAssertThrowsError(try JSONDecoder().decode([CivilDate].self, from: Data(#"["2021-02-30"]"#.utf8)))
    }
}

final class GeoCellTests: XCTestCase {
    func testFloorNotTruncation() {
        XCTAssertEqual(GeoCell(latitude: 48.8566, longitude: 2.3522).key, "488,23")
        XCTAssertEqual(GeoCell(latitude: -0.05, longitude: -0.01).key, "-1,-1")
        XCTAssertEqual(GeoCell(latitude: 0.05, longitude: 0.01).key, "0,0")
        XCTAssertEqual(GeoCell(latitude: -33.8688, longitude: 151.2093).key, "-339,1512")
        XCTAssertEqual(GeoCell(latitude: -22.9068, longitude: -43.1729).key, "-230,-432")
        // Decimal values that are a hair under in binary stay in their cell.
        XCTAssertEqual(GeoCell(latitude: 2.3, longitude: -2.3).key, "23,-23")
        XCTAssertEqual(GeoCell(latitude: 0.3, longitude: 4.35).key, "3,43")
    }

    func testAntimeridianAndPoles() {
        XCTAssertEqual(GeoCell(latitude: -17.7, longitude: 179.99).longitudeIndex, 1799)
        XCTAssertEqual(GeoCell(latitude: -17.7, longitude: -179.99).longitudeIndex, -1800)
        XCTAssertEqual(GeoCell(latitude: 0, longitude: 180), GeoCell(latitude: 0, longitude: -180))
        XCTAssertEqual(GeoCell(latitude: 0, longitude: 181.25), GeoCell(latitude: 0, longitude: -178.75))
        XCTAssertEqual(GeoCell(latitude: 0, longitude: -540), GeoCell(latitude: 0, longitude: -180))
        XCTAssertEqual(GeoCell(latitude: 90, longitude: 0).latitudeIndex, 899)
        XCTAssertEqual(GeoCell(latitude: -90, longitude: 0).latitudeIndex, -900)
        XCTAssertNil(GeoCell(checkedLatitude: .nan, longitude: 0))
        XCTAssertNil(GeoCell(checkedLatitude: 91, longitude: 0))
    }

    func testCentreAndKey() {
        let paris = GeoCell(latitude: 48.8566, longitude: 2.3522)
        XCTAssertEqual(paris.latitude, 48.85, accuracy: 1e-12)
        XCTAssertEqual(paris.longitude, 2.35, accuracy: 1e-12)
        XCTAssertEqual(paris.latitudeText, "48.85")
        let southWest = GeoCell(latitude: -0.05, longitude: -179.99)
        XCTAssertEqual(southWest.latitudeText, "-0.05")
        XCTAssertEqual(southWest.longitudeText, "-179.95")
        XCTAssertEqual(GeoCell(key: southWest.key), southWest)
        XCTAssertNil(GeoCell(key: "1,2,3"))
        XCTAssertEqual(GeoCell(latitude: southWest.latitude, longitude: southWest.longitude), southWest, "the centre is in its own cell")
    }
}

final class PlannerTests: XCTestCase {
    func testTenThousandEntriesAtThirtyPlacesOverThreeYears() {
        var generator = SplitMix64(seed: 2024)
        let places = spreadPlaces(using: &generator)
        XCTAssertEqual(Set(places.map { GeoCell(latitude: $0.0, longitude: $0.1) }).count, 30)
        let first = CivilDate.d("2019-01-01"), last = CivilDate.d("2021-12-31")
        var items: [BackfillItem] = []
        for index in 0..<10_000 {
            let place = places[Int.random(in: 0..<places.count, using: &generator)]
            // Jitter within about ±300 m, staying in the place's cell.
            let cell = GeoCell(latitude: place.0, longitude: place.1)
            let lat = min(
                max(place.0 + Double.random(in: -0.003...0.003, using: &generator), cell.latitude - 0.0499), cell.latitude + 0.0499)
            let lon = min(
                max(place.1 + Double.random(in: -0.003...0.003, using: &generator), cell.longitude - 0.0499), cell.longitude + 0.0499)
            let date = first.adding(days: Int.random(in: 0...(last - first), using: &generator))
            items.append(BackfillItem(entryID: "e\(index)", latitude: lat, longitude: lon, date: date))
        }
        let plan = BackfillPlanner.plan(items)
        XCTAssertLessThanOrEqual(plan.count, 90)
        XCTAssertGreaterThanOrEqual(plan.count, 60, "3 years cannot fit in fewer than 2 ranges per place")
        let tight = BackfillPlanner.plan(items, paddingDays: 0)
        XCTAssertEqual(tight.map(\.entryIDs), plan.map(\.entryIDs), "padding widens requests, never splits them")

        // Every item in exactly one request, whose cell is the item's and whose range covers its date.
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.entryID, $0) })
        var seen: [String: Int] = [:]
        for planned in tight {
            XCTAssertLessThanOrEqual(planned.request.dayCount, 366)
            XCTAssertFalse(planned.entryIDs.isEmpty)
            for id in planned.entryIDs {
                seen[id, default: 0] += 1
                let item = byID[id]!
                XCTAssertEqual(item.cell, planned.request.cell)
                XCTAssertTrue(planned.request.contains(item.date), "\(item.date) not in \(planned.request)")
            }
            // Ranges are tight: they start and end on an item's date.
            let dates = planned.entryIDs.map { byID[$0]!.date }
            XCTAssertEqual(dates.min(), planned.request.start)
            XCTAssertEqual(dates.max(), planned.request.end)
        }
        XCTAssertEqual(seen.count, items.count)
        XCTAssertTrue(seen.values.allSatisfy { $0 == 1 })
        // Deterministic order, no overlapping ranges within a cell.
        XCTAssertEqual(plan, BackfillPlanner.plan(items.reversed()))
        for (a, b) in zip(tight, tight.dropFirst()) {
            XCTAssertTrue((a.request.cell, a.request.start) < (b.request.cell, b.request.start) || a.request.cell < b.request.cell)
            if a.request.cell == b.request.cell { XCTAssertLessThan(a.request.end, b.request.start) }
        }
    }

    func testSameCellSharesARequest() {
        let items = [
            BackfillItem(entryID: "a", latitude: 48.851, longitude: 2.351, date: .d("2021-07-01")),
            BackfillItem(entryID: "b", latitude: 48.899, longitude: 2.399, date: .d("2021-07-03")),
            BackfillItem(entryID: "c", latitude: 48.86, longitude: 2.41, date: .d("2021-07-02")),  // next cell east
        ]
        let plan = BackfillPlanner.plan(items, paddingDays: 0)
        XCTAssertEqual(plan.count, 2)
        XCTAssertEqual(
            plan[0].request, WeatherRequest(cell: GeoCell(latitude: 48.85, longitude: 2.35), start: .d("2021-07-01"), end: .d("2021-07-03"))
        )
        XCTAssertEqual(plan[0].entryIDs, ["a", "b"])
        XCTAssertEqual(plan[1].entryIDs, ["c"])
        XCTAssertEqual(plan[1].request.cell.key, "488,24")
    }

    func testNegativeAndAntimeridianCellsAreSeparate() {
        let items = [
            BackfillItem(entryID: "east", latitude: -17.71, longitude: 179.99, date: .d("2021-01-01")),
            BackfillItem(entryID: "west", latitude: -17.71, longitude: -179.99, date: .d("2021-01-01")),
            BackfillItem(entryID: "west2", latitude: -17.79, longitude: 180.01, date: .d("2021-01-02")),
            BackfillItem(entryID: "south", latitude: -0.01, longitude: 0.01, date: .d("2021-01-01")),
            BackfillItem(entryID: "north", latitude: 0.01, longitude: 0.01, date: .d("2021-01-01")),
        ]
        let plan = BackfillPlanner.plan(items)
        XCTAssertEqual(plan.map(\.request.cell.key), ["-178,-1800", "-178,1799", "-1,0", "0,0"])
        XCTAssertEqual(plan[0].entryIDs, ["west", "west2"])
        XCTAssertEqual(plan[0].request.cell.longitudeText, "-179.95")
    }

    func testRangesAreCutAtMaxRangeDays() {
        func item(_ id: String, _ date: String) -> BackfillItem {
            BackfillItem(entryID: id, latitude: 10, longitude: 10, date: .d(date))
        }
        // 2021-01-01 + 365 days = 2022-01-01: 366 days inclusive, one range.
        XCTAssertEqual(BackfillPlanner.plan([item("a", "2021-01-01"), item("b", "2022-01-01")]).count, 1)
        XCTAssertEqual(BackfillPlanner.plan([item("a", "2021-01-01"), item("b", "2022-01-01")], paddingDays: 0)[0].request.dayCount, 366)
        // One day more: two ranges.
        let two = BackfillPlanner.plan([item("a", "2021-01-01"), item("b", "2022-01-02")], paddingDays: 0)
        XCTAssertEqual(two.map(\.request.start), [.d("2021-01-01"), .d("2022-01-02")])
        XCTAssertEqual(two.map(\.request.end), [.d("2021-01-01"), .d("2022-01-02")])
        // Same date twice: one request with both entries; maxRangeDays 1 = one request per day.
        let daily = BackfillPlanner.plan(
            [item("a", "2021-01-01"), item("b", "2021-01-01"), item("c", "2021-01-02")], maxRangeDays: 1, paddingDays: 0)
        XCTAssertEqual(daily.map(\.entryIDs), [["a", "b"], ["c"]])
        XCTAssertEqual(BackfillPlanner.plan([]), [])
    }

    func testPaddingWidensRequestsWithinTheArchive() {
        func item(_ id: String, _ date: String) -> BackfillItem {
            BackfillItem(entryID: id, latitude: 10, longitude: 10, date: .d(date))
        }
        let padded = BackfillPlanner.plan([item("a", "2021-03-01"), item("b", "2021-03-05")])
        XCTAssertEqual(padded.map(\.request.start), [.d("2021-02-28")])
        XCTAssertEqual(padded.map(\.request.end), [.d("2021-03-06")])
        // Clamped to what the archive has, but never narrower than the entries' own dates.
        let clamped = BackfillPlanner.plan(
            [item("a", "1940-01-01"), item("b", "2021-06-26")], paddingDays: 2,
            availableFrom: .d("1940-01-01"), availableThrough: .d("2021-06-26"))
        XCTAssertEqual(clamped.map(\.request.start), [.d("1940-01-01"), .d("2021-06-24")])
        XCTAssertEqual(clamped.map(\.request.end), [.d("1940-01-03"), .d("2021-06-26")])
        let beyond = BackfillPlanner.plan([item("a", "2021-06-28")], availableThrough: .d("2021-06-26"))
        XCTAssertEqual(beyond[0].request.end, .d("2021-06-28"))
    }

    func testLongGapsCanSplitRanges() {
        func item(_ id: String, _ date: String) -> BackfillItem {
            BackfillItem(entryID: id, latitude: 10, longitude: 10, date: .d(date))
        }
        let visits = [item("a", "2021-01-10"), item("b", "2021-01-12"), item("c", "2021-03-13"), item("d", "2021-11-01")]
        // Off by default: one range over the whole year.
        XCTAssertEqual(BackfillPlanner.plan(visits, paddingDays: 0).map(\.entryIDs), [["a", "b", "c", "d"]])
        // 59 empty days between 01-12 and 03-13: kept together at 59, split at 58.
        XCTAssertEqual(BackfillPlanner.plan(visits, paddingDays: 0, maxGapDays: 59).map(\.entryIDs), [["a", "b", "c"], ["d"]])
        let split = BackfillPlanner.plan(visits, paddingDays: 0, maxGapDays: 58)
        XCTAssertEqual(split.map(\.entryIDs), [["a", "b"], ["c"], ["d"]])
        XCTAssertEqual(split.map(\.request.dayCount), [3, 1, 1])
    }

    func testPendingPartition() {
        let items = [
            BackfillItem(entryID: "old", latitude: 1, longitude: 1, date: .d("2021-06-26")),
            BackfillItem(entryID: "new", latitude: 1, longitude: 1, date: .d("2021-06-27")),
        ]
        let split = BackfillPlanner.partition(items, availableThrough: .d("2021-06-26"))
        XCTAssertEqual(split.ready.map(\.entryID), ["old"])
        XCTAssertEqual(split.pending.map(\.entryID), ["new"])
        XCTAssertEqual(BackfillPlanner.partition(items, availableThrough: nil).ready.count, 2)
    }
}
