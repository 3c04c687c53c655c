import DaybookImaging

/// The colour statistics the tagger reads: an HSV hue × saturation × value histogram and a
/// lightness (luma) histogram, each kept separately for the upper, middle and lower third of
/// the image so the scene rules can ask "is the top blue?" or "is the bottom darker?".
///
/// ## Why HSV (plus luma)
/// The tag rules have to be readable in a table by a user, and HSV is the space people
/// already think in: a hue angle ("195°–255° is blue"), how much colour there is
/// (saturation) and how much light (value, the brightest channel). It is also cheap: max,
/// min and two table-assisted divisions per pixel, all integer. Lab/LCh would be more
/// perceptually uniform, but needs a gamma curve and cube roots per pixel and its a*/b* hue
/// angles are harder to explain.
/// HSV's known weakness is that value says nothing about perceived lightness: pure blue
/// (0,0,255) has the same value as white. So every rule about light and dark (dark, night,
/// bright, sunset, the monochrome tonal range) uses a second axis, *lightness* = Rec. 601 luma
/// `(77 R + 150 G + 29 B + 128) >> 8`, what a black-and-white print of the photo would show.
///
/// ## Bins
/// - hue: 24 bins of 15°, bin 0 = [0°, 15°). Every named hue range in
///   `ColourTagger.Thresholds.hueRanges` starts on a multiple of 15°, so colour shares are
///   exact sums of bins.
/// - saturation (S = (max − min) / max): 4 bins split at `saturationEdges`
///   (grey / pale / moderate / saturated).
/// - value (V = max / 255): 5 bins split at `valueEdges`
///   (black / dim / mid / light-mid / light).
/// - lightness: 256 levels (exact).
/// The bin edges *are* the tagger's thresholds, so a rule such as "saturation < 20 %" is
/// answered exactly by summing bins, never approximately. Hue and saturation are computed
/// exactly (floor of the true value) with integer reciprocals, no floating point per pixel.
///
/// Every pixel is counted (no subsampling): a 400x300 thumbnail is 120 000 pixels, and the
/// whole pass is cheap beside the decode that made them.
package struct ColourHistogram: Sendable, Equatable {
    package static let hueBinCount = 24
    package static let hueBinDegrees = 360 / hueBinCount
    package static let saturationBinCount = saturationEdges.count + 1
    package static let valueBinCount = valueEdges.count + 1
    package static let lightnessLevelCount = 256

    /// Saturation bin `i` holds saturations in [edges[i-1], edges[i]).
    package static let saturationEdges: [Double] = [
        ColourTagger.Thresholds.greySaturation,
        ColourTagger.Thresholds.paleSaturation,
        ColourTagger.Thresholds.vividSaturation,
    ]
    /// Value bin `i` holds values in [edges[i-1], edges[i]).
    package static let valueEdges: [Double] = [
        ColourTagger.Thresholds.blackValue,
        ColourTagger.Thresholds.vividValue,
        ColourTagger.Thresholds.brownValue,
        ColourTagger.Thresholds.lightValue,
    ]

    /// Horizontal thirds: row `y` of an image `h` rows high is in region `3 y / h`.
    package enum Region: Int, Sendable, CaseIterable {
        case upper, middle, lower
    }

    static let binsPerRegion = hueBinCount * saturationBinCount * valueBinCount

    /// Width and height of the image the histogram was made from.
    package let width: Int
    package let height: Int
    /// Pixel counts, index `region.rawValue * binsPerRegion + binIndex(hue:saturation:value:)`.
    package let bins: [Int]
    /// Pixel counts per lightness level 0…255, index `region.rawValue * 256 + level`.
    package let lightness: [Int]

    package init(image: RGBImage) {
        width = image.width
        height = image.height
        var bins = [Int](repeating: 0, count: Region.allCases.count * Self.binsPerRegion)
        var lightness = [Int](repeating: 0, count: Region.allCases.count * Self.lightnessLevelCount)
        let width = image.width
        let height = image.height
        if width > 0 && height > 0 {
            image.pixels.withUnsafeBufferPointer { pixels in
                bins.withUnsafeMutableBufferPointer { bins in
                    lightness.withUnsafeMutableBufferPointer { lightness in
                        Self.pixelTables.withUnsafeBufferPointer { tables in
                            Self.accumulate(
                                pixels: pixels, width: width, height: height,
                                tables: tables, bins: bins, lightness: lightness)
                        }
                    }
                }
            }
        }
        self.bins = bins
        self.lightness = lightness
    }

    package var pixelCount: Int { width * height }

    package func pixelCount(in region: Region) -> Int {
        lightnessHistogram(in: region).reduce(0, +)
    }

    package static func binIndex(hue: Int, saturation: Int, value: Int) -> Int {
        (hue * saturationBinCount + saturation) * valueBinCount + value
    }

    /// Pixels in one hue × saturation × value bin, in one region or (nil) the whole image.
    package func count(
        hueBin hue: Int, saturationBin saturation: Int, valueBin value: Int,
        in region: Region? = nil
    ) -> Int {
        let index = Self.binIndex(hue: hue, saturation: saturation, value: value)
        if let region {
            return bins[region.rawValue * Self.binsPerRegion + index]
        }
        return Region.allCases.reduce(0) { $0 + bins[$1.rawValue * Self.binsPerRegion + index] }
    }

    /// 256 counts, one per lightness level, for one region or (nil) the whole image.
    package func lightnessHistogram(in region: Region? = nil) -> [Int] {
        let n = Self.lightnessLevelCount
        if let region {
            return Array(lightness[region.rawValue * n..<(region.rawValue + 1) * n])
        }
        return (0..<n).map { level in
            Region.allCases.reduce(0) { $0 + lightness[$1.rawValue * n + level] }
        }
    }

    /// The bins and lightness level of one pixel, exactly as the histogram counts it.
    package static func classify(r: UInt8, g: UInt8, b: UInt8)
        -> (hue: Int, saturation: Int, value: Int, lightness: Int)
    {
        pixelTables.withUnsafeBufferPointer { tables in
            let (bin, level) = pixelBin(Int(r), Int(g), Int(b), tables)
            let hue = bin / (saturationBinCount * valueBinCount)
            let saturation = (bin / valueBinCount) % saturationBinCount
            return (hue, saturation, bin % valueBinCount, level)
        }
    }

    // MARK: - The per-pixel pass

    /// Three 256-entry tables in one array (one bounds-free pointer in the hot loop):
    /// - [0, 256): ⌈2³² / n⌉, the reciprocal used for the exact floor of hue and saturation;
    /// - [256, 512): saturation bin × valueBinCount, indexed by ⌊255 S⌋;
    /// - [512, 768): value bin, indexed by max(R, G, B).
    static let pixelTables: [Int] = {
        var tables = [Int](repeating: 0, count: 768)
        for n in 1..<256 {
            tables[n] = ((1 << 32) + n - 1) / n
        }
        for level in 0..<256 {
            let fraction = Double(level) / 255
            tables[256 + level] = saturationEdges.filter { fraction >= $0 }.count * valueBinCount
            tables[512 + level] = valueEdges.filter { fraction >= $0 }.count
        }
        return tables
    }()

    /// Hue bin, saturation bin and value bin folded into one index, and the lightness level.
    @inline(__always)
    static func pixelBin(_ r: Int, _ g: Int, _ b: Int, _ tables: UnsafeBufferPointer<Int>)
        -> (bin: Int, lightness: Int)
    {
        // Wrapping operators: every value here is bounded (see the ranges in the comments),
        // and the overflow checks would otherwise cost more than the arithmetic.
        let maxC = max(r, max(g, b))
        let delta = maxC &- min(r, min(g, b))  // 0…255
        // Hue as a position on a circle of 6 × delta (60° per delta), 0 ≤ h6 < 6 delta.
        var h6: Int
        if maxC == r {
            h6 = g &- b
            if h6 < 0 { h6 &+= 6 &* delta }
        } else if maxC == g {
            h6 = 2 &* delta &+ b &- r
        } else {
            h6 = 4 &* delta &+ r &- g
        }
        // ⌊4 h6 / delta⌋ = ⌊hue / 15°⌋ and ⌊255 delta / max⌋ = ⌊255 S⌋; the rounded-up
        // reciprocal errs by < 2⁻¹⁶, less than the 1/255 gap to the next integer, so both
        // floors are exact. delta = 0 or max = 0 reads reciprocal 0: hue bin 0, saturation 0.
        // Products stay below 2⁴⁹.
        let hueBin = (4 &* h6 &* tables[delta]) &>> 32
        let saturation255 = (255 &* delta &* tables[maxC]) &>> 32
        let bin =
            hueBin &* (saturationBinCount * valueBinCount)
            &+ tables[256 &+ saturation255] &+ tables[512 &+ maxC]
        let level = (77 &* r &+ 150 &* g &+ 29 &* b &+ 128) &>> 8
        return (bin, level)
    }

    private static func accumulate(
        pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        tables: UnsafeBufferPointer<Int>,
        bins: UnsafeMutableBufferPointer<Int>, lightness: UnsafeMutableBufferPointer<Int>
    ) {
        guard let source = pixels.baseAddress, let binBase = bins.baseAddress,
            let lightnessBase = lightness.baseAddress
        else { return }
        var p = source
        for y in 0..<height {
            let region = 3 * y / height
            let regionBins = binBase + region * binsPerRegion
            let regionLightness = lightnessBase + region * lightnessLevelCount
            for _ in 0..<width {
                let (bin, level) = pixelBin(Int(p[0]), Int(p[1]), Int(p[2]), tables)
                regionBins[bin] &+= 1
                regionLightness[level] &+= 1
                p += 3
            }
        }
    }
}
