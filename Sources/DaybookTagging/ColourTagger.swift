import DaybookImaging

/// The twelve colour names a pixel can get. Every pixel gets exactly one, decided from its
/// HSV bins (see `ColourTagger.colour(hueBin:saturationBin:valueBin:)`), in this order:
/// 1. black: value < 20 %, whatever the hue (hue and saturation are noise that dark);
/// 2. white / grey: saturation < 20 % (white when value ≥ 80 %, grey otherwise);
/// 3. brown: a red, orange or yellow hue with value < 60 %;
/// 4. pink also takes light, pale reds (value ≥ 80 %, saturation < 60 %): "light pink" is a
///    tint of red, not a hue of its own;
/// 5. otherwise the named hue range the hue falls in.
public enum ColourName: String, Sendable, CaseIterable, Codable {
    case red, orange, yellow, green, teal, blue, purple, pink, brown, black, white, grey
}

/// A simple, explainable colour-histogram tagger: dominant colour names and colour-only scene
/// guesses, with rules a user can read in the README table (`markdownTable()`).
///
/// Everything that decides a tag is in this file: `Thresholds` holds every number, the
/// functions below apply them, and `vocabulary` writes each rule's sentence from the same
/// constants, so the documentation cannot drift from the code. Change a rule → bump `version`.
///
/// It runs on the thumbnail's pixels (`Thumbnail.image`), which ingest has already decoded,
/// oriented and shrunk, so the photo is never decoded twice. "Upper third" and "lower third"
/// are of the displayed (oriented) image.
///
/// Terms used in the rules: *hue*, *saturation* and *value* are HSV (value = brightest
/// channel); *lightness* is Rec. 601 luma, 0 % black to 100 % white. A *share* is a fraction
/// of the pixels (of the whole image unless a region is named). See `ColourHistogram` for why.
public struct ColourTagger: Sendable {
    /// Stored with every auto tag. Bump it whenever a threshold, range or rule changes.
    public static let version: Int = 1

    /// Every number the rules use.
    public enum Thresholds {
        // MARK: Pixel classes (HSV, as fractions 0…1)

        /// Value below this: black, whatever the hue.
        public static let blackValue = 0.2
        /// Saturation below this: a neutral (white, grey or black) pixel.
        public static let greySaturation = 0.2
        /// Value at or above this is "light": white if unsaturated, pink if a pale red.
        public static let lightValue = 0.8
        /// Red, orange and yellow hues below this value are brown.
        public static let brownValue = 0.6
        /// Coloured pixels with saturation below this are pale (the `muted` rule).
        public static let paleSaturation = 0.4
        /// Saturation at or above this, with value ≥ `vividValue`, is a vivid pixel.
        public static let vividSaturation = 0.6
        public static let vividValue = 0.4
        /// Named hue ranges: each starts at `from` degrees and runs to the next one's start
        /// (the last wraps round to the first). Starts must be multiples of 15° (the
        /// histogram's hue bins).
        public static let hueRanges: [(colour: ColourName, from: Int)] = [
            (.red, 345), (.orange, 15), (.yellow, 45), (.green, 75), (.teal, 165),
            (.blue, 195), (.purple, 255), (.pink, 300),
        ]
        /// Hues that turn brown when dark.
        public static let brownHues: [ColourName] = [.red, .orange, .yellow]
        /// Colours that count as warm for `sunset`.
        public static let warmColours: [ColourName] = [.red, .orange, .yellow, .pink]

        // MARK: Dominant colours

        /// A colour must cover at least this share to be tagged.
        public static let dominantShare = 0.12
        /// At most this many colour tags, largest share first.
        public static let maxDominantColours = 3

        // MARK: Scenes (lightness = Rec. 601 luma, as a fraction 0…1)

        /// Neutral (black, white, grey) share needed for `monochrome`…
        public static let monochromeNeutralShare = 0.95
        /// …and the tonal range, lightness at the upper minus the lower quantile, it needs.
        public static let monochromeTonalRange = 0.25
        /// Quantiles for the tonal range: the middle 80 % of the pixels.
        public static let monochromeRangeQuantile = 0.1
        /// Pixels darker than this are dark…
        public static let darkLightness = 0.25
        /// …and `dark` needs at least this share of them.
        public static let darkShare = 0.75
        /// `night`: a dark image whose upper third has at least `nightUpperShare` of its
        /// pixels darker than `nightLightness`.
        public static let nightLightness = 0.125
        public static let nightUpperShare = 0.8
        /// `bright`: at least `brightShare` of the pixels at or above `brightLightness`.
        public static let brightLightness = 0.8
        public static let brightShare = 0.6
        /// `sunset`: warm colours cover this share of the upper two thirds…
        public static let sunsetWarmShare = 0.5
        /// …and the lower third's mean lightness (luma) is at least this much below the upper third's.
        public static let sunsetLightnessDrop = 0.2
        /// `sky`: blue covers this share of the upper third.
        public static let skyBlueShare = 0.4
        /// `greenery`: green covers this share of the image.
        public static let greeneryShare = 0.25
        /// `snow`: white covers this share of the image.
        public static let snowWhiteShare = 0.5
        /// `vivid`: vivid pixels cover this share.
        public static let vividShare = 0.35
        /// `muted`: pale pixels cover this share, and vivid ones less than `mutedMaxVividShare`.
        public static let mutedPaleShare = 0.4
        public static let mutedMaxVividShare = 0.1
    }

    /// The scene tags, in vocabulary (and output) order.
    public enum Scene: String, Sendable, CaseIterable {
        case monochrome, dark, night, bright, sunset, sky, greenery, snow, vivid, muted
    }

    public init() {}

    public func tags(for image: RGBImage) -> [AutoTag] {
        tags(for: ColourHistogram(image: image))
    }

    /// Dominant colours first (largest share first, ties in vocabulary order), then scene tags
    /// in vocabulary order. An empty image gets no tags.
    public func tags(for histogram: ColourHistogram) -> [AutoTag] {
        let s = Statistics(histogram)
        guard s.total > 0 else { return [] }
        typealias T = Thresholds
        var tags: [AutoTag] = []

        // Monochrome: no colour, and real tones. A flat grey/white/black frame has no tonal
        // range, so it is not a black-and-white photo: it gets its colour name instead.
        let neutralShare = s.share(s.neutral)
        let q = T.monochromeRangeQuantile
        let tonalRange = Double(s.lightnessQuantile(1 - q) - s.lightnessQuantile(q)) / 255
        let monochrome = neutralShare >= T.monochromeNeutralShare
            && tonalRange >= T.monochromeTonalRange

        if !monochrome {
            let dominant = ColourName.allCases
                .map { (colour: $0, share: s.share(of: $0)) }
                .filter { $0.share >= T.dominantShare }
                .enumerated()
                .sorted { ($0.element.share, -$0.offset) > ($1.element.share, -$1.offset) }
                .prefix(T.maxDominantColours)
            tags += dominant.map { AutoTag(name: $0.element.colour.rawValue, score: $0.element.share) }
        }

        let darkShare = s.lightnessShare(below: T.darkLightness)
        let dark = darkShare >= T.darkShare
        let nightShare = s.lightnessShare(below: T.nightLightness, in: [.upper])
        let brightShare = s.lightnessShare(atLeast: T.brightLightness)
        let warmShare = T.warmColours.reduce(0) { $0 + s.share(of: $1, in: [.upper, .middle]) }
        // Images under 3 rows high have no lower third: no drop, no sunset.
        let drop = s.regionTotals[2] > 0
            ? s.meanLightness(in: .upper) - s.meanLightness(in: .lower) : 0
        let skyShare = s.share(of: .blue, in: [.upper])
        let greenShare = s.share(of: .green)
        let whiteShare = s.share(of: .white)
        let vividShare = s.share(s.vivid)
        let paleShare = s.share(s.pale)

        for scene in Scene.allCases {
            let score: Double?
            switch scene {
            case .monochrome: score = monochrome ? neutralShare : nil
            case .dark: score = dark ? darkShare : nil
            case .night: score = dark && nightShare >= T.nightUpperShare ? nightShare : nil
            case .bright: score = brightShare >= T.brightShare ? brightShare : nil
            case .sunset:
                score = warmShare >= T.sunsetWarmShare && drop >= T.sunsetLightnessDrop
                    ? warmShare : nil
            case .sky: score = skyShare >= T.skyBlueShare ? skyShare : nil
            case .greenery: score = greenShare >= T.greeneryShare ? greenShare : nil
            case .snow: score = whiteShare >= T.snowWhiteShare ? whiteShare : nil
            case .vivid: score = vividShare >= T.vividShare ? vividShare : nil
            case .muted:
                score = paleShare >= T.mutedPaleShare && vividShare < T.mutedMaxVividShare
                    ? paleShare : nil
            }
            if let score {
                tags.append(AutoTag(name: scene.rawValue, score: score))
            }
        }
        return tags
    }

    // MARK: - Vocabulary

    /// Every tag name `tags(for:)` can emit, in output order, with its rule. Generated from
    /// `Thresholds`, so the README table (`markdownTable()`) always matches the code.
    public static let vocabulary: [TagRule] = colourRules + sceneRules

    /// The README table: `| tag | kind | rule |`, one row per vocabulary entry. Put the terms
    /// above it in the README: hue, saturation and value are HSV (value = brightest channel);
    /// lightness is Rec. 601 luma; shares are fractions of the image's pixels.
    public static func markdownTable() -> String {
        var lines = ["| tag | kind | rule |", "|---|---|---|"]
        for entry in vocabulary {
            let rule = entry.rule.replacingAll("|", with: "\\|")
            lines.append("| `\(entry.name)` | \(entry.kind.rawValue) | \(rule) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static var colourRules: [TagRule] {
        typealias T = Thresholds
        let coloured = "saturation ≥ \(percent(T.greySaturation)) and value ≥ \(percent(T.blackValue))"
        let dominant = "cover at least \(percent(T.dominantShare)) of the image and are among its "
            + "\(T.maxDominantColours) largest colours (never on a monochrome photo); score = share"
        let brownHueNames = T.brownHues.map(\.rawValue).joined(separator: ", ")
        return ColourName.allCases.map { colour in
            let pixels: String
            switch colour {
            case .black:
                pixels = "Pixels of value < \(percent(T.blackValue)) (any hue)"
            case .white:
                pixels = "Pixels of saturation < \(percent(T.greySaturation)) and value ≥ "
                    + "\(percent(T.lightValue))"
            case .grey:
                pixels = "Pixels of saturation < \(percent(T.greySaturation)) and value "
                    + "\(percent(T.blackValue))–\(percent(T.lightValue))"
            case .brown:
                pixels = "Pixels of hue \(degrees(T.brownHues)) (\(brownHueNames)), saturation ≥ "
                    + "\(percent(T.greySaturation)) and value \(percent(T.blackValue))–\(percent(T.brownValue))"
            case .pink:
                pixels = "Pixels of hue \(degrees([.pink])) with \(coloured), or light pale reds (hue "
                    + "\(degrees([.red])), saturation \(percent(T.greySaturation))–"
                    + "\(percent(T.vividSaturation)), value ≥ \(percent(T.lightValue))),"
            case .red:
                pixels = "Pixels of hue \(degrees([.red])), saturation ≥ \(percent(T.greySaturation)) "
                    + "and value ≥ \(percent(T.brownValue)) (darker ones are brown, light pale ones pink)"
            default:
                if T.brownHues.contains(colour) {
                    pixels = "Pixels of hue \(degrees([colour])), saturation ≥ "
                        + "\(percent(T.greySaturation)) and value ≥ \(percent(T.brownValue)) "
                        + "(darker ones are brown)"
                } else {
                    pixels = "Pixels of hue \(degrees([colour])) with \(coloured)"
                }
            }
            return TagRule(name: colour.rawValue, kind: .colour, rule: "\(pixels) \(dominant).")
        }
    }

    private static var sceneRules: [TagRule] {
        typealias T = Thresholds
        let warm = T.warmColours.map(\.rawValue).joined(separator: ", ")
        return Scene.allCases.map { scene in
            let rule: String
            switch scene {
            case .monochrome:
                rule = "At least \(percent(T.monochromeNeutralShare)) of the pixels are black, white or "
                    + "grey, and the middle \(percent(1 - 2 * T.monochromeRangeQuantile)) of the pixels "
                    + "span at least \(percent(T.monochromeTonalRange)) of lightness (luma; a flat grey, white "
                    + "or black frame gets its colour name instead); then no colour tags are given; "
                    + "score = black + white + grey share."
            case .dark:
                rule = "At least \(percent(T.darkShare)) of the pixels have lightness (luma) below "
                    + "\(percent(T.darkLightness)); score = that share."
            case .night:
                rule = "The photo is dark and at least \(percent(T.nightUpperShare)) of its upper third "
                    + "has lightness (luma) below \(percent(T.nightLightness)) (a dark sky); score = that share."
            case .bright:
                rule = "High-key: at least \(percent(T.brightShare)) of the pixels have lightness (luma) "
                    + "\(percent(T.brightLightness)) or more; score = that share."
            case .sunset:
                rule = "Warm colours (\(warm)) cover at least \(percent(T.sunsetWarmShare)) of the upper "
                    + "two thirds, and the lower third's mean lightness (luma) is at least "
                    + "\(points(T.sunsetLightnessDrop)) below the upper third's; score = warm share "
                    + "of the upper two thirds."
            case .sky:
                rule = "Blue pixels cover at least \(percent(T.skyBlueShare)) of the upper third; "
                    + "score = that share."
            case .greenery:
                rule = "Green pixels cover at least \(percent(T.greeneryShare)) of the image; "
                    + "score = green share."
            case .snow:
                rule = "White pixels (light and unsaturated) cover at least \(percent(T.snowWhiteShare)) "
                    + "of the image; score = white share."
            case .vivid:
                rule = "Vivid pixels (saturation ≥ \(percent(T.vividSaturation)), value ≥ "
                    + "\(percent(T.vividValue))) cover at least \(percent(T.vividShare)) of the image; "
                    + "score = that share."
            case .muted:
                rule = "Pale pixels (saturation \(percent(T.greySaturation))–\(percent(T.paleSaturation)), "
                    + "value ≥ \(percent(T.blackValue))) cover at least \(percent(T.mutedPaleShare)) of "
                    + "the image and vivid pixels less than \(percent(T.mutedMaxVividShare)) (so never "
                    + "together with vivid); score = pale share."
            }
            return TagRule(name: scene.rawValue, kind: .scene, rule: rule)
        }
    }

    /// "12 %", "12.5 %": at most one decimal, no float noise (0.12 × 100 = 12.000000000000002).
    static func percent(_ fraction: Double) -> String {
        let tenths = Int((fraction * 1000).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) %" : "\(tenths / 10).\(tenths % 10) %"
    }

    /// A difference of two fractions: "20 points" (of the 0–100 % scale).
    static func points(_ fraction: Double) -> String {
        String(percent(fraction).dropLast(2)) + " percentage points"
    }

    /// The hue range(s) of adjacent named colours, e.g. "345°–75°" for red, orange, yellow.
    static func degrees(_ colours: [ColourName]) -> String {
        let ranges = Thresholds.hueRanges
        let indices = colours.compactMap { c in ranges.firstIndex { $0.colour == c } }
        guard let first = indices.min(), let last = indices.max() else { return "" }
        let end = ranges[(last + 1) % ranges.count].from
        return "\(ranges[first].from)°–\(end)°"
    }

    // MARK: - Pixel classes per bin

    /// The named colour of every pixel in a bin (see `ColourName` for the order of the rules).
    public static func colour(hueBin: Int, saturationBin: Int, valueBin: Int) -> ColourName {
        ColourName.allCases[Int(binClasses[ColourHistogram.binIndex(
            hue: hueBin, saturation: saturationBin, value: valueBin)] & 0x0F)]
    }

    private static let neutralFlag: UInt8 = 0x10
    private static let paleFlag: UInt8 = 0x20
    private static let vividFlag: UInt8 = 0x40

    /// For each of the histogram's hue × saturation × value bins: the colour index (low 4 bits)
    /// and whether its pixels are neutral, pale or vivid.
    static let binClasses: [UInt8] = {
        typealias H = ColourHistogram
        typealias T = Thresholds
        // First saturation / value bin at or above a threshold: the edges are the thresholds.
        func satBin(_ t: Double) -> Int { H.saturationEdges.firstIndex(of: t)! + 1 }
        func valBin(_ t: Double) -> Int { H.valueEdges.firstIndex(of: t)! + 1 }
        precondition(H.saturationEdges == H.saturationEdges.sorted()
                     && H.valueEdges == H.valueEdges.sorted(), "bin edges must increase")

        var hueNames = [ColourName](repeating: .red, count: H.hueBinCount)
        for (i, range) in T.hueRanges.enumerated() {
            let end = T.hueRanges[(i + 1) % T.hueRanges.count].from
            precondition(range.from % H.hueBinDegrees == 0, "hue ranges start on a bin edge")
            var bin = range.from / H.hueBinDegrees
            while bin != end / H.hueBinDegrees {
                hueNames[bin] = range.colour
                bin = (bin + 1) % H.hueBinCount
            }
        }

        var classes = [UInt8](repeating: 0, count: H.binsPerRegion)
        for hue in 0..<H.hueBinCount {
            for sat in 0..<H.saturationBinCount {
                for val in 0..<H.valueBinCount {
                    let neutral = val < valBin(T.blackValue) || sat < satBin(T.greySaturation)
                    let name: ColourName
                    if val < valBin(T.blackValue) {
                        name = .black
                    } else if sat < satBin(T.greySaturation) {
                        name = val >= valBin(T.lightValue) ? .white : .grey
                    } else if T.brownHues.contains(hueNames[hue]) && val < valBin(T.brownValue) {
                        name = .brown
                    } else if hueNames[hue] == .red && val >= valBin(T.lightValue)
                                && sat < satBin(T.vividSaturation) {
                        name = .pink
                    } else {
                        name = hueNames[hue]
                    }
                    var flags = UInt8(ColourName.allCases.firstIndex(of: name)!)
                    if neutral { flags |= neutralFlag }
                    if !neutral && sat < satBin(T.paleSaturation) { flags |= paleFlag }
                    if sat >= satBin(T.vividSaturation) && val >= valBin(T.vividValue) {
                        flags |= vividFlag
                    }
                    classes[H.binIndex(hue: hue, saturation: sat, value: val)] = flags
                }
            }
        }
        return classes
    }()

    /// Counts per colour and pixel class, per region, read off the histogram once.
    struct Statistics {
        typealias Region = ColourHistogram.Region
        let histogram: ColourHistogram
        let total: Int
        var regionTotals = [Int](repeating: 0, count: 3)
        var colourCounts = [Int](repeating: 0, count: 3 * ColourName.allCases.count)
        var neutral = 0, pale = 0, vivid = 0

        init(_ histogram: ColourHistogram) {
            self.histogram = histogram
            total = histogram.bins.reduce(0, +)
            let classes = ColourTagger.binClasses
            let perRegion = ColourHistogram.binsPerRegion
            for region in 0..<3 {
                for bin in 0..<perRegion {
                    let count = histogram.bins[region * perRegion + bin]
                    guard count > 0 else { continue }
                    let flags = classes[bin]
                    regionTotals[region] += count
                    colourCounts[region * ColourName.allCases.count + Int(flags & 0x0F)] += count
                    if flags & neutralFlag != 0 { neutral += count }
                    if flags & paleFlag != 0 { pale += count }
                    if flags & vividFlag != 0 { vivid += count }
                }
            }
        }

        func share(_ count: Int) -> Double {
            total > 0 ? Double(count) / Double(total) : 0
        }

        /// Share of `colour` among the pixels of `regions` (default: the whole image).
        func share(of colour: ColourName, in regions: [Region] = Region.allCases) -> Double {
            let index = ColourName.allCases.firstIndex(of: colour)!
            let pixels = regions.reduce(0) { $0 + regionTotals[$1.rawValue] }
            let count = regions.reduce(0) {
                $0 + colourCounts[$1.rawValue * ColourName.allCases.count + index]
            }
            return pixels > 0 ? Double(count) / Double(pixels) : 0
        }

        private func lightnessShare(in regions: [Region], where test: (Double) -> Bool) -> Double {
            var count = 0, pixels = 0
            for region in regions {
                let base = region.rawValue * ColourHistogram.lightnessLevelCount
                for level in 0..<ColourHistogram.lightnessLevelCount {
                    let n = histogram.lightness[base + level]
                    pixels += n
                    if test(Double(level) / 255) { count += n }
                }
            }
            return pixels > 0 ? Double(count) / Double(pixels) : 0
        }

        func lightnessShare(below t: Double, in regions: [Region] = Region.allCases) -> Double {
            lightnessShare(in: regions) { $0 < t }
        }

        func lightnessShare(atLeast t: Double, in regions: [Region] = Region.allCases) -> Double {
            lightnessShare(in: regions) { $0 >= t }
        }

        /// 0…1; 0 for an empty region.
        func meanLightness(in region: Region) -> Double {
            let base = region.rawValue * ColourHistogram.lightnessLevelCount
            var sum = 0, pixels = 0
            for level in 0..<ColourHistogram.lightnessLevelCount {
                let n = histogram.lightness[base + level]
                sum += n * level
                pixels += n
            }
            return pixels > 0 ? Double(sum) / Double(pixels) / 255 : 0
        }

        /// The lowest lightness level (0…255) with at least `q` of the pixels at or below it.
        func lightnessQuantile(_ q: Double) -> Int {
            let levels = histogram.lightnessHistogram()
            var cumulative = 0
            for level in 0..<levels.count {
                cumulative += levels[level]
                if Double(cumulative) >= q * Double(total) { return level }
            }
            return levels.count - 1
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for c in self { if c == target { result += replacement } else { result.append(c) } }
        return result
    }
}
