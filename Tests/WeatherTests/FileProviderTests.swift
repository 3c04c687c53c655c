import DaybookCore
import DaybookMetadata
import DaybookTestSupport
import DaybookWeather
import Foundation
import XCTest

final class FileProviderTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try temporaryFolder("weather-file")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func request(_ lat: Double, _ lon: Double, _ start: String, _ end: String) -> WeatherRequest {
        WeatherRequest(cell: GeoCell(latitude: lat, longitude: lon), start: .d(start), end: .d(end))
    }

    static let csv = """
        # Paris station, local times with the zone; Sydney with written offsets; one UTC row.
        latitude,longitude,time,temperature_c,apparent_temperature_c,precipitation_mm,cloud_cover_percent,wind_speed_kmh,weather_code,timezone
        48.8566,2.3522,2021-07-01T00:00,18.0,17.5,0,10,5.0,0,Europe/Paris
        48.8566,2.3522,2021-07-01T01:00,17.5,,0.2,20,,61,Europe/Paris
        48.8566,2.3522,2021-07-01T23:00,19.0,18.0,0,30,4.0,2,Europe/Paris
        48.8566,2.3522,2021-07-02T00:00,18.5,18.0,0,40,4.0,3,Europe/Paris
        48.8566,2.3522,2021-07-02T01:00:00+02:00,18.0,17.0,0,50,3.0,3,
        -33.8688,151.2093,2021-07-01T12:00:00+10:00,14.0,12.0,1.5,90,20.5,63,
        -33.8688,151.2093,2021-07-02T12:00:00+10:00,13.0,11.0,0,75,15.0,3,
        "-33.8688","151.2093","2021-07-03T02:00:00Z",,,,,,,
        """

    func testCSVAnswersPerCellAndLocalDates() async throws {
        let provider = try FileWeatherProvider(path: write("weather.csv", Self.csv))
        XCTAssertEqual(provider.name, "file")
        XCTAssertEqual(provider.stationCount, 2)
        XCTAssertEqual(provider.observationCount, 8)

        let paris = try await provider.series(for: request(48.85, 2.35, "2021-07-01", "2021-07-01"))
        XCTAssertEqual(paris.provider, "file")
        XCTAssertEqual(paris.timeZone, "Europe/Paris")
        XCTAssertEqual(paris.utcOffsetSeconds, 7200)
        XCTAssertEqual(paris.gridLatitude, 48.8566)
        XCTAssertEqual(paris.hours.map(\.time), [1_625_090_400, 1_625_094_000, 1_625_173_200])
        XCTAssertEqual(
            paris.hours[1],
            HourlyObservation(
                time: 1_625_094_000, temperature: 17.5, apparentTemperature: nil,
                precipitation: 0.2, cloudCover: 20, windSpeed: nil, weatherCode: 61))
        let both = try await provider.series(for: request(48.85, 2.35, "2021-07-01", "2021-07-02"))
        XCTAssertEqual(both.hours.count, 5)

        let sydney = try await provider.series(for: request(-33.87, 151.21, "2021-07-01", "2021-07-03"))
        XCTAssertNil(sydney.timeZone)
        XCTAssertEqual(sydney.utcOffsetSeconds, 36_000)
        XCTAssertEqual(sydney.hours.count, 3)
        XCTAssertTrue(sydney.hours.last!.isEmpty)
        // 02:00Z on the 3rd is 12:00 on the 3rd at +10:00: outside 1st…2nd.
        let firstTwo = try await provider.series(for: request(-33.87, 151.21, "2021-07-01", "2021-07-02"))
        XCTAssertEqual(firstTwo.hours.count, 2)
        // The local-time rule works on a file series too.
        let match = ObservationMatcher.match(local: LocalDateTime(iso: "2021-07-01T01:10:00")!, offsetSeconds: nil, in: paris)
        XCTAssertEqual(match?.observation.temperature, 17.5)
        XCTAssertEqual(match?.offsetFromPlace, true)
    }

    func testNearestStationWithinHalfADegree() async throws {
        let provider = try FileWeatherProvider(path: write("weather.csv", Self.csv))
        // Versailles (48.80, 2.13) is in another cell but 0.2° away: Paris answers.
        let versailles = try await provider.series(for: request(48.80, 2.13, "2021-07-01", "2021-07-01"))
        XCTAssertEqual(versailles.gridLatitude, 48.8566)
        XCTAssertEqual(versailles.hours.count, 3)
        // Lyon is 3° away: nothing.
        do {
            _ = try await provider.series(for: request(45.76, 4.83, "2021-07-01", "2021-07-01"))
            XCTFail("expected no station")
        } catch {
            guard case .permanent(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("no observations within 0.5°"), reason)
        }
        // Dates without rows: an empty series, not an error.
        let empty = try await provider.series(for: request(48.85, 2.35, "2020-01-01", "2020-01-31"))
        XCTAssertEqual(empty.hours, [])
    }

    func testJSONObservationsAndUnixTimes() async throws {
        let json = """
            {"observations": [
              {"latitude": -17.7134, "longitude": 179.99, "time": 1625140800, "temperature_c": 25.5,
               "apparent_temperature_c": 27.0, "precipitation_mm": null, "cloud_cover_percent": 40,
               "wind_speed_kmh": 12.0, "weather_code": 80, "timezone": "Pacific/Fiji"},
              {"latitude": -17.7134, "longitude": 179.99, "time": "2021-07-01T13:00:00Z", "temperature_c": 25.0},
              {"latitude": -17.7134, "longitude": -179.99, "time": 1625140800, "temperature_c": 30}
            ]}
            """
        let provider = try FileWeatherProvider(path: write("obs.json", json))
        XCTAssertEqual(provider.stationCount, 2)
        // 12:00Z is 00:00 on 2 July in Fiji (+12:00).
        let east = try await provider.series(for: request(-17.71, 179.99, "2021-07-02", "2021-07-02"))
        XCTAssertEqual(east.timeZone, "Pacific/Fiji")
        XCTAssertEqual(east.utcOffsetSeconds, 43_200)
        XCTAssertEqual(east.hours.map(\.time), [1_625_140_800, 1_625_144_400])
        XCTAssertEqual(east.hours[0].weatherCode, 80)
        XCTAssertNil(east.hours[0].precipitation)
        // The station across the antimeridian is its own cell, and the nearest for its cell.
        let west = try await provider.series(for: request(-17.71, -179.99, "2021-07-01", "2021-07-01"))
        XCTAssertEqual(west.hours.map(\.temperature), [30])
    }

    func testJSONArrayAndSavedOpenMeteoAnswerWithoutExtension() async throws {
        let array = #"[{"latitude":10,"longitude":10,"time":"2021-07-01T10:00+01:00","temperature_c":"21.5"}]"#
        let fromArray = try FileWeatherProvider(path: write("rows", array))
        XCTAssertEqual(fromArray.observationCount, 1)
        let saved = """
            {"latitude":48.86,"longitude":2.3,"utc_offset_seconds":7200,"timezone":"Europe/Paris",
             "hourly":{"time":["2021-07-01T00:00","2021-07-01T01:00"],"temperature_2m":[18.1,null],
                       "apparent_temperature":[17,16],"precipitation":[0,0],"cloud_cover":[5,6],
                       "wind_speed_10m":[3,4],"weather_code":[0,1]}}
            """
        let provider = try FileWeatherProvider(path: write("open-meteo-answer.txt", saved))
        let series = try await provider.series(for: request(48.86, 2.3, "2021-07-01", "2021-07-01"))
        XCTAssertEqual(series.hours.map(\.time), [1_625_090_400, 1_625_094_000])
        XCTAssertEqual(series.hours.map(\.temperature), [18.1, nil])
        XCTAssertEqual(series.hours.map(\.weatherCode), [0, 1])
    }

    func testSemicolonCSVWithQuotesAndColumnOrder() async throws {
        let text = "time;Longitude;LATITUDE;weather_code;note\r\n1625140800;2.35;48.85;95;\"storm; big\"\r\n"
        let provider = try FileWeatherProvider(path: write("x.csv", text))
        let series = try await provider.series(for: request(48.85, 2.35, "2021-07-01", "2021-07-01"))
        XCTAssertEqual(series.hours.map(\.weatherCode), [95])
        XCTAssertEqual(series.utcOffsetSeconds, 0)
    }

    func testBadFilesAreRejectedWithTheirLine() throws {
        let cases: [(String, String)] = [
            ("latitude,longitude,time\n48.85,2.35,2021-07-01T10:00\n", "2: time \"2021-07-01T10:00\" has no UTC offset"),
            ("latitude,longitude,time\n48.85,2.35,yesterday\n", "2: time \"yesterday\" is neither"),
            ("latitude,longitude,time,temperature_c\n48.85,2.35,0,warm\n", "2: temperature_c: \"warm\" is not a number"),
            ("latitude,longitude,time,timezone\n48.85,2.35,0,Mars/Base\n", "2: unknown time zone"),
            ("latitude,longitude,time\n\n# c\n95,2.35,0\n", "4: latitude 95.0 is outside"),
            ("lat,lon,time\n", "header has no latitude column"),
            ("latitude,longitude,time,weather_code\n1,2,0,3.5\n", "weather_code 3.5 is not a WMO code"),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let path = try write("bad\(index).csv", text)
            XCTAssertThrowsError(try FileWeatherProvider(path: path)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error) should contain \(expected)")
                XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
            }
        }
        XCTAssertThrowsError(try FileWeatherProvider(path: write("bad.json", #"{"rows":[]}"#)))
        XCTAssertThrowsError(try FileWeatherProvider(path: write("bad2.json", #"{"observations":[{"latitude":1}]}"#)))
        XCTAssertThrowsError(try FileWeatherProvider(path: directory.appendingPathComponent("missing.csv").path))
    }

    func testISOTimeForms() async throws {
        let text = """
            latitude,longitude,time,temperature_c
            0.05,0.05,2021-07-01T10:00Z,1
            0.05,0.05,2021-07-01 11:00:00.500+0000,2
            0.05,0.05,2021-07-01T14:00:00+02,3
            0.05,0.05,2021-07-01T07:00-05:30,4
            """
        let provider = try FileWeatherProvider(path: write("iso.csv", text))
        let series = try await provider.series(for: request(0.05, 0.05, "2021-07-01", "2021-07-01"))
        XCTAssertEqual(series.hours.map(\.temperature), [1, 2, 3, 4])
        XCTAssertEqual(series.hours.map(\.time), [1_625_133_600, 1_625_137_200, 1_625_140_800, 1_625_142_600])
    }
}
