import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The pages as a phone uses them: another day picked on the on-this-day page without a
/// script, and a tall picture that leaves room for the rest of the entry.
final class PhonePageTests: XCTestCase {
    func testOnThisDayPicksAnotherDayWithADateField() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            let field = /<input type="date" name="date" value="(\d{4})-(\d{2}-\d{2})" required>/
            try await client.execute(uri: "/on-this-day?date=07-14", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("<form class=\"jump\" action=\"/on-this-day\" method=\"get\">"), response.text)
                XCTAssertEqual(response.text.firstMatch(of: field).map { String($0.output.2) }, "07-14", response.text)
            }
            // What the field sends: a whole date, whose year is not the point.
            try await client.execute(uri: "/on-this-day?date=2031-07-14", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertTrue(response.text.contains("On this day: 14 July"), response.text)
                XCTAssertTrue(response.text.contains("2019, "), "Paris, by year")
            }
            // 29 February is offered in a year that has one, or the field would be empty.
            try await client.execute(uri: "/on-this-day?date=02-29", method: .get) { response in
                let match = try XCTUnwrap(response.text.firstMatch(of: field), response.text)
                let year = try XCTUnwrap(Int(match.output.1))
                XCTAssertTrue(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0), "\(year)")
                XCTAssertEqual(match.output.2, "02-29")
            }
            for bad in ["2031-13-01", "2031-7-14", "x2031-07-14"] {
                try await client.execute(uri: "/on-this-day?date=\(bad)", method: .get) { XCTAssertEqual($0.status, .badRequest, bad) }
            }
        }
    }

    /// A phone screenshot (1170×2532) at phone and desktop sizes in Chromium: the picture is
    /// at most 70% of the window's height, in its own proportions.
    func testATallPictureIsBoundedByTheWindowsHeight() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let tall = fixture.root.appendingPathComponent("tall/screenshot.jpg")
        try FileManager.default.createDirectory(at: tall.deletingLastPathComponent(), withIntermediateDirectories: true)
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = [
            "-loglevel", "error", "-f", "lavfi", "-i", "gradients=s=1170x2532", "-frames:v", "1", "-q:v", "3", tall.path,
        ]
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw XCTSkip("no ffmpeg here") }
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        XCTAssertEqual(ffmpeg.terminationStatus, 0)
        _ = try await Ingester(store: fixture.store, options: IngestOptions(jobs: 1)).ingest(paths: [tall.path])
        let entry = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("screenshot.jpg") })
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let url = "http://127.0.0.1:\(try XCTUnwrap(client.port))/entries/\(entry.id)"
            for (width, height) in [(390, 844), (1280, 900)] {
                let tab = try await browser.open(url)
                // The window takes the size at once and the page is laid out again for it.
                _ = try await browser.send(
                    "Emulation.setDeviceMetricsOverride",
                    ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600], session: tab.session)
                let measured = try await tab.evaluate(
                    "(() => { const r = document.querySelector('.preview img').getBoundingClientRect(); return [r.width, r.height]; })()")
                let box = try XCTUnwrap(measured as? [Double], "\(width)×\(height)")
                XCTAssertLessThanOrEqual(box[1], Double(height) * 0.7 + 0.5, "\(width)×\(height): \(box)")
                XCTAssertGreaterThan(box[1], Double(height) * 0.5, "\(width)×\(height): \(box)")
                XCTAssertEqual(box[0] / box[1], 1170.0 / 2532.0, accuracy: 0.01, "\(width)×\(height): \(box)")
            }
        }
    }
}
