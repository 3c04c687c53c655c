import DaybookCore
import DaybookImaging
import DaybookTagging
import DaybookTestSupport
import XCTest

/// The tagger on pictures built here with known colour proportions.
final class GeneratedImageTaggingTests: XCTestCase {
    let tagger = ColourTagger()

    func testSeventyPercentBlueThirtyGreenBandsGiveBlueThenGreen() {
        let image = Pictures.bands([(0.7, Colour.blue), (0.3, Colour.green)])
        let tags = tagger.tags(for: image)
        XCTAssertEqual(tags.colourNames, ["blue", "green"], "\(tags)")
        XCTAssertEqual(tags.score("blue") ?? 0, 0.7, accuracy: 0.005)
        XCTAssertEqual(tags.score("green") ?? 0, 0.3, accuracy: 0.005)
        XCTAssertEqual(Array(tags.names.prefix(2)), ["blue", "green"], "colours come first")
    }

    func testSeventyPercentBlueThirtyGreenBlocksGiveBlueThenGreen() {
        // Side by side instead of stacked, green on the left: order follows share, not position.
        let image = Pictures.make { x, _ in x < 120 ? Colour.green : Colour.blue }
        let tags = tagger.tags(for: image)
        XCTAssertEqual(tags.colourNames, ["blue", "green"], "\(tags)")
        XCTAssertEqual(tags.score("blue") ?? 0, 0.7, accuracy: 0.005)
        XCTAssertEqual(tags.score("green") ?? 0, 0.3, accuracy: 0.005)
    }

    func testAtMostThreeColoursLargestFirstTiesInVocabularyOrder() {
        let image = Pictures.bands([
            (0.1, (230, 220, 40)),  // yellow, below the 12 % threshold
            (0.2, Colour.blue), (0.25, Colour.red), (0.2, Colour.green), (0.25, (120, 40, 170)),
        ])
        let tags = tagger.tags(for: image)
        // red and purple 25 % (red first in the vocabulary), then green and blue tie at 20 %:
        // green comes first in the vocabulary, blue would be the fourth and is dropped.
        XCTAssertEqual(tags.colourNames, ["red", "purple", "green"], "\(tags)")
        XCTAssertEqual(tags.score("red"), 0.25)
    }

    func testGreyscaleGradientIsMonochromeWithNoColourNames() {
        let image = Pictures.make(noise: 0) { x, y in
            let v = (x * 255 / 399 + y * 255 / 299) / 2
            return (v, v, v)
        }
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("monochrome"), "\(tags)")
        XCTAssertEqual(tags.colourNames, [], "no colour names, not even grey/black/white")
        XCTAssertFalse(tags.names.contains("vivid"))
        XCTAssertFalse(tags.names.contains("muted"))
    }

    func testGreyscaleNightStreetIsMonochromeAndKeepsItsSceneTags() {
        // A black-and-white night shot: black sky, dark grey buildings, a quarter of them lit
        // windows. Grey-scale noise (the same on all three channels), as in a real B&W photo.
        var rng = SplitMix64(seed: 3)
        let image = Pictures.make(noise: 0) { x, y in
            let v = y < 110 ? 8 : ((x / 40 + y / 30) % 4 == 0 ? 240 : 20 + (y - 110) / 6)
            let noisy = min(255, max(0, v + rng.noise(4)))
            return (noisy, noisy, noisy)
        }
        let tags = tagger.tags(for: image)
        XCTAssertEqual(tags.names, ["monochrome", "dark", "night"], "\(tags)")
    }

    func testFlatGreyFrameIsGreyNotMonochrome() {
        // No tonal range: documented decision, a flat neutral frame gets its colour name.
        let tags = tagger.tags(for: Pictures.solid((128, 128, 128)))
        XCTAssertEqual(tags.names, ["grey"], "\(tags)")
    }

    func testAllDarkNoiseIsDarkAndNight() {
        var rng = SplitMix64(seed: 99)
        let image = Pictures.make(noise: 0) { _, _ in
            (Int(rng.next() % 21), Int(rng.next() % 21), Int(rng.next() % 21))
        }
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("dark"), "\(tags)")
        XCTAssertTrue(tags.names.contains("night"), "\(tags)")
        XCTAssertEqual(tags.names, ["black", "dark", "night"])
        XCTAssertEqual(tags.score("dark"), 1)
    }

    func testDarkRoomUnderABrightCeilingIsDarkButNotNight() {
        let image = Pictures.bands([(0.2, (235, 235, 230)), (0.8, (20, 15, 10))])
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("dark"), "\(tags)")
        XCTAssertFalse(tags.names.contains("night"), "\(tags)")
    }

    func testSunsetWarmSkyOverDarkForeground() {
        // Orange fading to red over the upper 60 %, a dark silhouette below.
        let image = Pictures.make { _, y in
            guard y < 180 else { return (30, 18, 12) }
            let t = Double(y) / 180
            return (Int(245 - 30 * t), Int(140 - 90 * t), Int(40 - 10 * t))
        }
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("sunset"), "\(tags)")
        XCTAssertFalse(tags.names.contains("sky"))
        XCTAssertEqual(tags.score("sunset") ?? 0, 0.9, accuracy: 0.01, "warm share of the upper two thirds")
    }

    func testWarmColoursWithoutADarkerLowerPartAreNoSunset() {
        XCTAssertFalse(tagger.tags(for: Pictures.solid(Colour.orange)).names.contains("sunset"))
        // Upside down: dark on top, warm below.
        let flipped = Pictures.bands([(0.4, (30, 18, 12)), (0.6, Colour.orange)])
        XCTAssertFalse(tagger.tags(for: flipped).names.contains("sunset"))
    }

    func testBlueUpperThirdOverGreenIsSkyAndGreenery() {
        let image = Pictures.bands([(1.0 / 3, Colour.skyBlue), (2.0 / 3, Colour.leafGreen)])
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("sky"), "\(tags)")
        XCTAssertTrue(tags.names.contains("greenery"), "\(tags)")
        XCTAssertEqual(tags.score("sky"), 1)
        XCTAssertEqual(tags.colourNames, ["green", "blue"])
    }

    func testBlueOnlyAtTheBottomIsNoSky() {
        let image = Pictures.bands([(2.0 / 3, Colour.leafGreen), (1.0 / 3, Colour.skyBlue)])
        let tags = tagger.tags(for: image)
        XCTAssertFalse(tags.names.contains("sky"), "\(tags)")
        XCTAssertTrue(tags.names.contains("greenery"))
    }

    func testBrightWhiteUnsaturatedImageIsSnowBrightWhite() {
        let image = Pictures.solid((240, 244, 250))
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("snow"), "\(tags)")
        XCTAssertTrue(tags.names.contains("bright"), "\(tags)")
        XCTAssertTrue(tags.names.contains("white"), "\(tags)")
        XCTAssertEqual(tags.names, ["white", "bright", "snow"])
    }

    func testSaturatedRainbowIsVividNotMuted() {
        let image = Pictures.make(noise: 0) { x, _ in Pictures.hsv(Double(x) * 360 / 400, 1, 1) }
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("vivid"), "\(tags)")
        XCTAssertFalse(tags.names.contains("muted"), "\(tags)")
        XCTAssertEqual(tags.score("vivid"), 1)
        // Hue ranges: green spans 90° of the 360°, blue 60°, purple and pink 45° each.
        XCTAssertEqual(Array(tags.colourNames.prefix(2)), ["green", "blue"], "\(tags)")
        XCTAssertEqual(tags.colourNames.count, 3)
        XCTAssertEqual(tags.score("green") ?? 0, 0.25, accuracy: 0.005)
    }

    func testPastelStripesAreMutedNotVivid() {
        let image = Pictures.make(noise: 3) { x, _ in
            Pictures.hsv([20, 110, 210, 330][x / 100], 0.3, 0.75)
        }
        let tags = tagger.tags(for: image)
        XCTAssertTrue(tags.names.contains("muted"), "\(tags)")
        XCTAssertFalse(tags.names.contains("vivid"), "\(tags)")
        XCTAssertFalse(tags.names.contains("monochrome"))
    }

    /// One solid colour per name: the first tag is that colour, covering the whole image.
    func testEachNamedColourOnASolidImage() {
        let cases: [(RGB, String)] = [
            ((220, 30, 30), "red"), ((245, 140, 20), "orange"), ((235, 215, 40), "yellow"),
            ((40, 170, 60), "green"), ((20, 170, 170), "teal"), ((30, 80, 200), "blue"),
            ((120, 40, 170), "purple"), ((240, 60, 170), "pink"),
            ((255, 182, 193), "pink"),  // light pink: a pale, light red
            ((139, 69, 19), "brown"), ((110, 70, 40), "brown"),
            ((10, 10, 14), "black"), ((30, 0, 45), "black"),  // too dark for its hue to count
            ((248, 248, 245), "white"), ((128, 128, 128), "grey"), ((70, 72, 75), "grey"),
        ]
        for (rgb, name) in cases {
            let tags = tagger.tags(for: Pictures.solid(rgb, noise: 0))
            XCTAssertEqual(tags.first?.name, name, "\(rgb) → \(tags)")
            XCTAssertEqual(tags.first?.score, 1, "\(rgb)")
            XCTAssertEqual(tags.colourNames.count, 1, "\(rgb) → \(tags)")
        }
    }

    func testVividAndMutedNeverTogetherAndMonochromeExcludesColourAndVivid() {
        for (label, image) in Pictures.all() {
            let names = tagger.tags(for: image).names
            XCTAssertFalse(names.contains("vivid") && names.contains("muted"), label)
            XCTAssertFalse(names.contains("dark") && names.contains("bright"), label)
            if names.contains("monochrome") {
                XCTAssertEqual(names.filter { ColourName(rawValue: $0) != nil }, [], label)
                XCTAssertFalse(names.contains("vivid") || names.contains("muted"), label)
            }
        }
    }

    func testTagsForImageEqualTagsForItsHistogram() {
        let image = Pictures.bands([(0.5, Colour.skyBlue), (0.5, Colour.orange)])
        XCTAssertEqual(tagger.tags(for: image), tagger.tags(for: ColourHistogram(image: image)))
    }

    func testScoresAreInZeroToOneAndRoundedToThreeDecimals() {
        for (label, image) in Pictures.all() {
            for tag in tagger.tags(for: image) {
                XCTAssertTrue((0...1).contains(tag.score), "\(label): \(tag)")
                XCTAssertEqual(tag.score, (tag.score * 1000).rounded() / 1000, "\(label): \(tag)")
            }
        }
        XCTAssertEqual(AutoTag(name: "x", score: 0.12345).score, 0.123)
        XCTAssertEqual(AutoTag(name: "x", score: 1.5).score, 1)
        XCTAssertEqual(AutoTag(name: "x", score: -1).score, 0)
    }

    func testEmptyAndTinyImages() {
        XCTAssertEqual(tagger.tags(for: RGBImage(width: 0, height: 0, pixels: [])), [])
        XCTAssertEqual(
            tagger.tags(for: RGBImage(width: 1, height: 1, fill: (220, 30, 30))).names,
            ["red", "vivid"], "one row: no lower third, so no sunset")
        XCTAssertEqual(
            tagger.tags(for: RGBImage(width: 3, height: 2, fill: (0, 0, 0))).names,
            ["black", "dark", "night"])
    }
}
