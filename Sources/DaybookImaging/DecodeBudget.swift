import Foundation

/// Bounds the memory that decodes hold at once, across every ingest worker and web preview
/// in the process.
///
/// Most JPEGs decode at a reduced DCT scale and cost little, but two kinds of frame cost what
/// their full size does: HEVC has no reduced-scale decode (libheif hands over a 12 MP photo
/// as 36 MB of RGB after holding its YCbCr planes and libde265's pictures, which `estimate`
/// counts at its peak), and a progressive JPEG makes libjpeg keep every coefficient of the frame
/// (600 MB for a 10000×10000 4:4:4 file of under 2 MB). `--jobs` alone would let a many-core
/// machine run dozens of those at once, so each decode reserves its estimate here first and
/// waits while the budget is spent. One decode larger than the whole budget still runs, alone;
/// `DecodeLimits.maxImageBytes` refuses the JPEGs that would cost more than that.
// A condition variable, not a Mutex: a decode must block its worker thread until the budget
// has room. @unchecked because `condition` guards `inUse` and `highest`.
package final class DecodeBudget: @unchecked Sendable {
    /// What the budget allows in flight at once, in bytes.
    package let bytes: Int
    private var inUse = 0
    private var highest = 0
    private let condition = NSCondition()

    package init(bytes: Int) {
        self.bytes = max(1, bytes)
    }

    /// Shared by every decode in the process (ingest workers, watch, web previews): room for
    /// two 12 MP HEIF decodes by `estimate`, so `--jobs 2` never waits on HEICs, and further
    /// jobs wait for room rather than add to the peak.
    package static let shared = DecodeBudget(bytes: 200_000_000)

    /// Peak memory of decoding an image of `pixels` pixels to RGB: about 8 bytes a pixel
    /// (RGB 3, YCbCr planes up to 3, the decoder's own picture 1.5, and slack).
    package static func estimate(pixels: Int) -> Int { pixels * 8 }

    /// Runs `body` once `cost` bytes fit in the budget (or nothing else is running).
    package func spending<T, E: Error>(_ cost: Int, _ body: () throws(E) -> T) throws(E) -> T {
        let cost = max(0, cost)
        condition.lock()
        while inUse > 0 && inUse + cost > bytes {
            condition.wait()
        }
        inUse += cost
        highest = max(highest, inUse)
        condition.unlock()
        defer {
            condition.lock()
            inUse -= cost
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Bytes reserved right now (for tests).
    package var reserved: Int {
        condition.lock()
        defer { condition.unlock() }
        return inUse
    }

    /// The most bytes ever reserved at once (for tests and benchmarks).
    package var highestReserved: Int {
        condition.lock()
        defer { condition.unlock() }
        return highest
    }
}
