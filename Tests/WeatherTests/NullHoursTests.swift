import DaybookIngest
import DaybookStore
import DaybookStoreTestSupport
import DaybookWeather
import Foundation
import XCTest

/// Hours the archive has not filled yet come back as nulls. An entry takes the nearest hour
/// that has a temperature within 90 minutes, or stays pending for a later back-fill.
extension StoreBackfillTests {
    static func utc(_ text: String) -> Int64 { Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970) }

    func testNearestHourAllNullTakesTheNextHourWithValues() async throws {
        let store = try makeStore("daybook-weather")
        // 14:20 +02:00 is 12:20 UTC: 12:00 is nearest, but all null; 13:00 is 40 minutes away.
        let id = try addEntry(store, "2021:07:01 14:20:00", at: Self.paris, offset: 7200)
        let noon = Self.utc("2021-07-01T12:00:00Z")
        let server = try startServer { .json(200, OpenMeteoFake.answer(for: $0, emptyHours: [noon])!) }
        let summary = try await backfill(store, server: server)
        XCTAssertEqual(summary.filled, 1)
        let weather = try XCTUnwrap(try store.weather(entryID: id))
        XCTAssertEqual(weather.observedAt, "2021-07-01T13:00:00Z")
        XCTAssertEqual(weather.temperatureC, OpenMeteoFake.values(at: noon + 3600).temperature)
        XCTAssertNotNil(weather.temperatureC)
    }

    func testNearestHourWithoutTemperatureIsPassedOver() async throws {
        let store = try makeStore("daybook-weather")
        // The fake leaves the temperature of every 7th hour null (other values present):
        // 07:00 UTC on 1 July is one. 09:05 +02:00 = 07:05 UTC, so 08:00 is used.
        let seven = Self.utc("2021-07-01T07:00:00Z")
        XCTAssertNil(OpenMeteoFake.values(at: seven).temperature)
        let id = try addEntry(store, "2021:07:01 09:05:00", at: Self.paris, offset: 7200)
        let server = try startServer(OpenMeteoFake.ok)
        _ = try await backfill(store, server: server)
        let weather = try XCTUnwrap(try store.weather(entryID: id))
        XCTAssertEqual(weather.observedAt, "2021-07-01T08:00:00Z")
        XCTAssertEqual(weather.temperatureC, OpenMeteoFake.values(at: seven + 3600).temperature)
    }

    func testEveryHourNearIsNullSoTheEntryStaysPendingUntilTheArchiveFillsIt() async throws {
        let store = try makeStore("daybook-weather")
        let id = try addEntry(store, "2021:07:01 14:20:00", at: Self.paris, offset: 7200)
        let other = try addEntry(store, "2021:07:01 09:40:00", at: Self.paris, offset: 7200)
        // The archive has filled 1 July up to 10:00 UTC only.
        let filledUntil = Self.utc("2021-07-01T10:00:00Z")
        let incomplete = try startServer { .json(200, OpenMeteoFake.answer(for: $0, emptyFrom: filledUntil)!) }
        let first = try await backfill(store, server: incomplete)
        XCTAssertEqual(first.filled, 1, "09:40 +02:00 = 07:40 UTC has its hours")
        XCTAssertEqual(first.pending, 1)
        XCTAssertNil(try store.weather(entryID: id))
        XCTAssertEqual(try store.entry(id: id)?.weatherStatus, .pending)
        XCTAssertNotNil(try store.weather(entryID: other))

        // Later the archive is complete. 1 July is in the cache, but with nulls where the
        // entry needs values: the back-fill asks again and fills it.
        let complete = try startServer(OpenMeteoFake.ok)
        let second = try await backfill(store, server: complete)
        XCTAssertEqual(second.filled, 1)
        XCTAssertEqual(complete.requestCount, 1)
        let weather = try XCTUnwrap(try store.weather(entryID: id))
        XCTAssertEqual(weather.observedAt, "2021-07-01T12:00:00Z")
        XCTAssertEqual(weather.temperatureC, OpenMeteoFake.values(at: Self.utc("2021-07-01T12:00:00Z")).temperature)
        try assertAccountedFor(store, done: 2, pending: 0, error: 0)

        // Now the cached day is complete: a third run asks nothing.
        let third = try await backfill(store, server: complete)
        XCTAssertEqual(third.attempts, 0)
    }
}
