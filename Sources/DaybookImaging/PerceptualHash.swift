import Foundation

/// A 64-bit DCT perceptual hash (pHash) of a picture: what it looks like, not its bytes.
///
/// The same photo resized, recompressed or slightly re-exposed keeps nearly the same bits;
/// a different picture differs in about half of them. Made from the thumbnail's pixels
/// (already decoded at ingest), so it costs no decode of its own: a 32×32 grey average and
/// one separable DCT.
///
/// The picture is reduced to 32×32 luma by area averaging (which filters out JPEG noise and
/// makes the hash blind to the source's size), the 2-D DCT-II is taken, and the 8×8 lowest
/// frequencies are kept: each bit says whether a coefficient is above the median of those
/// 64 (the DC term, which only says how bright the picture is, is left out of the median
/// and its bit is always 0, so exposure changes move no bit by themselves).
package struct PerceptualHash: Sendable, Hashable {
    package let bits: UInt64

    package init(bits: UInt64) { self.bits = bits }

    /// Bits that differ: 0 for the same picture, about 32 for unrelated ones.
    package func distance(to other: PerceptualHash) -> Int { (bits ^ other.bits).nonzeroBitCount }

    /// The hash as SQLite stores it (a signed 64-bit integer, same bits).
    package var signed: Int64 { Int64(bitPattern: bits) }

    private static let side = 32
    private static let kept = 8

    /// nil for an empty image (nothing to look at).
    package init?(of image: RGBImage) {
        guard image.width > 0, image.height > 0 else { return nil }
        let grey = Self.greyAverage(image)
        let coefficients = Self.lowFrequencies(grey)
        // The median of the 63 AC terms; the DC term (index 0) only carries brightness.
        let ac = coefficients.dropFirst().sorted()
        let median = (ac[ac.count / 2 - 1] + ac[ac.count / 2]) / 2
        var bits: UInt64 = 0
        for index in 1..<coefficients.count where coefficients[index] > median { bits |= 1 << UInt64(index) }
        self.bits = bits
    }

    /// 32×32 luma (BT.601 weights), each cell the mean of the source pixels it covers. A
    /// source smaller than 32 on a side repeats its pixels. Integer sums over the raw
    /// buffers: this loop touches every thumbnail pixel, the only part of the hash that grows
    /// with the picture.
    private static func greyAverage(_ image: RGBImage) -> [Double] {
        var sums = [Int](repeating: 0, count: side * side)
        var counts = [Int](repeating: 0, count: side * side)
        let cellOfColumn = (0..<image.width).map { $0 * side / image.width }
        sums.withUnsafeMutableBufferPointer { sums in
            counts.withUnsafeMutableBufferPointer { counts in
                image.pixels.withUnsafeBufferPointer { pixels in
                    cellOfColumn.withUnsafeBufferPointer { cellOfColumn in
                        var i = 0
                        for y in 0..<image.height {
                            let cellRow = y * side / image.height * side
                            for x in 0..<image.width {
                                let cell = cellRow + cellOfColumn[x]
                                sums[cell] += 299 * Int(pixels[i]) + 587 * Int(pixels[i + 1]) + 114 * Int(pixels[i + 2])
                                counts[cell] += 1
                                i += 3
                            }
                        }
                    }
                }
            }
        }
        if image.width < side || image.height < side {
            // Cells no source pixel fell into take the pixel nearest their centre.
            for cy in 0..<side {
                for cx in 0..<side where counts[cy * side + cx] == 0 {
                    let p = image.pixel(x: cx * image.width / side, y: cy * image.height / side)
                    sums[cy * side + cx] = 299 * Int(p.r) + 587 * Int(p.g) + 114 * Int(p.b)
                    counts[cy * side + cx] = 1
                }
            }
        }
        return zip(sums, counts).map { Double($0) / Double($1 * 1000) }
    }

    /// The 8×8 lowest coefficients of the 32×32 DCT-II, row-major (index 0 is DC).
    private static func lowFrequencies(_ grey: [Double]) -> [Double] {
        // Rows first (only the `kept` lowest frequencies are needed), then columns.
        var rows = [Double](repeating: 0, count: side * kept)
        for y in 0..<side {
            for u in 0..<kept {
                var sum = 0.0
                for x in 0..<side { sum += grey[y * side + x] * cosines[u * side + x] }
                rows[y * kept + u] = sum
            }
        }
        var result = [Double](repeating: 0, count: kept * kept)
        for v in 0..<kept {
            for u in 0..<kept {
                var sum = 0.0
                for y in 0..<side { sum += rows[y * kept + u] * cosines[v * side + y] }
                // Rounded, so a flat picture's coefficients are exactly 0 rather than rounding
                // noise, and it hashes the same at any size (no bit set).
                result[v * kept + u] = (sum * 1000).rounded() / 1000
            }
        }
        return result
    }

    /// cos((2x+1)uπ / 64) for the kept frequencies u and the 32 positions x.
    private static let cosines: [Double] = (0..<kept).flatMap { u -> [Double] in
        (0..<side).map { x -> Double in
            let angle: Double = Double(2 * x + 1) * Double(u) * Double.pi / Double(2 * side)
            return cos(angle)
        }
    }
}
