import Foundation

/// Bounds the memory that full-size decodes hold at once, across all ingest workers.
///
/// A JPEG decodes at a reduced DCT scale and costs little, but HEVC has no reduced-scale
/// decode: libheif hands over a 12 MP photo as 36 MB of RGB, after holding its YCbCr planes
/// and libde265's pictures (about 100 MB at the peak, measured). `--jobs` alone would let a
/// many-core machine run dozens of those at once, so each decode reserves its estimate here
/// first and waits while the budget is spent. One decode larger than the whole budget still
/// runs, alone.
package final class DecodeBudget: @unchecked Sendable {
    /// What the budget allows in flight at once, in bytes.
    package let bytes: Int
    private var inUse = 0
    private let condition = NSCondition()

    package init(bytes: Int) {
        self.bytes = max(1, bytes)
    }

    /// Shared by every HEIF decode in the process: two 12 MP decodes (about 200 MB), which
    /// keeps `--jobs 2` under 300 MB in all.
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
}
