import DaybookWeather
import Foundation
import XCTest

/// `OpenMeteoArchive` over real HTTP against a server on 127.0.0.1.
final class OpenMeteoClientTests: ServerTestCase {
    func testQueryHasEveryParameter() async throws {
        let server = try startServer(OpenMeteoFake.ok)
        let client = OpenMeteoArchive(baseURL: server.baseURL, timeout: 5)
        _ = try await client.series(for: parisRequest("2021-07-01", "2021-07-03"))
        let requests = server.requests
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/v1/archive")
        XCTAssertEqual(
            request.query,
            [
                "latitude": "48.85", "longitude": "2.35",
                "start_date": "2021-07-01", "end_date": "2021-07-03",
                "hourly": "temperature_2m,apparent_temperature,precipitation,cloud_cover,wind_speed_10m,weather_code",
                "timezone": "auto", "timeformat": "unixtime",
            ])
    }

    func testBaseURLWithPathPrefixAndNegativeCoordinates() async throws {
        let server = try startServer(OpenMeteoFake.ok)
        let client = OpenMeteoArchive(baseURL: server.baseURL.appendingPathComponent("om/"), timeout: 5)
        let request = WeatherRequest(cell: GeoCell(latitude: -33.8688, longitude: -70.6693), start: .d("2020-01-01"), end: .d("2020-01-01"))
        _ = try await client.series(for: request)
        let recorded = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(recorded.path, "/om/v1/archive")
        XCTAssertEqual(recorded.query["latitude"], "-33.85")
        XCTAssertEqual(recorded.query["longitude"], "-70.65")
    }

    func testSuccessDecodesEveryHourAndNulls() async throws {
        let server = try startServer(OpenMeteoFake.ok)
        let client = OpenMeteoArchive(baseURL: server.baseURL, timeout: 5)
        let series = try await client.series(for: parisRequest("2021-07-01", "2021-07-02"))
        XCTAssertEqual(series.provider, "open-meteo")
        XCTAssertEqual(series.timeZone, "Europe/Paris")
        XCTAssertEqual(series.utcOffsetSeconds, 7200)
        XCTAssertEqual(series.gridLatitude, 48.86, accuracy: 1e-9)
        XCTAssertEqual(series.gridLongitude, 2.34, accuracy: 1e-9)
        // Two local days at +02:00: 2021-06-30T22:00Z … 2021-07-02T21:00Z.
        XCTAssertEqual(series.hours.count, 48)
        XCTAssertEqual(series.hours.first?.time, 1_625_090_400)
        XCTAssertEqual(series.hours.last?.time, 1_625_090_400 + 47 * 3600)
        XCTAssertEqual(series.hours(on: .d("2021-07-01")).count, 24)
        XCTAssertEqual(series.hours(on: .d("2021-07-02")).first?.time, 1_625_176_800)
        for hour in series.hours {
            let expected = OpenMeteoFake.values(at: hour.time)
            XCTAssertEqual(hour.temperature, expected.temperature)
            XCTAssertEqual(hour.apparentTemperature, expected.apparent)
            XCTAssertEqual(hour.precipitation, expected.precipitation)
            XCTAssertEqual(hour.cloudCover, expected.cloud)
            XCTAssertEqual(hour.windSpeed, expected.wind)
            XCTAssertEqual(hour.weatherCode, expected.code)
        }
        XCTAssertTrue(series.hours.contains { $0.temperature == nil }, "the fake sends some nulls")
    }

    func testAllNullHoursAreEmpty() async throws {
        let emptyFrom: Int64 = 1_625_090_400 + 24 * 3600
        let server = try startServer { .json(200, OpenMeteoFake.answer(for: $0, emptyFrom: emptyFrom)!) }
        let series = try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest())
        XCTAssertEqual(series.hours.filter(\.isEmpty).count, 24)
        XCTAssertTrue(series.hours.filter { $0.time >= emptyFrom }.allSatisfy(\.isEmpty))
        XCTAssertTrue(series.hours.filter { $0.time < emptyFrom }.allSatisfy { !$0.isEmpty })
    }

    func testSlowServerTimesOutAsTransient() async throws {
        let server = try startServer { .json(200, OpenMeteoFake.answer(for: $0)!, delay: 3) }
        let client = OpenMeteoArchive(baseURL: server.baseURL, timeout: 1)
        let started = Date()
        await assertThrows(.transient, try await client.series(for: parisRequest()))
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThan(elapsed, 2.9, "must give up before the server's 3 s answer")
        XCTAssertGreaterThanOrEqual(elapsed, 0.9)
    }

    func testRateLimitedWithRetryAfter() async throws {
        let server = try startServer { _ in .json(429, #"{"error":true,"reason":"Too many requests"}"#, headers: ["Retry-After": "2"]) }
        do {
            _ = try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error, .rateLimited(retryAfter: 2))
        }
    }

    func testRateLimitedWithoutRetryAfter() async throws {
        let server = try startServer { _ in .json(429, "{}") }
        do {
            _ = try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error, .rateLimited(retryAfter: nil))
        }
    }

    func testServerErrorIsTransient() async throws {
        let server = try startServer { _ in .json(500, #"{"error":true,"reason":"internal"}"#) }
        await assertThrows(.transient, try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest()))
    }

    func testMalformedJSON() async throws {
        let server = try startServer { _ in .json(200, #"{"latitude":48.86,"longitude":2.3,"hourly":{"time":[1,2"#) }
        await assertThrows(.malformed, try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest()))
    }

    func testWrongShapeIsMalformed() async throws {
        // Arrays of different lengths, and an HTML page where JSON was expected.
        let mismatched =
            #"{"latitude":48.86,"longitude":2.3,"utc_offset_seconds":7200,"timezone":"Europe/Paris","hourly":{"time":[1625090400,1625094000],"temperature_2m":[20.5]}}"#
        let server = try startServer { _ in .json(200, mismatched) }
        await assertThrows(.malformed, try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest()))
        let html = try startServer { _ in
            LocalHTTPServer.Reply(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>hi</html>".utf8))
        }
        await assertThrows(.malformed, try await OpenMeteoArchive(baseURL: html.baseURL, timeout: 5).series(for: parisRequest()))
    }

    func testBadRequestIsPermanentWithReason() async throws {
        let reason = "Parameter 'start_date' is out of allowed range"
        let server = try startServer { _ in .json(400, #"{"error":true,"reason":"\#(reason)"}"#) }
        do {
            _ = try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error, .permanent(reason))
            XCTAssertEqual(error.description, reason)
        }
    }

    func testConnectionRefusedIsUnreachable() async throws {
        let server = try startServer(OpenMeteoFake.ok)
        let url = server.baseURL
        server.stop()  // nothing listens on that port any more
        await assertThrows(.unreachable, try await OpenMeteoArchive(baseURL: url, timeout: 2).series(for: parisRequest()))
    }

    func testSubSecondTimeoutsAreRoundedUp() {
        // swift-corelibs-foundation truncates timeouts to whole seconds (0.5 → immediate).
        XCTAssertEqual(URLSessionHTTPClient.effectiveTimeout(0.5), 1)
        XCTAssertEqual(URLSessionHTTPClient.effectiveTimeout(1.5), 2)
        XCTAssertEqual(URLSessionHTTPClient.effectiveTimeout(30), 30)
        XCTAssertEqual(URLSessionHTTPClient.effectiveTimeout(0), 30)
    }

    func testRetryAfterAsHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_625_140_800)  // Thu, 01 Jul 2021 12:00:00 GMT
        XCTAssertEqual(OpenMeteoArchive.retryAfterSeconds("Thu, 01 Jul 2021 12:00:30 GMT", now: now), 30)
        XCTAssertEqual(OpenMeteoArchive.retryAfterSeconds("Thu, 01 Jul 2021 11:00:00 GMT", now: now), 0)
        XCTAssertEqual(OpenMeteoArchive.retryAfterSeconds(" 120 ", now: now), 120)
        XCTAssertNil(OpenMeteoArchive.retryAfterSeconds("soon", now: now))
    }

    func testRateLimitReasonWithoutRetryAfter() async throws {
        let server = try startServer { _ in
            .json(429, #"{"error":true,"reason":"Daily API request limit exceeded. Please try again tomorrow."}"#)
        }
        do {
            _ = try await OpenMeteoArchive(baseURL: server.baseURL, timeout: 5).series(for: parisRequest())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error, .rateLimited(retryAfter: 86_400))
        }
        XCTAssertNil(OpenMeteoArchive.retryAfterFromReason("Too many concurrent requests"))
    }

    func testCallWeightFollowsOpenMeteoCounting() {
        let archive = OpenMeteoArchive()
        XCTAssertEqual(archive.callWeight(for: parisRequest("2021-07-01", "2021-07-01")), 1)
        XCTAssertEqual(archive.callWeight(for: parisRequest("2021-07-01", "2021-07-14")), 1)
        XCTAssertEqual(archive.callWeight(for: parisRequest("2021-07-01", "2021-07-28")), 2)
        XCTAssertEqual(archive.callWeight(for: parisRequest("2021-01-01", "2021-12-31")), 365.0 / 14, accuracy: 1e-9)
        XCTAssertEqual(NoWeather().callWeight(for: parisRequest("2021-01-01", "2021-12-31")), 1)
    }

    func testLastAvailableDateIsFiveDaysBack() {
        let now = Date(timeIntervalSince1970: 1_625_140_800)  // 2021-07-01T12:00Z
        XCTAssertEqual(OpenMeteoArchive().lastAvailableDate(now: now), .d("2021-06-26"))
        XCTAssertNil(NoWeather().lastAvailableDate(now: now))
    }

    // MARK: -

    enum Kind { case transient, malformed, unreachable }

    func assertThrows(
        _ kind: Kind, _ body: @autoclosure () async throws(WeatherError) -> WeatherSeries,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        do {
            _ = try await body()
            XCTFail("expected \(kind)", file: file, line: line)
        } catch {
            switch (kind, error) {
            case (.transient, .transient), (.malformed, .malformed), (.unreachable, .unreachable): break
            default: XCTFail("expected \(kind), got \(error)", file: file, line: line)
            }
        }
    }
}
