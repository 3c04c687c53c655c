import DaybookCore
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The map of a large journal in real headless Chromium: the server clusters, so the page
/// fetches kilobytes where every place (`/api/places` as it was) would be megabytes, and a
/// click on a cluster lists its entries newest first.
final class BrowserMapScaleTests: XCTestCase {
    static let seeded = 20_000

    func testTheMapOfALargeJournalLoadsClustersInKilobytes() async throws {
        let chromium = try Chromium.required()
        let fixture = try WebFixture()
        let placedBefore = try fixture.store.entries().filter { $0.location != nil }.count
        XCTAssertEqual(try fixture.store.insert(batch: Self.entries(Self.seeded)), Self.seeded)
        let profile = fixture.root.appendingPathComponent("chromium-profile")
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let base = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let seen = try await Self.offThePool {
                let browser = try JourneyBrowser(chromium: chromium, profile: profile)
                defer { browser.close() }
                try browser.open(base + "/map")
                return try Self.look(browser)
            }
            print("map of \(placedBefore + Self.seeded) places: first load \(seen.apiRequests) API requests, \(seen.apiBytes) bytes")
            XCTAssertEqual(seen.count, String(placedBefore + Self.seeded), "the world view counts every entry with a place")
            XCTAssertGreaterThan(seen.clusters, 0, "clusters drawn")
            XCTAssertGreaterThan(seen.apiRequests, 0)
            XCTAssertLessThan(seen.apiBytes, 100_000, "the first load's data, all requests")
            XCTAssertEqual(seen.placesRequests, 0, "nothing fetches every place")
            XCTAssertEqual(seen.tileDates.count, 60, "the first page of the cluster's entries")
            XCTAssertEqual(seen.tileDates, seen.tileDates.sorted(by: >), "newest first")
            XCTAssertTrue(seen.title.hasSuffix(" entries, newest first"), seen.title)
            XCTAssertEqual(seen.problems, [], "what the browser saw go wrong")
        }
    }

    struct Seen: Sendable {
        var count = ""
        var clusters = 0
        var apiRequests = 0
        var placesRequests = 0
        var apiBytes = 0
        var tileDates: [String] = []
        var title = ""
        var problems: [String] = []
    }

    /// Waits for the map to settle, reads what it fetched, then clicks the largest cluster.
    static func look(_ browser: JourneyBrowser) throws -> Seen {
        var seen = Seen()
        let deadline = Date().addingTimeInterval(30)
        while seen.count.isEmpty && Date() < deadline {
            seen.count = try browser.evaluate("document.getElementById('map').dataset.count ?? ''") as? String ?? ""
            if seen.count.isEmpty { usleep(100_000) }
        }
        // The first answer frames the entries; the view that frame shows comes next.
        usleep(1_500_000)
        seen.clusters = try browser.evaluate("document.querySelectorAll('.leaflet-marker-icon.cell').length") as? Int ?? 0
        let resources =
            try browser.evaluate(
                """
                performance.getEntriesByType("resource").filter((r) => new URL(r.name).pathname.startsWith("/api/"))
                  .map((r) => ({ path: new URL(r.name).pathname, bytes: r.transferSize }))
                """) as? [[String: Any]] ?? []
        seen.apiRequests = resources.count
        seen.placesRequests = resources.filter { $0["path"] as? String == "/api/places" }.count
        seen.apiBytes = resources.reduce(0) { $0 + ($1["bytes"] as? Int ?? 0) }
        let clicked =
            try browser.evaluate(
                """
                (async () => {
                  const icons = Array.from(document.querySelectorAll(".leaflet-marker-icon.cell"));
                  const biggest = icons.sort((a, b) => Number(b.textContent) - Number(a.textContent))[0];
                  if (!biggest) return { dates: [], title: "" };
                  biggest.click();
                  const until = Date.now() + 10000;
                  while (document.querySelectorAll("#clustergrid li").length === 0 && Date.now() < until) {
                    await new Promise((done) => setTimeout(done, 50));
                  }
                  return {
                    dates: Array.from(document.querySelectorAll("#clustergrid .day")).map((d) => d.textContent),
                    title: document.getElementById("clustertitle").textContent,
                  };
                })()
                """) as? [String: Any] ?? [:]
        seen.tileDates = clicked["dates"] as? [String] ?? []
        seen.title = clicked["title"] as? String ?? ""
        seen.problems = try browser.takeProblems()
        return seen
    }

    /// The browser's calls block: they run on a thread of their own, not the server's pool.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Dated entries around 40 towns, each with its own capture time (so the order is plain).
    static func entries(_ count: Int) -> [JournalEntry] {
        var generator = SplitMix64(seed: 23)
        let towns = (0..<40).map { _ in
            (Double.random(in: -50...60, using: &generator), Double.random(in: -170...170, using: &generator))
        }
        let start = Date(timeIntervalSince1970: 1_300_000_000)
        return (0..<count).map { index in
            let town = towns[index % towns.count]
            let captured = LocalDateTime(unixSecondsIgnoringZone: 1_300_000_000 + Int64(index) * 3_607)
            let created = JournalEntry.timestamp(start)
            return JournalEntry(
                id: String(format: "5ca1e000-0000-4000-8000-%012x", index), contentHash: String(format: "%064x", index + 1),
                sourcePath: "/seeded/\(index).jpg", fileSize: 1, capturedLocal: captured, captureSubsec: nil,
                captureSource: .dateTimeOriginal, offset: nil,
                location: GeoLocation(
                    latitude: town.0 + Double.random(in: -0.3...0.3, using: &generator),
                    longitude: town.1 + Double.random(in: -0.3...0.3, using: &generator)),
                cameraMake: nil, cameraModel: nil, pixelWidth: nil, pixelHeight: nil, orientation: .up, thumbnail: nil,
                thumbnailWidth: nil, thumbnailHeight: nil, problems: nil, text: "", weatherStatus: .unavailable, weatherError: nil,
                createdAt: created, updatedAt: created)
        }
    }
}
