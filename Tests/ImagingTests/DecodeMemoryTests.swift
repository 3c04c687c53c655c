import DaybookImaging
import Foundation
import Synchronization
import XCTest

/// The memory a JPEG decode holds: estimated from the header, refused above the per-image
/// limit, and waited for in the process-wide budget.
final class DecodeMemoryTests: XCTestCase {
    /// 2400×1600 at 4:4:4: libjpeg keeps 300 × 200 blocks × 3 components × 128 bytes of
    /// coefficients for a progressive file, whatever the scale.
    static let coefficientBytes = 300 * 200 * 3 * 128

    static func progressive(width: Int = 2400, height: Int = 1600) throws -> [UInt8] {
        let ppm = TestImages.ppm(TestImages.halves(width: width, height: height))
        guard let jpeg = try Tools.run("cjpeg", ["-progressive", "-sample", "1x1", "-quality", "80"], input: ppm) else {
            throw XCTSkip("cjpeg not installed")
        }
        return [UInt8](jpeg)
    }

    func testProgressiveEstimateIsWhatLibjpegNeeds() throws {
        let jpeg = try Self.progressive()
        let cost = try JPEGDecoder.cost(of: jpeg, minimumLongestSide: 400)
        XCTAssertTrue(cost.isProgressive)
        XCTAssertTrue(cost.keepsWholeImage)
        XCTAssertEqual(cost.frame, FrameSize(width: 2400, height: 1600))
        XCTAssertGreaterThanOrEqual(cost.bytes, Self.coefficientBytes)
        XCTAssertLessThan(cost.bytes, Self.coefficientBytes * 5 / 4)

        // libjpeg itself, limited to the estimate, decodes; limited to 80 % of it, it cannot
        // hold its arrays and stops before allocating them.
        try jpeg.withUnsafeBytes { raw in
            let decoded = try JPEGDecoder.decodeNow(
                raw, minimumLongestSide: 400, maxPixels: 100_000_000, memoryLimit: cost.bytes, cost: cost)
            XCTAssertEqual(decoded.image.width, 600)
            XCTAssertThrowsImagingError(
                try JPEGDecoder.decodeNow(
                    raw, minimumLongestSide: 400, maxPixels: 100_000_000, memoryLimit: cost.bytes * 4 / 5, cost: cost)
            ) { error in
                XCTAssertEqual(error, .tooLarge(.decodeMemory(cost, limit: cost.bytes * 4 / 5)))
            }
        }
    }

    func testBaselineFrameOfTheSameSizeCostsLittle() throws {
        let progressive = try JPEGDecoder.cost(of: try Self.progressive(), minimumLongestSide: 400)
        let baseline = try JPEGDecoder.cost(
            of: try JPEGEncoder.encode(TestImages.halves(width: 2400, height: 1600), quality: 80), minimumLongestSide: 400)
        XCTAssertFalse(baseline.isProgressive)
        XCTAssertFalse(baseline.keepsWholeImage)
        XCTAssertLessThan(baseline.bytes * 10, progressive.bytes)
        // The same file at preview size decodes at 6/8 and holds its output twice; the
        // coefficients are still the whole frame's.
        let preview = try JPEGDecoder.cost(of: try Self.progressive(), minimumLongestSide: 1600)
        XCTAssertGreaterThanOrEqual(preview.bytes, Self.coefficientBytes + 1800 * 1200 * 3 * 2)
    }

    func testOverLimitIsRefusedInOneLineNamingTheSizes() throws {
        let jpeg = try Self.progressive()
        let maker = ThumbnailMaker(limits: DecodeLimits(maxImageBytes: 10_000_000, budget: DecodeBudget(bytes: 100_000_000)))
        XCTAssertThrowsImagingError(try maker.make(from: jpeg, orientation: .up)) { error in
            guard case .tooLarge(.decodeMemory(let cost, let limit)) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(limit, 10_000_000)
            XCTAssertEqual(cost.frame, FrameSize(width: 2400, height: 1600))
            XCTAssertEqual(
                error.description,
                "a progressive 2400×1600 JPEG needs about 25 MB to decode, over the 10 MB limit (--max-decode-mb)")
            XCTAssertEqual(error.frameSize, FrameSize(width: 2400, height: 1600))
        }
        // Under a limit that fits, the same maker's rules let it through.
        let roomy = ThumbnailMaker(limits: DecodeLimits(maxImageBytes: 30_000_000, budget: DecodeBudget(bytes: 100_000_000)))
        XCTAssertEqual(try roomy.make(from: jpeg, orientation: .up).image.width, 400)
    }

    /// The default maker (ingest's and the web previews') waits while the process-wide budget
    /// is spent, and goes on once it is free.
    func testJPEGDecodeWaitsForTheSharedBudget() throws {
        let jpeg = try Self.progressive()
        let finished = Flag()
        let thread = Thread {
            _ = try? ThumbnailMaker().make(from: jpeg, orientation: .up)
            finished.set()
        }
        DecodeBudget.shared.spending(DecodeBudget.shared.bytes) {
            thread.start()
            Thread.sleep(forTimeInterval: 0.5)
            XCTAssertFalse(finished.isSet, "the decode ran while the whole budget was spent")
        }
        XCTAssertTrue(finished.wait(seconds: 20), "the decode never ran once the budget was free")
    }

    func testBudgetSerialisesTwoBigDecodes() throws {
        let jpeg = try Self.progressive()
        let cost = try JPEGDecoder.cost(of: jpeg, minimumLongestSide: 400)
        // Room for one of these decodes, not two.
        let budget = DecodeBudget(bytes: cost.bytes * 3 / 2)
        let maker = ThumbnailMaker(limits: DecodeLimits(maxImageBytes: cost.bytes, budget: budget))
        let widths = Widths()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            widths.append((try? maker.make(from: jpeg, orientation: .up))?.image.width ?? 0)
        }
        XCTAssertEqual(widths.all, [400, 400, 400, 400])
        XCTAssertEqual(budget.highestReserved, cost.bytes)
        XCTAssertEqual(budget.reserved, 0)
    }
}

// A condition variable, not a Mutex: `wait` blocks the test's thread until another sets the flag.
private final class Flag: @unchecked Sendable {
    private let condition = NSCondition()
    private var value = false

    func set() {
        condition.lock()
        value = true
        condition.broadcast()
        condition.unlock()
    }

    var isSet: Bool {
        condition.lock()
        defer { condition.unlock() }
        return value
    }

    func wait(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !value && condition.wait(until: deadline) {}
        return value
    }
}

private final class Widths: Sendable {
    private let values = Mutex<[Int]>([])
    func append(_ width: Int) { values.withLock { $0.append(width) } }
    var all: [Int] { values.withLock { $0 } }
}
