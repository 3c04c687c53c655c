import DaybookImaging
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The map page without Leaflet installed: headless Chromium's screenshot of the page as
/// served must show the message saying what the map needs, not a blank page.
final class BrowserMapTests: XCTestCase {
    func testTheMapWithoutLeafletShowsWhatItNeeds() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let noJavaScript = try TemporaryFolder.make("daybook-no-leaflet")
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        try await fixture.application {
            $0.port = 0
            $0.javascriptFolder = noJavaScript
        }.test(.live) { client in
            let url = "http://127.0.0.1:\(try XCTUnwrap(client.port))/map"
            let dom = try await Chromium.load(url, chromium: chromium, profile: profile)
            XCTAssertTrue(dom.contains("The map needs Debian's libjs-leaflet and libjs-leaflet.markercluster"), dom)
            let shot = try await Self.screenshot(url, chromium: chromium, profile: profile)
            // The message is set in the danger colour (#a3302a), the only text in it on this
            // page: its pixels in the window mean the message is in view.
            var red = 0
            for index in stride(from: 0, to: shot.pixels.count, by: 3) {
                let (r, g, b) = (Int(shot.pixels[index]), Int(shot.pixels[index + 1]), Int(shot.pixels[index + 2]))
                if r > 120 && r - g > 60 && r - b > 60 { red += 1 }
            }
            XCTAssertGreaterThan(red, 150, "the message is not in the window (\(red) pixels of its colour)")
        }
    }

    /// Leaflet's files present when the server started but not loading (here: empty): the
    /// map's script shows the same message.
    func testTheMapScriptShowsTheMessageWhenLeafletDoesNotLoad() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let brokenJavaScript = try TemporaryFolder.make("daybook-empty-leaflet")
        let leaflet = brokenJavaScript.appendingPathComponent("leaflet")
        try FileManager.default.createDirectory(at: leaflet, withIntermediateDirectories: true)
        for name in ["leaflet.js", "leaflet.markercluster.js", "leaflet.css", "MarkerCluster.css", "MarkerCluster.Default.css"] {
            try Data().write(to: leaflet.appendingPathComponent(name))
        }
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        try await fixture.application {
            $0.port = 0
            $0.javascriptFolder = brokenJavaScript
        }.test(.live) { client in
            let dom = try await Chromium.load(
                "http://127.0.0.1:\(try XCTUnwrap(client.port))/map", chromium: chromium, profile: profile)
            let message = try XCTUnwrap(dom.firstMatch(of: /<p id="mapneeds"[^>]*>/), dom)
            XCTAssertFalse(message.output.contains("hidden"), "the script unhid the message: \(message.output)")
        }
    }

    /// The window as Chromium draws it after the page loaded (1280x900), decoded.
    static func screenshot(_ url: String, chromium: String, profile: URL) async throws -> RGBImage {
        let folder = try TemporaryFolder.make("daybook-chromium-shot")
        let file = folder.appendingPathComponent("window.jpg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
            "--virtual-time-budget=5000", "--window-size=1280,900", "--screenshot=\(file.path)", url,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        XCTAssertEqual(process.terminationStatus, 0, url)
        let bytes = try [UInt8](Data(contentsOf: file))
        return try JPEGDecoder.decode(bytes, minimumLongestSide: 4096).image
    }
}
