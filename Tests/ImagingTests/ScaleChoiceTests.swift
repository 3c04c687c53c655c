import DaybookImaging
import Foundation
import XCTest

final class ScaleChoiceTests: XCTestCase {
    func testTwelveMegapixelsDecodesAtOneEighth() throws {
        let jpeg = try TestImages.jpeg(TestImages.halves(width: 4000, height: 3000))
        let decoded = try JPEGDecoder.decode(jpeg, minimumLongestSide: 400)
        XCTAssertEqual(decoded.frame, FrameSize(width: 4000, height: 3000))
        XCTAssertEqual(decoded.scaleNumerator, 1)
        XCTAssertEqual(decoded.image.width, 500)
        XCTAssertEqual(decoded.image.height, 375)
        XCTAssertEqual(decoded.warnings, [])
        // Content, not just size: red on the left, blue on the right.
        let left = decoded.image.pixel(x: 100, y: 180)
        let right = decoded.image.pixel(x: 400, y: 180)
        XCTAssertGreaterThan(left.r, 240)
        XCTAssertLessThan(left.b, 15)
        XCTAssertGreaterThan(right.b, 240)
        XCTAssertLessThan(right.r, 15)
    }

    func testPicksSmallestScaleThatReachesTheTarget() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 1000, height: 800))
        let decoded = try JPEGDecoder.decode(jpeg, minimumLongestSide: 400)
        // 3/8 would give 375 < 400.
        XCTAssertEqual(decoded.scaleNumerator, 4)
        XCTAssertEqual(decoded.image.width, 500)
        XCTAssertEqual(decoded.image.height, 400)
    }

    func testSmallImageIsNotUpscaled() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 300, height: 200))
        let decoded = try JPEGDecoder.decode(jpeg, minimumLongestSide: 400)
        XCTAssertEqual(decoded.scaleNumerator, 8)
        XCTAssertEqual(decoded.image.width, 300)
        XCTAssertEqual(decoded.image.height, 200)

        let thumbnail = try ThumbnailMaker().make(from: jpeg, orientation: .up)
        XCTAssertEqual(thumbnail.image.width, 300)
        XCTAssertEqual(thumbnail.image.height, 200)
    }

    func testThumbnailLongestSideIsExactlyTheTargetAndKeepsAspect() throws {
        let cases: [(FrameSize, FrameSize)] = [
            (FrameSize(width: 4000, height: 3000), FrameSize(width: 400, height: 300)),
            (FrameSize(width: 3000, height: 4000), FrameSize(width: 300, height: 400)),
            (FrameSize(width: 1000, height: 800), FrameSize(width: 400, height: 320)),
            (FrameSize(width: 1001, height: 333), FrameSize(width: 400, height: 133)),
            (FrameSize(width: 3200, height: 2400), FrameSize(width: 400, height: 300)),
        ]
        for (frame, expected) in cases {
            let jpeg = try TestImages.jpeg(TestImages.halves(width: frame.width, height: frame.height))
            let thumbnail = try ThumbnailMaker().make(from: jpeg, orientation: .up)
            XCTAssertEqual(thumbnail.frame, frame)
            XCTAssertEqual(
                FrameSize(width: thumbnail.image.width, height: thumbnail.image.height), expected,
                "thumbnail of \(frame)")
            // The stored JPEG is what the image says it is.
            XCTAssertEqual(try JPEGDecoder.frameSize(of: thumbnail.jpeg), expected)
        }
    }

    func testDecodeMatchesDjpegAtTheSameScale() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 1000, height: 800))
        // -nosmooth is djpeg's name for do_fancy_upsampling = FALSE.
        guard
            let ppm = try Tools.run(
                "djpeg", ["-scale", "4/8", "-dct", "int", "-nosmooth", "-ppm"], input: Data(jpeg))
        else {
            throw XCTSkip("djpeg not installed")
        }
        let reference = try TestImages.ppmPixels(ppm)
        let decoded = try JPEGDecoder.decode(jpeg, minimumLongestSide: 400)
        XCTAssertEqual(decoded.image, reference)
    }

    func testFrameSizeReadsOnlyTheHeader() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 640, height: 480))
        XCTAssertEqual(try JPEGDecoder.frameSize(of: jpeg), FrameSize(width: 640, height: 480))
        // The header is complete in the first half, the pixels are not.
        let half = Array(jpeg.prefix(jpeg.count / 2))
        XCTAssertEqual(try JPEGDecoder.frameSize(of: half), FrameSize(width: 640, height: 480))
    }
}
