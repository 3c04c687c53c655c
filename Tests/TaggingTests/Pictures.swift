import DaybookCore
import DaybookImaging
import DaybookTagging
import DaybookTestSupport
import Foundation

extension SplitMix64 {
    /// Uniform in -amplitude...amplitude.
    mutating func noise(_ amplitude: Int) -> Int {
        amplitude == 0 ? 0 : Int(next() % UInt64(2 * amplitude + 1)) - amplitude
    }
}

typealias RGB = (r: Int, g: Int, b: Int)

/// Test pictures with known colour proportions, thumbnail-sized by default.
enum Pictures {
    static let width = 400
    static let height = 300

    /// Every pixel from `colour(x, y)`, plus independent ±`noise` per channel (like the
    /// sample squares' backgrounds), clamped to 0…255.
    static func make(
        width: Int = width, height: Int = height, noise: Int = 6, seed: UInt64 = 7,
        _ colour: (_ x: Int, _ y: Int) -> RGB
    ) -> RGBImage {
        var rng = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var i = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                pixels[i] = UInt8(clamping: c.r + rng.noise(noise))
                pixels[i + 1] = UInt8(clamping: c.g + rng.noise(noise))
                pixels[i + 2] = UInt8(clamping: c.b + rng.noise(noise))
                i += 3
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func solid(_ c: RGB, noise: Int = 6) -> RGBImage {
        make(noise: noise) { _, _ in c }
    }

    /// Horizontal bands, top to bottom; each band's share of the rows.
    static func bands(_ bands: [(share: Double, colour: RGB)], noise: Int = 6) -> RGBImage {
        var limits: [(row: Int, colour: RGB)] = []
        var accumulated = 0.0
        for band in bands {
            accumulated += band.share
            limits.append((Int((accumulated * Double(height)).rounded()), band.colour))
        }
        return make(noise: noise) { _, y in limits.first { y < $0.row }?.colour ?? limits.last!.colour }
    }

    /// RGB of an HSV colour (h in degrees, s and v 0…1).
    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> RGB {
        let c = v * s
        let hp = h.truncatingRemainder(dividingBy: 360) / 60
        let x = c * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch hp {
        case ..<1: (r, g, b) = (c, x, 0)
        case ..<2: (r, g, b) = (x, c, 0)
        case ..<3: (r, g, b) = (0, c, x)
        case ..<4: (r, g, b) = (0, x, c)
        case ..<5: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let m = v - c
        return (
            Int(((r + m) * 255).rounded()), Int(((g + m) * 255).rounded()),
            Int(((b + m) * 255).rounded())
        )
    }
}

/// Colours used across the tests (the sample squares' backgrounds where they exist).
enum Colour {
    static let blue: RGB = (30, 80, 200)
    static let green: RGB = (40, 160, 60)
    static let skyBlue: RGB = (90, 150, 230)
    static let leafGreen: RGB = (60, 140, 50)
    static let orange: RGB = (245, 140, 40)
    static let red: RGB = (215, 50, 30)
}

extension Array where Element == AutoTag {
    var names: [String] { map(\.name) }

    /// The dominant-colour tags only (names from the 12 colour names), in order.
    var colourNames: [String] {
        names.filter { ColourName(rawValue: $0) != nil }
    }

    func score(_ name: String) -> Double? { first { $0.name == name }?.score }
}

extension Pictures {
    /// Every picture these tests build, for the checks that must hold on all of them.
    static func all() -> [(String, RGBImage)] {
        var rng = SplitMix64(seed: 99)
        return [
            ("70/30", Pictures.bands([(0.7, Colour.blue), (0.3, Colour.green)])),
            ("blocks", Pictures.make { x, _ in x < 120 ? Colour.green : Colour.blue }),
            (
                "gradient",
                Pictures.make { x, _ in
                    let v = x * 255 / 399; return (v, v, v)
                }
            ),
            (
                "dark",
                Pictures.make(noise: 0) { _, _ in
                    (Int(rng.next() % 21), Int(rng.next() % 21), Int(rng.next() % 21))
                }
            ),
            ("sunset", Pictures.bands([(0.3, Colour.orange), (0.3, Colour.red), (0.4, (30, 18, 12))])),
            ("sky", Pictures.bands([(1.0 / 3, Colour.skyBlue), (2.0 / 3, Colour.leafGreen)])),
            ("snow", Pictures.solid((240, 244, 250))),
            ("rainbow", Pictures.make(noise: 0) { x, _ in Pictures.hsv(Double(x) * 0.9, 1, 1) }),
            ("pastel", Pictures.make(noise: 3) { x, _ in Pictures.hsv(Double(x / 100) * 90 + 20, 0.3, 0.75) }),
            ("grey", Pictures.solid((128, 128, 128))),
            ("brown", Pictures.solid((139, 69, 19))),
            ("light pink", Pictures.solid((255, 182, 193))),
            ("teal", Pictures.solid((20, 170, 170))),
            ("yellow", Pictures.solid((235, 215, 40))),
            (
                "noise",
                Pictures.make(noise: 0) { _, _ in
                    (Int(rng.next() % 256), Int(rng.next() % 256), Int(rng.next() % 256))
                }
            ),
        ]
    }
}
