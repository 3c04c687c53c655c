import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookWeather

/// Weather files come from outside: each damaged one is refused with one line naming the
/// file and the line, and never crashes the loader.
final class MalformedWeatherFileTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try temporaryFolder("weather-bad")
    }

    static let header = "latitude,longitude,time,temperature_c\n"

    /// Loads `bytes` as a file and returns the one-line error it gives.
    func error(loading bytes: Data, name: String = "weather.csv", file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try bytes.write(to: URL(fileURLWithPath: path))
        do {
            _ = try FileWeatherProvider(path: path)
        } catch let error as FileWeatherProvider.LoadError {
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(path + ":"), text, file: file, line: line)
            XCTAssertFalse(text.contains("\n") || text.contains("\r"), "one line: \(text)", file: file, line: line)
            XCTAssertLessThan(text.count, path.count + 160, "short: \(text)", file: file, line: line)
            return String(text.dropFirst(path.count + 1)).trimmingCharacters(in: .whitespaces)
        }
        XCTFail("\(name) was accepted", file: file, line: line)
        return ""
    }

    func error(loading text: String, name: String = "weather.csv", file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try error(loading: Data(text.utf8), name: name, file: file, line: line)
    }

    func testUnterminatedQuoteNamesItsLine() throws {
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,1625140800,1\n48.85,\"2.35,1625144400,2\n48.85,2.35,1625148000,3\n"),
            "3: unterminated quote (opened at column 7)")
    }

    func testTextAfterAClosingQuote() throws {
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,\"2.35\"5,1625140800,1\n"),
            "2: text after the closing quote at column 13")
    }

    func testWrongColumnCounts() throws {
        XCTAssertEqual(try error(loading: Self.header + "48.85,2.35,1625140800,1,9\n"), "2: 5 fields for 4 columns")
        // A short row (a lost separator, a cut file) would put values in the wrong columns.
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,1625140800,1\n\n# note\n48.85,2.35,1625144400\n"),
            "5: 3 fields for 4 columns")
    }

    func testBadNumberAndBadTime() throws {
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,1625140800,1e999\n"),
            "2: temperature_c: \"1e999\" is not a number")
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,1625140800,0x1F\n"),
            "2: temperature_c: \"0x1F\" is not a number")
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,2021-07-01T25:00Z,1\n"),
            "2: time \"2021-07-01T25:00Z\" is neither Unix seconds nor ISO-8601")
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,99999999999999999,1\n"),
            "2: time \"99999999999999999\" is neither Unix seconds nor ISO-8601")
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,2021-02-30T10:00Z,1\n"),
            "2: time \"2021-02-30T10:00Z\" is neither Unix seconds nor ISO-8601")
    }

    func testHugeLineAndHugeFieldStayOneShortLine() throws {
        let huge = String(repeating: "7", count: 200_000)
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,1625140800,\(huge)\n"),
            "2: line is longer than 65536 bytes")
        // A file with no line break at all fails on its first line.
        XCTAssertEqual(try error(loading: Data(repeating: 0x41, count: 100_000)), "1: line is longer than 65536 bytes")
        // A long bad value is cut short, and control characters in it are escaped.
        let message = try error(loading: Self.header + "48.85,2.35,1625140800,\"\(String(repeating: "x", count: 5_000))\"\n")
        XCTAssertEqual(message, "2: temperature_c: \"\(String(repeating: "x", count: 40))\"… is not a number")
        XCTAssertEqual(
            try error(loading: Self.header + "48.85,2.35,1625140800,\"4\u{1B}[2J\u{2028}5\"\n"),
            "2: temperature_c: \"4\\u{1B}[2J\\u{2028}5\" is not a number")
    }

    func testNotUTF8() throws {
        var bytes = Data(Self.header.utf8)
        bytes.append(contentsOf: Array("48.85,2.35,1625140800,".utf8) + [0xC3, 0x28] + [0x0A])
        XCTAssertEqual(try error(loading: bytes), "2: field 4 is not UTF-8 text")
    }

    func testHostileSavedOpenMeteoAnswer() throws {
        let answer = #"{"latitude":1,"longitude":2,"utc_offset_seconds":1e300,"hourly":{"time":["2021-07-01T00:00"],"temperature_2m":[1]}}"#
        XCTAssertEqual(try error(loading: answer, name: "answer.json"), "utc_offset_seconds 1e+300 is not a UTC offset")
    }

    /// What a spreadsheet writes: a BOM, CRLF line ends, quoted fields holding the separator
    /// and doubled quotes, spaces around quoted fields. All of it loads.
    func testSpreadsheetCSVLoads() throws {
        let text =
            "\u{FEFF}Latitude,LONGITUDE,time,temperature_c,note\r\n"
            + "48.85,2.35,1625140800, \"21.5\" ,\"rain, then \"\"sun\"\"\"\r\n"
            + "\"48.85\",2.35,1625144400,22,5\" of snow\r\n"
        let path = directory.appendingPathComponent("sheet.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let provider = try FileWeatherProvider(path: path)
        XCTAssertEqual(provider.observationCount, 2)
        let series = try provider.answer(
            WeatherRequest(cell: GeoCell(latitude: 48.85, longitude: 2.35), start: .d("2021-07-01"), end: .d("2021-07-01")))
        XCTAssertEqual(series.hours.map(\.temperature), [21.5, 22])
    }
}
