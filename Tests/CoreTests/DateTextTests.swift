import DaybookCore
import Foundation
import XCTest

/// The one date reader: each form Daybook reads, and what it must refuse.
final class DateTextTests: XCTestCase {
    func testTheStoresISOFormIsReadExactly() {
        XCTAssertEqual(LocalDateTime(iso: "2020-02-29T23:59:59")?.exifString, "2020:02:29 23:59:59")
        for bad in [
            "2020:02:29 23:59:59", "2020-02-29 23:59:59", "2020-02-29T23:59:59Z", "2020-02-29T23:59", "2021-02-29T10:00:00",
            "2021-07-01T10:00:00../../x", "２０２０-02-29T23:59:59", "",
        ] {
            XCTAssertNil(LocalDateTime(iso: bad), bad)
        }
    }

    /// The ISO reader's fixed places read what the layout reader reads, on every one-character
    /// change of a date, and shorter and longer texts.
    func testTheISOFastReadIsTheLayoutRead() {
        let date = "2024-07-14T09:05:59"
        var texts = [date, "", "2024-07-14", date + "0", String(date.dropLast()), "0000-00-00T00:00:00", "9999-99-99T99:99:99"]
        for index in 0..<19 {
            for piece in ["0", "7", "9", "-", ":", "T", " ", "/", "a", "é", "０", "\u{301}"] {
                var characters = Array(date)
                characters[index] = Character(piece)
                texts.append(String(characters))
            }
        }
        for text in texts {
            var bytes = text
            let fast = bytes.withUTF8(LocalDateTime.isoNumbers).map { [$0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second] }
            XCTAssertEqual(fast, DateText.numbers(text, layout: "####-##-##T##:##:##"), text)
        }
    }

    func testEXIFFormsAcceptTheSeparatorsWritersUse() {
        for text in ["2020:02:29 23:59:59", "2020-02-29 23:59:59", "2020/02/29 23:59:59", "2020:02:29T23:59:59"] {
            XCTAssertEqual(LocalDateTime(exif: text)?.iso8601, "2020-02-29T23:59:59", text)
        }
        for bad in ["2020:02-29 23:59:59", "2020:02:29_23:59:59", "0000:00:00 00:00:00", "2020:02:29 24:00:00", " 2020:02:29 23:59:5"] {
            XCTAssertNil(LocalDateTime(exif: bad), bad)
        }
        XCTAssertEqual(CivilDate(exifDate: "2015:04:10")?.iso, "2015-04-10")
        XCTAssertNil(CivilDate(exifDate: "2015:04-10"))
    }

    func testCommandLineDates() {
        XCTAssertEqual(LocalDateTime(commandLine: "2024-05-17")?.iso8601, "2024-05-17T00:00:00")
        XCTAssertEqual(LocalDateTime(commandLine: "2024-05-17 12:30")?.iso8601, "2024-05-17T12:30:00")
        XCTAssertEqual(LocalDateTime(commandLine: "2024-05-17T12:30:05")?.iso8601, "2024-05-17T12:30:05")
        for bad in ["2024-05", "2024-05-17 12", "yesterday", "2024-05-17 12:30:05:00"] {
            XCTAssertNil(LocalDateTime(commandLine: bad), bad)
        }
        XCTAssertEqual(CivilDate(iso: "2024-05-17")?.iso, "2024-05-17")
        XCTAssertNil(CivilDate(iso: "2024/05/17"))
    }

    func testOffsetsAndPadding() {
        XCTAssertEqual(UTCOffset(exifOffset: "-09:30")?.formatted, "-09:30")
        XCTAssertNil(UTCOffset(exifOffset: "+05:60"))
        XCTAssertNil(UTCOffset(exifOffset: "+15:00"), "beyond ±14 h")
        XCTAssertEqual(DateText.padded(7), "07")
        XCTAssertEqual(DateText.padded(123, width: 2), "123")
        XCTAssertEqual(DateText.padded(5, width: 4), "0005")
        XCTAssertEqual(DateText.numbers("12-34", layout: "##-##"), [12, 34])
        XCTAssertNil(DateText.numbers("12-345", layout: "##-##"))
    }

    func testCodableUsesTheISOText() throws {
        let local = try XCTUnwrap(LocalDateTime(iso: "2019-07-14T10:30:00"))
        XCTAssertEqual(String(decoding: try JSONEncoder().encode([local]), as: UTF8.self), "[\"2019-07-14T10:30:00\"]")
        XCTAssertThrowsError(try JSONDecoder().decode([LocalDateTime].self, from: Data("[\"2019-07-14 10:30:00\"]".utf8)))
    }

    func testTrimmingSpacesAndNULs() {
        XCTAssertEqual(" Canon\0\0".trimmingSpaces, "Canon")
        XCTAssertEqual("\t\n".trimmingSpaces, "")
    }
}

/// The UTC time stamps the store writes for its own work.
final class UTCTimestampTests: XCTestCase {
    func testTimeStampsReadBackToTheSecond() {
        XCTAssertEqual(UTCTimestamp.text(unixSeconds: 1_563_091_200), "2019-07-14T08:00:00Z")
        XCTAssertEqual(UTCTimestamp.text(Date(timeIntervalSince1970: 1_563_091_200.9)), "2019-07-14T08:00:00Z")
        XCTAssertEqual(UTCTimestamp.unixSeconds("2019-07-14T08:00:00Z"), 1_563_091_200)
        XCTAssertEqual(UTCTimestamp.unixSeconds(UTCTimestamp.text(unixSeconds: -1)), -1)
        for bad in ["2019-07-14T08:00:00", "2019-07-14T24:00:00Z", "2019-07-14 08:00:00Z", "2019-07-14T08:00:00+02:00"] {
            XCTAssertNil(UTCTimestamp.unixSeconds(bad), bad)
        }
    }
}
