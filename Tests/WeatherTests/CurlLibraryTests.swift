import DaybookWeather
import Foundation
import XCTest

/// libcurl is opened on the first weather request, not linked (CurlLibrary): without it,
/// the archive is unreachable (the run stops asking, its entries stay pending) and the
/// reason names the missing library.
final class CurlLibraryTests: ServerTestCase {
    func testAMachineWithoutLibcurlFindsTheArchiveUnreachableAndSaysWhy() async throws {
        let server = try startServer(OpenMeteoFake.ok)
        let client = CurlHTTPClient(timeout: 5, library: "libcurl.so.3-daybook-test-missing")
        do {
            _ = try await client.get(server.baseURL.appendingPathComponent("v1/archive"), timeout: 5)
            XCTFail("no request without libcurl")
        } catch {
            guard case .unreachable(let host, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(host, "127.0.0.1")
            XCTAssertTrue(reason.hasPrefix("libcurl is missing ("), reason)
            XCTAssertTrue(reason.contains("libcurl.so.3-daybook-test-missing"), reason)
        }
        XCTAssertEqual(server.requests.count, 0)
    }

    func testAnAnswerKeepsItsStatusHeadersAndBodyThroughLibcurl() async throws {
        let server = try startServer { _ in .json(429, #"{"error":true}"#, headers: ["Retry-After": "7"]) }
        let response = try await CurlHTTPClient(timeout: 5).get(server.baseURL.appendingPathComponent("v1/archive"), timeout: 5)
        XCTAssertEqual(response.statusCode, 429)
        XCTAssertEqual(response.headers["retry-after"], "7")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"error":true}"#)
        XCTAssertEqual(server.requests.first?.headers["accept"], "application/json")
        XCTAssertEqual(server.requests.first?.headers["user-agent"], "Daybook (weather backfill)")
    }
}
