import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `daybook serve` while it decodes previews of 40-megapixel photos and hashes a
/// 200 MB original for the first time: light requests (the JSON list, a thumbnail) answer
/// about as fast as when it is idle, because that work never runs on the threads that answer
/// requests (docs/web-concurrency.md). Latencies are compared with an idle baseline taken in
/// the same run, never with a fixed time.
final class BusyServerTests: XCTestCase {
    func testLightRequestsAnswerWhilePreviewsAreMadeAndAnOriginalIsHashed() async throws {
        let root = try TemporaryFolder.make("daybook-busy-serve")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let small = try Data(contentsOf: Repository.sampleSquares.appendingPathComponent("02-rio-2020-01.jpg"))
        try small.write(to: photos.appendingPathComponent("small.jpg"))
        let big = try Self.noiseJPEG(width: 7744, height: 5163)
        for index in 0..<4 { try Data(Self.withComment("copy \(index)", big)).write(to: photos.appendingPathComponent("big-\(index).jpg")) }
        // A JPEG followed by 200 MB: served as it is, hashed whole.
        var large = small
        large.append(Data(count: 200 << 20))
        try large.write(to: photos.appendingPathComponent("large.jpg"))
        let library = root.appendingPathComponent("library")
        let store = try JournalStore(library: Library(root: library))
        let summary = try await Ingester(store: store, options: IngestOptions(jobs: 2)).ingest(paths: [photos.path])
        XCTAssertEqual(summary.created.count, 6)
        let entries = try store.entries()
        let bigHashes = entries.filter { $0.sourcePath.contains("/big-") }.map(\.contentHash)
        let largeID = try XCTUnwrap(entries.first { $0.sourcePath.hasSuffix("large.jpg") }).id
        let thumbnail = try XCTUnwrap(entries.first { $0.sourcePath.hasSuffix("small.jpg") }?.contentHash)

        let serve = try DaybookChild(["serve", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let served = try XCTUnwrap(serve.waitForLog(#/serving .* at (http://127\.0\.0\.1:\d+/)/#, timeout: 30), serve.log)
        let base = try XCTUnwrap(URL(string: String(served)))
        let light = [base.appendingPathComponent("api/entries"), base.appendingPathComponent("thumbnails/\(thumbnail).jpg")]
        let lightSession = URLSession(configuration: .ephemeral)
        for url in light { _ = try await Self.timed(lightSession, URLRequest(url: url)) }
        var idle: [Double] = []
        for _ in 0..<20 { for url in light { idle.append(try await Self.timed(lightSession, URLRequest(url: url))) } }

        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.timeoutIntervalForRequest = 300
        let heavySession = URLSession(configuration: configuration)
        var heavy = bigHashes.map { URLRequest(url: base.appendingPathComponent("previews/\($0).jpg")) }
        for _ in 0..<2 {
            // HEAD: the server does all the work of a GET (the hash) and sends no body.
            var request = URLRequest(url: base.appendingPathComponent("originals/\(largeID)"))
            request.httpMethod = "HEAD"
            heavy.append(request)
        }
        let finished = Flag()
        let heavyRequests = heavy
        let heavyJobs = Task {
            defer { finished.set() }
            return try await withThrowingTaskGroup(of: Int.self) { group in
                for request in heavyRequests {
                    group.addTask {
                        let (_, response) = try await heavySession.data(for: request)
                        return (response as? HTTPURLResponse)?.statusCode ?? 0
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        var busy: [Double] = []
        let busyStart = ContinuousClock.now
        while !finished.isSet {
            for url in light { busy.append(try await Self.timed(lightSession, URLRequest(url: url))) }
        }
        let busyTime = ContinuousClock.now - busyStart
        let statuses = try await heavyJobs.value
        XCTAssertEqual(statuses, Array(repeating: 200, count: heavy.count), serve.log)

        // The mean, not the median: on a blocked server most light requests still slip in
        // between two heavy jobs, and the ones that wait behind a job make the mean.
        let idleMean = idle.reduce(0, +) / Double(idle.count)
        let busyMean = busy.reduce(0, +) / Double(max(1, busy.count))
        let figures = String(
            format: "idle mean %.2f ms, p99 %.1f ms; busy mean %.2f ms, p99 %.1f ms, max %.1f ms, over %d requests in %@",
            idleMean * 1000, Self.percentile(idle, 0.99) * 1000, busyMean * 1000, Self.percentile(busy, 0.99) * 1000,
            (busy.max() ?? 0) * 1000, busy.count, "\(busyTime)")
        print("BusyServerTests: \(figures)")
        XCTAssertGreaterThanOrEqual(busy.count, 6, "light requests waited for the heavy ones: \(figures)")
        XCTAssertLessThan(busyMean, idleMean * 10, figures)
    }

    /// The seconds one request took (its body read whole); fails on any status but 200.
    static func timed(_ session: URLSession, _ request: URLRequest) async throws -> Double {
        let start = ContinuousClock.now
        let (_, response) = try await session.data(for: request)
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, request.url?.path ?? "")
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .infinity }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// A photo of noise (the costliest kind to decode: every coefficient is there), made from
    /// a random tile repeated, so making it is quick.
    static func noiseJPEG(width: Int, height: Int) throws -> [UInt8] {
        var random = SplitMix64(seed: 20)
        let tile = (0..<(1 << 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3 + tile.count)
        while pixels.count < width * height * 3 { pixels += tile }
        pixels.removeLast(pixels.count - width * height * 3)
        return try JPEGEncoder.encode(RGBImage(width: width, height: height, pixels: pixels), quality: 75)
    }

    /// The JPEG with a comment segment after SOI: other bytes, the same picture.
    static func withComment(_ text: String, _ jpeg: [UInt8]) -> [UInt8] {
        let body = Array(text.utf8)
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body + jpeg.dropFirst(2)
    }
}

/// Set once, read from anywhere.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
