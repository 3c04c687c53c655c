extension RGBImage {
    /// Shrinks so the longer side is `longestSide`, keeping the aspect ratio (the other side
    /// rounded, at least 1). Each output pixel is the area-weighted mean of the source pixels
    /// it covers, partial edge pixels counting by their covered fraction, so fine detail
    /// averages out instead of aliasing. Never enlarges: a smaller image comes back as is.
    package func resized(toLongestSide longestSide: Int) -> RGBImage {
        let target = Resampling.targetSize(width: width, height: height, longestSide: longestSide)
        if target.width == width && target.height == height {
            return self
        }
        return Resampling.boxResize(self, width: target.width, height: target.height)
    }
}

enum Resampling {
    static func targetSize(width: Int, height: Int, longestSide: Int) -> FrameSize {
        let longest = max(width, height)
        guard longestSide > 0, min(width, height) > 0, longest > longestSide else {
            return FrameSize(width: width, height: height)
        }
        let shortSide = Int(
            (Double(min(width, height)) * Double(longestSide) / Double(longest))
                .rounded())
        let short = max(1, min(longestSide, shortSide))
        return width >= height
            ? FrameSize(width: longestSide, height: short)
            : FrameSize(width: short, height: longestSide)
    }

    /// Separable, vertical first: each output row is blended from whole source rows (long
    /// contiguous loops that vectorise), then that single float row is narrowed. Only one
    /// source row of floats is ever held, and the narrowing, the costly part, runs on the
    /// output's rows rather than the source's.
    static func boxResize(_ source: RGBImage, width: Int, height: Int) -> RGBImage {
        source.pixels.withUnsafeBufferPointer { src in
            boxResize(
                src.baseAddress!, width: source.width, height: source.height, rowBytes: source.width * 3,
                toWidth: width, height: height)
        }
    }

    /// The same from pixels where a decoder left them: rows `rowBytes` apart (libheif pads
    /// them), so a large decoded image is never copied before it is shrunk.
    static func boxResize(
        _ source: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int, rowBytes: Int,
        toWidth width: Int, height: Int
    ) -> RGBImage {
        let columns = BoxTaps(sourceLength: sourceWidth, destinationLength: width)
        let rows = BoxTaps(sourceLength: sourceHeight, destinationLength: height)
        let rowLength = sourceWidth * 3
        // Zero padding: the narrowing reads `maxTaps` pixels from every start, with weight 0
        // past the real ones.
        var blendedRow = [Float](repeating: 0, count: rowLength + columns.maxTaps * 3)
        var narrowedRow = [Float](repeating: 0, count: width * 3)

        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            blendedRow.withUnsafeMutableBufferPointer { blended in
                narrowedRow.withUnsafeMutableBufferPointer { narrowed in
                    columns.withPointers { colFirst, colWeights in
                        rows.withPointers { rowFirst, rowWeights in
                            for y in 0..<height {
                                blendRows(
                                    source, rowBytes: rowBytes, rowLength: rowLength,
                                    first: Int(rowFirst[y]),
                                    weights: rowWeights + y * rows.maxTaps,
                                    count: rows.tapCount(y), into: blended.baseAddress!)
                                narrowRow(
                                    blended.baseAddress!, first: colFirst, weights: colWeights,
                                    maxTaps: columns.maxTaps, width: width,
                                    into: narrowed.baseAddress!)
                                quantize(
                                    narrowed.baseAddress!, count: width * 3,
                                    into: out.baseAddress! + y * width * 3)
                            }
                        }
                    }
                }
            }
            count = width * height * 3
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func blendRows(
        _ src: UnsafePointer<UInt8>, rowBytes: Int, rowLength: Int, first: Int, weights: UnsafePointer<Float>,
        count: Int, into out: UnsafeMutablePointer<Float>
    ) {
        var line = src + first * rowBytes
        let w0 = weights[0]
        for i in 0..<rowLength {
            out[i] = w0 * Float(line[i])
        }
        for k in 1..<max(1, count) {
            line += rowBytes
            let w = weights[k]
            for i in 0..<rowLength {
                out[i] += w * Float(line[i])
            }
        }
    }

    /// The tap count is almost always 2–4 (scale factors up to 3), so those get loops with a
    /// constant trip count that the compiler unrolls. Plain scalar code on purpose: SIMD
    /// types are only marginally faster in release and many times slower in debug builds.
    private static func narrowRow(
        _ row: UnsafePointer<Float>, first: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
        maxTaps: Int, width: Int, into out: UnsafeMutablePointer<Float>
    ) {
        switch maxTaps {
        case 2: narrowRow(row, first, weights, taps: 2, width, out)
        case 3: narrowRow(row, first, weights, taps: 3, width, out)
        case 4: narrowRow(row, first, weights, taps: 4, width, out)
        default: narrowRow(row, first, weights, taps: maxTaps, width, out)
        }
    }

    @inline(__always)
    private static func narrowRow(
        _ row: UnsafePointer<Float>, _ first: UnsafePointer<Int32>,
        _ weights: UnsafePointer<Float>, taps: Int, _ width: Int,
        _ out: UnsafeMutablePointer<Float>
    ) {
        var target = out
        for x in 0..<width {
            var p = row + Int(first[x]) * 3
            let w = weights + x * taps
            var r: Float = 0
            var g: Float = 0
            var b: Float = 0
            for k in 0..<taps {
                let wk = w[k]
                r += wk * p[0]
                g += wk * p[1]
                b += wk * p[2]
                p += 3
            }
            target[0] = r
            target[1] = g
            target[2] = b
            target += 3
        }
    }

    /// Round to nearest by adding 1.5·2²³: the float's low mantissa bits then hold the
    /// integer. Branch-free (so it vectorises), unlike a checked Float→UInt8 conversion,
    /// which cost more than the filtering itself. Valid because box weights are non-negative
    /// and sum to 1, so every value is already within 0…255.
    private static func quantize(
        _ values: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        for i in 0..<count {
            out[i] = UInt8(truncatingIfNeeded: (values[i] + 0x1.8p23).bitPattern)
        }
    }
}

/// For each output position along one axis: the first source index it covers and the
/// weights of the source pixels from there (covered fraction, normalised to sum 1).
/// Weights sit at a fixed stride `maxTaps`, zero-padded, so lookups need no offset table
/// and loops can run a fixed number of taps.
struct BoxTaps {
    let maxTaps: Int
    private let first: [Int32]
    private let count: [Int32]
    private let weights: [Float]

    init(sourceLength: Int, destinationLength: Int) {
        let scale = Double(sourceLength) / Double(destinationLength)
        let maxTaps = Int(scale.rounded(.up)) + 1
        var first = [Int32](repeating: 0, count: destinationLength)
        var count = [Int32](repeating: 0, count: destinationLength)
        var weights = [Float](repeating: 0, count: destinationLength * maxTaps)
        var overlaps = [Double](repeating: 0, count: maxTaps)
        for d in 0..<destinationLength {
            let low = Double(d) * scale
            let high = min(Double(sourceLength), Double(d + 1) * scale)
            var s = Int(low)
            var taps = 0
            var total = 0.0
            while s < sourceLength, Double(s) < high, taps < maxTaps {
                let overlap = min(high, Double(s + 1)) - max(low, Double(s))
                // Floating-point slivers at the span edges would only add a useless tap.
                if overlap > 1e-9 {
                    if taps == 0 { first[d] = Int32(s) }
                    overlaps[taps] = overlap
                    total += overlap
                    taps += 1
                }
                s += 1
            }
            count[d] = Int32(taps)
            for k in 0..<taps {
                weights[d * maxTaps + k] = Float(overlaps[k] / total)
            }
        }
        self.maxTaps = maxTaps
        self.first = first
        self.count = count
        self.weights = weights
    }

    func tapCount(_ index: Int) -> Int { Int(count[index]) }

    func withPointers<R>(_ body: (UnsafePointer<Int32>, UnsafePointer<Float>) -> R) -> R {
        first.withUnsafeBufferPointer { f in
            weights.withUnsafeBufferPointer { w in body(f.baseAddress!, w.baseAddress!) }
        }
    }
}
