import DaybookImaging
import DaybookTagging
import DaybookTestSupport
import XCTest

/// The histogram counts every pixel once, in the right region and in the bins its exact
/// HSV values and luma say.
final class ColourHistogramTests: XCTestCase {
    typealias H = ColourHistogram

    /// Reference classification in floating point, straight from the definitions.
    func reference(_ r: Int, _ g: Int, _ b: Int) -> (hue: Int, saturation: Int, value: Int, lightness: Int) {
        let maxC = max(r, g, b), minC = min(r, g, b)
        let delta = Double(maxC - minC)
        var hue = 0.0
        if delta > 0 {
            if maxC == r {
                hue = 60 * Double(g - b) / delta
            } else if maxC == g {
                hue = 60 * (2 + Double(b - r) / delta)
            } else {
                hue = 60 * (4 + Double(r - g) / delta)
            }
            if hue < 0 { hue += 360 }
        }
        let s = maxC == 0 ? 0 : delta / Double(maxC)
        let v = Double(maxC) / 255
        let hueBin = min(H.hueBinCount - 1, Int(hue / Double(H.hueBinDegrees)))
        let saturationBin = H.saturationEdges.filter { s >= $0 }.count
        let valueBin = H.valueEdges.filter { v >= $0 }.count
        let luma = (77 * r + 150 * g + 29 * b + 128) >> 8
        return (hueBin, saturationBin, valueBin, luma)
    }

    func testPixelClassificationMatchesFloatingPointDefinitions() {
        var mismatches = 0
        var checked = 0
        var rng = SplitMix64(seed: 11)
        var colours: [(Int, Int, Int)] = []
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) { colours.append((r, g, b)) }
            }
        }
        for _ in 0..<50_000 {
            colours.append((Int(rng.next() % 256), Int(rng.next() % 256), Int(rng.next() % 256)))
        }
        // Exactly on the edges: S = 0.2, 0.4, 0.6 and hue multiples of 15°.
        colours += [
            (255, 204, 204), (255, 153, 153), (255, 102, 102), (100, 80, 80),
            (255, 0, 255), (0, 255, 255), (255, 255, 0), (255, 64, 0), (204, 255, 0),
            (51, 51, 51), (50, 50, 50), (204, 204, 204), (203, 203, 203),
        ]
        for (r, g, b) in colours {
            let got = H.classify(r: UInt8(r), g: UInt8(g), b: UInt8(b))
            let want = reference(r, g, b)
            checked += 1
            if got != want {
                mismatches += 1
                if mismatches < 10 { XCTFail("(\(r),\(g),\(b)): got \(got), want \(want)") }
            }
        }
        XCTAssertEqual(mismatches, 0, "of \(checked)")
    }

    func testEveryPixelCountedOnceInItsRegion() {
        let image = Pictures.make { x, y in (x % 256, y % 256, (x + y) % 256) }
        let histogram = H(image: image)
        XCTAssertEqual(histogram.bins.reduce(0, +), 400 * 300)
        XCTAssertEqual(histogram.lightness.reduce(0, +), 400 * 300)
        for region in H.Region.allCases {
            XCTAssertEqual(histogram.pixelCount(in: region), 400 * 100, "\(region)")
        }
        XCTAssertEqual(histogram.lightnessHistogram().reduce(0, +), 400 * 300)
        XCTAssertEqual(histogram.lightnessHistogram().count, 256)
    }

    func testSolidColourLandsInOneBinAndOneLevel() {
        let image = RGBImage(width: 10, height: 9, fill: (30, 80, 200))
        let histogram = H(image: image)
        let c = H.classify(r: 30, g: 80, b: 200)
        XCTAssertEqual(c.hue, 222 / 15)  // hue 222.4°
        XCTAssertEqual(c.lightness, (77 * 30 + 150 * 80 + 29 * 200 + 128) >> 8)
        for region in H.Region.allCases {
            XCTAssertEqual(
                histogram.count(
                    hueBin: c.hue, saturationBin: c.saturation,
                    valueBin: c.value, in: region), 30)
            XCTAssertEqual(histogram.lightnessHistogram(in: region)[c.lightness], 30)
        }
        XCTAssertEqual(histogram.count(hueBin: c.hue, saturationBin: c.saturation, valueBin: c.value), 90)
    }

    func testRegionsAreThirdsOfTheRows() {
        // Top third white, the rest black: only the upper region holds light pixels.
        let image = Pictures.bands([(1.0 / 3, (255, 255, 255)), (2.0 / 3, (0, 0, 0))], noise: 0)
        let histogram = H(image: image)
        XCTAssertEqual(histogram.lightnessHistogram(in: .upper)[255], 400 * 100)
        XCTAssertEqual(histogram.lightnessHistogram(in: .middle)[0], 400 * 100)
        XCTAssertEqual(histogram.lightnessHistogram(in: .lower)[0], 400 * 100)
    }

    func testSameImageSameHistogram() {
        let a = Pictures.solid((10, 200, 30))
        XCTAssertEqual(H(image: a), H(image: a))
        XCTAssertNotEqual(H(image: a), H(image: Pictures.solid((10, 200, 31))))
    }

    func testNamedColourOfBins() {
        func name(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> ColourName {
            let c = H.classify(r: r, g: g, b: b)
            return ColourTagger.colour(hueBin: c.hue, saturationBin: c.saturation, valueBin: c.value)
        }
        XCTAssertEqual(name(0, 0, 255), .blue, "pure blue is a colour, not black, though its luma is low")
        XCTAssertEqual(name(0, 0, 50), .black)
        XCTAssertEqual(name(0, 0, 51), .blue, "value 20 % is the edge")
        XCTAssertEqual(name(255, 255, 255), .white)
        XCTAssertEqual(name(203, 203, 203), .grey)
        XCTAssertEqual(name(204, 204, 204), .white)
        XCTAssertEqual(name(150, 75, 0), .brown)
        XCTAssertEqual(name(153, 76, 0), .orange, "value 60 % is the edge")
        XCTAssertEqual(name(255, 0, 0), .red)
        XCTAssertEqual(name(255, 150, 150), .pink, "light pale red")
        XCTAssertEqual(name(255, 100, 100), .red, "saturation 60.8 %: not pale")
        XCTAssertEqual(name(255, 0, 255), .pink, "magenta 300°")
        XCTAssertEqual(name(0, 255, 255), .teal)
        XCTAssertEqual(name(255, 255, 0), .yellow)
    }
}
