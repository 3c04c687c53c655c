import DaybookCore
import DaybookStore
import DaybookStoreTestSupport
import DaybookWeather
import Foundation
import XCTest

@testable import DaybookIngest

/// The rule for an entry's offset from the place's zone lives with the weather (WeatherFill),
/// and the store saves what it is given without replacing an offset the entry has.
extension StoreBackfillTests {
    func match(offsetFromPlace: Bool, _ resolution: LocalTimeResolution) -> WeatherMatch {
        WeatherMatch(
            observation: HourlyObservation(time: 1_625_126_400, temperature: 20), placeOffsetSeconds: 7200,
            offsetFromPlace: offsetFromPlace, instant: 1_625_126_400, resolution: resolution)
    }

    func testOnlyAUniqueLocalTimeGivesTheEntryThePlacesOffset() {
        let series = WeatherSeries(
            provider: "file", gridLatitude: 45.76, gridLongitude: 4.84, timeZone: "Europe/Paris",
            utcOffsetSeconds: 7200, hours: [])
        let fill = { (match: WeatherMatch) in WeatherFill(entryID: "e", series: series, match: match, fetchedAt: Date()) }
        XCTAssertEqual(fill(match(offsetFromPlace: true, .unique)).entryOffset, UTCOffset(seconds: 7200, source: .placeTimeZone))
        XCTAssertNil(fill(match(offsetFromPlace: true, .gap)).entryOffset, "a time in a DST gap is a guess")
        XCTAssertNil(fill(match(offsetFromPlace: true, .overlap)).entryOffset, "a time in a DST overlap is a guess")
        XCTAssertNil(fill(match(offsetFromPlace: false, .entryOffset)).entryOffset, "the entry had its own")
        XCTAssertEqual(fill(match(offsetFromPlace: true, .unique)).record.observedAt, "2021-07-01T08:00:00Z")
    }

    func testSavedWeatherNeverReplacesAnOffsetTheEntryHas() throws {
        let store = try makeStore("daybook-weather")
        let id = try addEntry(store, "2021:07:01 09:40:00", at: Self.lyon, offset: 3600)
        let record = WeatherFill(
            entryID: id,
            series: WeatherSeries(
                provider: "file", gridLatitude: 45.76, gridLongitude: 4.84,
                timeZone: nil, utcOffsetSeconds: 0, hours: []),
            match: match(offsetFromPlace: true, .unique), fetchedAt: Date()
        ).record
        try store.saveWeather([WeatherFill(record: record, entryOffset: UTCOffset(seconds: 7200, source: .placeTimeZone))])
        let entry = try store.entry(idPrefix: id)
        XCTAssertEqual(entry.offset, UTCOffset(seconds: 3600, source: .exifOffsetTag))
        XCTAssertEqual(entry.capturedUTC, 1_625_128_800, "09:40 at +01:00")
        XCTAssertEqual(entry.weatherStatus, .done)
        XCTAssertEqual(try store.weather(entryID: id)?.temperatureC, 20)
    }
}
