import DaybookCore
import DaybookImaging
import XCTest

/// The EXIF tag says where the stored image's row 0 and column 0 appear on screen
/// (TIFF 6.0 / EXIF 2.3, tag 0x0112). These tests build the stored pixels from that table,
/// written out independently of the code under test.
final class OrientationTests: XCTestCase {
    /// Displayed position of stored pixel (sx, sy), for a displayed image of w x h.
    static func displayed(orientation: Int, sx: Int, sy: Int, w: Int, h: Int) -> (x: Int, y: Int) {
        switch orientation {
        case 1: return (sx, sy)  // row 0 top,    column 0 left
        case 2: return (w - 1 - sx, sy)  // row 0 top,    column 0 right
        case 3: return (w - 1 - sx, h - 1 - sy)  // row 0 bottom, column 0 right
        case 4: return (sx, h - 1 - sy)  // row 0 bottom, column 0 left
        case 5: return (sy, sx)  // row 0 left,   column 0 top
        case 6: return (w - 1 - sy, sx)  // row 0 right,  column 0 top
        case 7: return (w - 1 - sy, h - 1 - sx)  // row 0 right,  column 0 bottom
        case 8: return (sy, h - 1 - sx)  // row 0 left,   column 0 bottom
        default: fatalError("orientation \(orientation)")
        }
    }

    /// What a camera would store so that a viewer honouring `orientation` shows `image`.
    static func stored(_ image: RGBImage, orientation: Int) -> RGBImage {
        let swaps = orientation >= 5
        let sw = swaps ? image.height : image.width
        let sh = swaps ? image.width : image.height
        var out = RGBImage(width: sw, height: sh, fill: (0, 0, 0))
        for sy in 0..<sh {
            for sx in 0..<sw {
                let d = displayed(orientation: orientation, sx: sx, sy: sy, w: image.width, h: image.height)
                let p = image.pixel(x: d.x, y: d.y)
                let i = (sy * sw + sx) * 3
                out.pixels[i] = p.r
                out.pixels[i + 1] = p.g
                out.pixels[i + 2] = p.b
            }
        }
        return out
    }

    /// Red top-left, green top-right, blue bottom-left, grey elsewhere: every one of the
    /// eight transforms puts these somewhere different.
    static func scene(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height, fill: (128, 128, 128))
        let bw = width / 4
        let bh = height / 4
        for y in 0..<height {
            for x in 0..<width {
                let colour: (UInt8, UInt8, UInt8)
                switch (x < bw, x >= width - bw, y < bh, y >= height - bh) {
                case (true, _, true, _): colour = (255, 0, 0)
                case (_, true, true, _): colour = (0, 255, 0)
                case (true, _, _, true): colour = (0, 0, 255)
                default: continue
                }
                let i = (y * width + x) * 3
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = colour
            }
        }
        return image
    }

    func assertColour(
        _ image: RGBImage, x: Int, y: Int, _ expected: (UInt8, UInt8, UInt8), _ context: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let p = image.pixel(x: x, y: y)
        let close =
            abs(Int(p.r) - Int(expected.0)) <= 24 && abs(Int(p.g) - Int(expected.1)) <= 24
            && abs(Int(p.b) - Int(expected.2)) <= 24
        XCTAssertTrue(
            close, "\(context): pixel (\(x), \(y)) is \(p), expected \(expected)",
            file: file, line: line)
    }

    func testThumbnailShowsEveryOrientationUpright() throws {
        let scene = Self.scene(width: 800, height: 600)
        for orientation in 1...8 {
            let stored = Self.stored(scene, orientation: orientation)
            XCTAssertEqual(stored.width, orientation >= 5 ? 600 : 800)
            let jpeg = try TestImages.jpeg(stored, quality: 92)

            let thumbnail = try ThumbnailMaker().make(from: jpeg, orientation: Orientation(rawValue: orientation)!)
            let context = "orientation \(orientation)"
            XCTAssertEqual(thumbnail.frame, FrameSize(width: stored.width, height: stored.height))
            // Stored 600x800 for 5-8: the thumbnail's axes are swapped back to 400x300.
            XCTAssertEqual(thumbnail.image.width, 400, context)
            XCTAssertEqual(thumbnail.image.height, 300, context)
            assertColour(thumbnail.image, x: 50, y: 37, (255, 0, 0), context)
            assertColour(thumbnail.image, x: 350, y: 37, (0, 255, 0), context)
            assertColour(thumbnail.image, x: 50, y: 262, (0, 0, 255), context)
            assertColour(thumbnail.image, x: 350, y: 262, (128, 128, 128), context)

            // The JPEG holds the same upright picture.
            let reread = try JPEGDecoder.decode(thumbnail.jpeg, minimumLongestSide: 400)
            XCTAssertEqual(reread.image.width, 400, context)
            assertColour(reread.image, x: 50, y: 37, (255, 0, 0), context + " (re-decoded)")
            assertColour(reread.image, x: 350, y: 37, (0, 255, 0), context + " (re-decoded)")
        }
    }

    func testOrientedIsTheExactInverseOfStoringOnSmallImages() {
        // 3x2 with all-distinct pixels: any wrong index shows up.
        var scene = RGBImage(width: 3, height: 2, fill: (0, 0, 0))
        for i in 0..<6 {
            scene.pixels[i * 3] = UInt8(10 * (i + 1))
            scene.pixels[i * 3 + 1] = UInt8(i)
        }
        for orientation in 1...8 {
            let stored = Self.stored(scene, orientation: orientation)
            XCTAssertEqual(stored.oriented(Orientation(rawValue: orientation)!), scene, "orientation \(orientation)")
        }
    }

    func testSixIsAClockwiseQuarterTurn() {
        // Stored landscape 2x1 [A B] with orientation 6 shows as a column: A on top.
        let stored = RGBImage(width: 2, height: 1, pixels: [1, 1, 1, 2, 2, 2])
        let shown = stored.oriented(.right)
        XCTAssertEqual(shown.width, 1)
        XCTAssertEqual(shown.height, 2)
        XCTAssertEqual(shown.pixels, [1, 1, 1, 2, 2, 2])
        // And 8 is the other way round: B on top.
        XCTAssertEqual(stored.oriented(.left).pixels, [2, 2, 2, 1, 1, 1])
    }

    /// Values outside 1–8 (from a broken tag) are no orientation at all: the EXIF reader
    /// reads them as `.up` (MetadataTests), which leaves the pixels as stored.
    func testUnknownValuesAreNoOrientationAndUpLeavesTheImageAlone() {
        let image = TestImages.photo(width: 7, height: 5)
        for value in [0, 9, -1, 65535] {
            XCTAssertNil(Orientation(rawValue: value), "orientation \(value)")
        }
        XCTAssertEqual(image.oriented(.up), image)
    }
}
