import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// A photo uploaded to a real `daybook serve` gets its weather beside the server, from the
/// provider the library remembers, as a watched photo does beside `watch`.
final class ServeUploadWeatherTests: XCTestCase {
    func testAnUploadedPhotoGetsItsWeather() throws {
        let root = try temporaryFolder("daybook-upload-weather")
        let library = root.appendingPathComponent("library"), first = root.appendingPathComponent("first")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        let squares = Repository.fixtures.appendingPathComponent("sample-squares")
        try FileManager.default.copyItem(
            at: squares.appendingPathComponent("01-paris-2019-07.jpg"), to: first.appendingPathComponent("paris.jpg"))
        // The library remembers the provider its first weather came from.
        let weatherFile = Repository.root.appendingPathComponent("docs/sample-weather.csv").path
        let made = try DaybookProcess.run(
            ["ingest", first.path, "--library", library.path, "--weather", "file:\(weatherFile)"], library: library)
        XCTAssertEqual(made.status, 0, made.stderr)
        let serve = try DaybookChild(["serve", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("serve.log"))
        addTeardownBlock { serve.stop() }
        let served = try XCTUnwrap(serve.waitForLog(#/serving .* at http://127\.0\.0\.1:(\d+)//#, timeout: 60), serve.log)
        let port = try XCTUnwrap(Int(served))
        let form = try RawHTTP.exchange("GET /new HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", address: "127.0.0.1", port: port)
        let token = try XCTUnwrap(form.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) }, form)
        let photo = squares.appendingPathComponent("02-rio-2020-01.jpg")
        let reply = try UploadConnection.upload(port: port, [UInt8](try Data(contentsOf: photo)), name: "rio.jpg", token: token)
        XCTAssertEqual(reply.status, 201, reply.body)
        let id = try XCTUnwrap(reply.entry)
        let store = try JournalStore.openReadOnly(library: Library(root: library))
        var weather: Double?
        for _ in 0..<200 where weather == nil {
            weather = try store.weather(entryID: id)?.temperatureC
            if weather == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertEqual(weather, 28.3, serve.log)
        XCTAssertEqual(serve.stop(), 0, serve.log)
    }
}
