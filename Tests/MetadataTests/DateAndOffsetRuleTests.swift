import DaybookCore
import DaybookMetadata
import XCTest

final class DateAndOffsetRuleTests: XCTestCase {
    func testUnusableDatesAreMissing() {
        for text in [
            "0000:00:00 00:00:00", "    :  :     :  :  ", "", "garbage: not a date!",
            "2021:02:29 10:00:00", "2021:13:01 10:00:00", "2021:01:01 24:00:00",
            "2021:01:01 10:00", "2021:01:01 10:00:00 extra", "1969:12:31 23:59:6x",
        ] {
            XCTAssertNil(LocalDateTime(exif: text), text)
        }
    }

    func testWellFormedDatesParse() {
        XCTAssertEqual(LocalDateTime(exif: "2020:02:29 23:59:59")?.iso8601, "2020-02-29T23:59:59")
        XCTAssertEqual(LocalDateTime(exif: "2020-02-29T23:59:59")?.exifString, "2020:02:29 23:59:59")
        XCTAssertEqual(LocalDateTime(exif: "1970:01:01 00:00:00")?.secondsSinceEpochIgnoringZone, 0)
        XCTAssertEqual(LocalDateTime(exif: "2000:03:01 00:00:00")?.secondsSinceEpochIgnoringZone, 951_868_800)
    }

    func testOffsetTagParsing() {
        XCTAssertEqual(UTCOffset(exifOffset: "+05:45")?.seconds, 20_700)
        XCTAssertEqual(UTCOffset(exifOffset: "-09:30")?.seconds, -34_200)
        XCTAssertEqual(UTCOffset(exifOffset: "Z")?.seconds, 0)
        for bad in ["", "   :  ", "+5:00", "+15:00", "+01:60", "UTC+1"] {
            XCTAssertNil(UTCOffset(exifOffset: bad), bad)
        }
    }

    func testGPSOffsetMustBeAWholeQuarterHourWithin14Hours() throws {
        let local = try XCTUnwrap(LocalDateTime(exif: "2015:04:10 20:12:23"))
        let utc = try XCTUnwrap(LocalDateTime(exif: "2015:04:10 18:12:22"))
        // One second of difference between shutter and GPS fix is absorbed.
        XCTAssertEqual(UTCOffset(local: local, gpsUTCSeconds: Double(utc.secondsSinceEpochIgnoringZone) + 0.06)?.seconds, 7200)
        // 22 hours apart (a GPS date stamp a day off): no offset rather than a wrong one.
        let dayAhead = try XCTUnwrap(LocalDateTime(exif: "2015:04:11 18:12:22"))
        XCTAssertNil(UTCOffset(local: local, gpsUTCSeconds: Double(dayAhead.secondsSinceEpochIgnoringZone)))
        // 7 minutes off a quarter hour: not a time zone.
        XCTAssertNil(UTCOffset(local: local, gpsUTCSeconds: Double(utc.secondsSinceEpochIgnoringZone + 7 * 60)))
        // Nepal's +05:45 is a whole quarter hour.
        let nepalUTC = local.secondsSinceEpochIgnoringZone - 20_700
        XCTAssertEqual(UTCOffset(local: local, gpsUTCSeconds: Double(nepalUTC))?.formatted, "+05:45")
    }
}
