import DaybookCore
import DaybookImaging

/// The twelve colour names a pixel can get. Every pixel gets exactly one, decided from its
/// HSV bins (see `ColourTagger.colour(hueBin:saturationBin:valueBin:)`), in this order:
/// 1. black: value < 20 %, whatever the hue (hue and saturation are noise that dark);
/// 2. white / grey: saturation < 20 % (white when value ≥ 80 %, grey otherwise);
/// 3. brown: a red, orange or yellow hue with value < 60 %;
/// 4. pink also takes light, pale reds (value ≥ 80 %, saturation < 60 %): "light pink" is a
///    tint of red, not a hue of its own;
/// 5. otherwise the named hue range the hue falls in.
package enum ColourName: String, Sendable, CaseIterable, Codable {
    case red, orange, yellow, green, teal, blue, purple, pink, brown, black, white, grey
}

/// A simple, explainable colour-histogram tagger: dominant colour names and colour-only scene
/// guesses, with rules a user can read in the README table (`markdownTable()`).
///
/// `Thresholds` holds every number that decides a tag and `tags(for:)` applies them, to the
/// pixel classes of ColourTagger+PixelClasses.swift counted by ColourTagger+Statistics.swift.
/// `vocabulary` (ColourTagger+Vocabulary.swift) writes each rule's sentence from the same
/// constants, so the documentation cannot drift from the code. Change a rule → bump `version`.
///
/// It runs on the thumbnail's pixels (`Thumbnail.image`), which ingest has already decoded,
/// oriented and shrunk, so the photo is never decoded twice. "Upper third" and "lower third"
/// are of the displayed (oriented) image.
///
/// Terms used in the rules: *hue*, *saturation* and *value* are HSV (value = brightest
/// channel); *lightness* is Rec. 601 luma, 0 % black to 100 % white. A *share* is a fraction
/// of the pixels (of the whole image unless a region is named). See `ColourHistogram` for why.
package struct ColourTagger: Sendable {
    /// Stored with every auto tag. Bump it whenever a threshold, range or rule changes.
    package static let version: Int = 1

    /// Every number the rules use.
    package enum Thresholds {
        // MARK: Pixel classes (HSV, as fractions 0…1)

        /// Value below this: black, whatever the hue.
        package static let blackValue = 0.2
        /// Saturation below this: a neutral (white, grey or black) pixel.
        package static let greySaturation = 0.2
        /// Value at or above this is "light": white if unsaturated, pink if a pale red.
        package static let lightValue = 0.8
        /// Red, orange and yellow hues below this value are brown.
        package static let brownValue = 0.6
        /// Coloured pixels with saturation below this are pale (the `muted` rule).
        package static let paleSaturation = 0.4
        /// Saturation at or above this, with value ≥ `vividValue`, is a vivid pixel.
        package static let vividSaturation = 0.6
        package static let vividValue = 0.4
        /// Named hue ranges: each starts at `from` degrees and runs to the next one's start
        /// (the last wraps round to the first). Starts must be multiples of 15° (the
        /// histogram's hue bins).
        package static let hueRanges: [(colour: ColourName, from: Int)] = [
            (.red, 345), (.orange, 15), (.yellow, 45), (.green, 75), (.teal, 165),
            (.blue, 195), (.purple, 255), (.pink, 300),
        ]
        /// Hues that turn brown when dark.
        package static let brownHues: [ColourName] = [.red, .orange, .yellow]
        /// Colours that count as warm for `sunset`.
        package static let warmColours: [ColourName] = [.red, .orange, .yellow, .pink]

        // MARK: Dominant colours

        /// A colour must cover at least this share to be tagged.
        package static let dominantShare = 0.12
        /// At most this many colour tags, largest share first.
        package static let maxDominantColours = 3

        // MARK: Scenes (lightness = Rec. 601 luma, as a fraction 0…1)

        /// Neutral (black, white, grey) share needed for `monochrome`…
        package static let monochromeNeutralShare = 0.95
        /// …and the tonal range, lightness at the upper minus the lower quantile, it needs.
        package static let monochromeTonalRange = 0.25
        /// Quantiles for the tonal range: the middle 80 % of the pixels.
        package static let monochromeRangeQuantile = 0.1
        /// Pixels darker than this are dark…
        package static let darkLightness = 0.25
        /// …and `dark` needs at least this share of them.
        package static let darkShare = 0.75
        /// `night`: a dark image whose upper third has at least `nightUpperShare` of its
        /// pixels darker than `nightLightness`.
        package static let nightLightness = 0.125
        package static let nightUpperShare = 0.8
        /// `bright`: at least `brightShare` of the pixels at or above `brightLightness`.
        package static let brightLightness = 0.8
        package static let brightShare = 0.6
        /// `sunset`: warm colours cover this share of the upper two thirds…
        package static let sunsetWarmShare = 0.5
        /// …and the lower third's mean lightness (luma) is at least this much below the upper third's.
        package static let sunsetLightnessDrop = 0.2
        /// `sky`: blue covers this share of the upper third.
        package static let skyBlueShare = 0.4
        /// `greenery`: green covers this share of the image.
        package static let greeneryShare = 0.25
        /// `snow`: white covers this share of the image.
        package static let snowWhiteShare = 0.5
        /// `vivid`: vivid pixels cover this share.
        package static let vividShare = 0.35
        /// `muted`: pale pixels cover this share, and vivid ones less than `mutedMaxVividShare`.
        package static let mutedPaleShare = 0.4
        package static let mutedMaxVividShare = 0.1
    }

    /// The scene tags, in vocabulary (and output) order.
    package enum Scene: String, Sendable, CaseIterable {
        case monochrome, dark, night, bright, sunset, sky, greenery, snow, vivid, muted
    }

    package init() {}

    package func tags(for image: RGBImage) -> [AutoTag] {
        tags(for: ColourHistogram(image: image))
    }

    /// Dominant colours first (largest share first, ties in vocabulary order), then scene tags
    /// in vocabulary order. An empty image gets no tags.
    package func tags(for histogram: ColourHistogram) -> [AutoTag] {
        let s = Statistics(histogram)
        guard s.total > 0 else { return [] }
        typealias T = Thresholds
        var tags: [AutoTag] = []

        // Monochrome: no colour, and real tones. A flat grey/white/black frame has no tonal
        // range, so it is not a black-and-white photo: it gets its colour name instead.
        let neutralShare = s.share(s.neutral)
        let q = T.monochromeRangeQuantile
        let tonalRange = Double(s.lightnessQuantile(1 - q) - s.lightnessQuantile(q)) / 255
        let monochrome =
            neutralShare >= T.monochromeNeutralShare
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
        let drop =
            s.regionTotals[2] > 0
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
                score =
                    warmShare >= T.sunsetWarmShare && drop >= T.sunsetLightnessDrop
                    ? warmShare : nil
            case .sky: score = skyShare >= T.skyBlueShare ? skyShare : nil
            case .greenery: score = greenShare >= T.greeneryShare ? greenShare : nil
            case .snow: score = whiteShare >= T.snowWhiteShare ? whiteShare : nil
            case .vivid: score = vividShare >= T.vividShare ? vividShare : nil
            case .muted:
                score =
                    paleShare >= T.mutedPaleShare && vividShare < T.mutedMaxVividShare
                    ? paleShare : nil
            }
            if let score {
                tags.append(AutoTag(name: scene.rawValue, score: score))
            }
        }
        return tags
    }
}
