import DaybookCore
import DaybookImaging
import DaybookTagging
import Foundation
import XCTest

/// The tagger on the sample squares (Tests/Fixtures/sample-squares), decoded exactly as ingest does (thumbnail size,
/// EXIF orientation applied). Each is a noisy solid background with a magenta square
/// top-left and a cyan square bottom-right, about 3 % and 1.3 % of the picture: too small to
/// be dominant colours, but they keep the grey, white and near-black photos from being
/// perfectly neutral.
final class SampleImageTaggingTests: XCTestCase {
    /// Checked by eye against each background colour:
    /// - a saturated background → its colour name, then `vivid` (the markers are vivid too);
    /// - blue → also `sky`, green → also `greenery` (a colour-only tagger can't tell a blue
    ///   wall from the sky: the rules are literal);
    /// - white → `white`, `bright`, `snow`;
    /// - grey → just `grey`: a flat grey frame has no tonal range, so it is not a
    ///   black-and-white photo (`monochrome`); the coloured markers (4 %) don't decide it;
    /// - near-black → `black`, `dark`, `night`;
    /// - pink (240,120,180) has HSV saturation 0.5: neither vivid (≥ 0.6) nor pale (< 0.4).
    ///   It scores 0.987 because the magenta marker (hue 300°) is pink too.
    static let expected: [String: [String]] = [
        "01-paris-2019-07.jpg": ["blue", "sky", "vivid"],
        "02-rio-2020-01.jpg": ["green", "greenery", "vivid"],
        "03-newyork-2021-03.jpg": ["red", "vivid"],
        "04-sydney-2021-12.jpg": ["yellow", "vivid"],
        "05-createdate-only-2018-05.jpg": ["orange", "vivid"],
        "06-modifydate-only-2017-09.jpg": ["purple", "vivid"],
        "07-deadsea-2022-06.jpg": ["white", "bright", "snow"],
        "08-no-exif.jpg": ["grey"],
        "09-night-2023-02.jpg": ["black", "dark", "night"],
        "10-mumbai-2023-08.jpg": ["pink"],
    ]

    func testExactTagsForEverySampleImage() throws {
        let thumbnails = try SampleThumbnails.all()
        XCTAssertEqual(thumbnails.map(\.0), Self.expected.keys.sorted(), "the ten samples")
        let tagger = ColourTagger()
        for (name, image) in thumbnails {
            XCTAssertEqual([image.width, image.height], [400, 300], "\(name) displayed 640x480")
            let tags = tagger.tags(for: image)
            XCTAssertEqual(tags.names, Self.expected[name], "\(name): \(tags)")
        }
    }

    func testSampleScoresAreTheBackgroundShares() throws {
        let tagger = ColourTagger()
        for (name, image) in try SampleThumbnails.all() {
            let tags = tagger.tags(for: image)
            // Background = everything but the two markers: 1 − (60² + 40²) / (400 × 300).
            let expected = name.hasPrefix("10") ? 0.987 : 0.957
            XCTAssertEqual(tags.first?.score ?? 0, expected, accuracy: 0.002, "\(name): \(tags)")
        }
        // Upper-third rules see the magenta marker only where orientation put it:
        // 60 × 60 of the 400 × 100 upper third.
        let paris = tagger.tags(for: try SampleThumbnails.thumbnail("01-paris-2019-07.jpg"))
        XCTAssertEqual(paris.score("sky") ?? 0, 0.91, accuracy: 0.002)
        let night = tagger.tags(for: try SampleThumbnails.thumbnail("09-night-2023-02.jpg"))
        XCTAssertEqual(night.score("night") ?? 0, 0.91, accuracy: 0.002)
    }

    func testMarkersLandInTheDisplayedCornersForRotatedSamples() throws {
        // The rio sample is stored rotated (orientation 6): with the tag applied, magenta is
        // top-left and counts in the upper third; cyan in the lower third.
        let histogram = ColourHistogram(image: try SampleThumbnails.thumbnail("02-rio-2020-01.jpg"))
        let pinkHue = 300 / ColourHistogram.hueBinDegrees  // magenta is 300°
        let tealHue = 180 / ColourHistogram.hueBinDegrees  // cyan is 180°
        func hueCount(_ hue: Int, _ region: ColourHistogram.Region) -> Int {
            var n = 0
            for s in 1..<ColourHistogram.saturationBinCount {
                for v in 1..<ColourHistogram.valueBinCount {
                    n +=
                        histogram.count(hueBin: hue, saturationBin: s, valueBin: v, in: region)
                        + histogram.count(hueBin: hue - 1, saturationBin: s, valueBin: v, in: region)
                }
            }
            return n
        }
        XCTAssertGreaterThan(hueCount(pinkHue, .upper), 3000)
        XCTAssertLessThan(hueCount(pinkHue, .lower), 100)
        XCTAssertGreaterThan(hueCount(tealHue, .lower), 1200)
        XCTAssertLessThan(hueCount(tealHue, .upper), 100)
    }
}
