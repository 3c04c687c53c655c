import DaybookImaging
import Foundation
import XCTest

final class ResamplingTests: XCTestCase {
    func testOnePixelCheckerboardHalvesToUniformGrey() {
        let size = 64
        var image = RGBImage(width: size, height: size, fill: (0, 0, 0))
        for y in 0..<size {
            for x in 0..<size where (x + y) % 2 == 0 {
                let i = (y * size + x) * 3
                image.pixels[i] = 255
                image.pixels[i + 1] = 255
                image.pixels[i + 2] = 255
            }
        }
        let half = image.resized(toLongestSide: 32)
        XCTAssertEqual(half.width, 32)
        XCTAssertEqual(half.height, 32)
        // Nearest neighbour would give all-white or all-black here.
        let values = Set(half.pixels)
        XCTAssertEqual(values.count, 1, "not uniform: \(values.sorted())")
        XCTAssertTrue(values.isSubset(of: [127, 128]), "\(values.sorted())")
    }

    func testPartialEdgePixelsCountByCoveredFraction() {
        // 5 -> 2: output 0 covers source [0, 2.5), output 1 covers [2.5, 5).
        let row: [UInt8] = [0, 100, 200, 50, 250]
        let image = RGBImage(width: 5, height: 1, pixels: row.flatMap { [$0, $0, $0] })
        let small = image.resized(toLongestSide: 2)
        XCTAssertEqual(small.width, 2)
        XCTAssertEqual(small.height, 1)
        XCTAssertEqual(small.pixel(x: 0, y: 0).r, 80)  // (0 + 100 + 0.5 * 200) / 2.5
        XCTAssertEqual(small.pixel(x: 1, y: 0).g, 160)  // (0.5 * 200 + 50 + 250) / 2.5
    }

    func testVerticalWeightsMatchHorizontalOnes() {
        let column: [UInt8] = [0, 100, 200, 50, 250]
        let image = RGBImage(width: 1, height: 5, pixels: column.flatMap { [$0, $0, $0] })
        let small = image.resized(toLongestSide: 2)
        XCTAssertEqual(small.width, 1)
        XCTAssertEqual(small.height, 2)
        XCTAssertEqual(small.pixel(x: 0, y: 0).b, 80)
        XCTAssertEqual(small.pixel(x: 0, y: 1).b, 160)
    }

    func testUniformColourIsPreservedExactly() {
        let image = RGBImage(width: 500, height: 375, fill: (12, 200, 77))
        let small = image.resized(toLongestSide: 400)
        XCTAssertEqual(small, RGBImage(width: 400, height: 300, fill: (12, 200, 77)))
    }

    func testNeverUpscalesAndKeepsAspect() {
        let image = TestImages.photo(width: 300, height: 200)
        XCTAssertEqual(image.resized(toLongestSide: 400), image)
        XCTAssertEqual(image.resized(toLongestSide: 300), image)

        let wide = TestImages.photo(width: 1000, height: 333).resized(toLongestSide: 400)
        XCTAssertEqual(wide.width, 400)
        XCTAssertEqual(wide.height, 133)
        let sliver = TestImages.photo(width: 1000, height: 1).resized(toLongestSide: 400)
        XCTAssertEqual(sliver.width, 400)
        XCTAssertEqual(sliver.height, 1)
        let tall = TestImages.photo(width: 375, height: 500).resized(toLongestSide: 400)
        XCTAssertEqual(tall.width, 300)
        XCTAssertEqual(tall.height, 400)
    }

    func testGradientStaysMonotonic() {
        // A box filter can't overshoot: averages of a rising ramp still rise.
        let width = 500
        var image = RGBImage(width: width, height: 3, fill: (0, 0, 0))
        for y in 0..<3 {
            for x in 0..<width {
                image.pixels[(y * width + x) * 3] = UInt8(x * 255 / (width - 1))
            }
        }
        let small = image.resized(toLongestSide: 400)
        let reds = (0..<small.width).map { Int(small.pixel(x: $0, y: 0).r) }
        XCTAssertEqual(reds.first, 0)
        XCTAssertEqual(reds.last, 255)
        XCTAssertEqual(zip(reds, reds.dropFirst()).filter { $0 > $1 }.count, 0)
    }
}
