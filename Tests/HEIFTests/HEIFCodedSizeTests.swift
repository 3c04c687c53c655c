import DaybookImaging
import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// A HEIF whose `ispe` declares a smaller image than its HEVC stream codes is refused before
/// libheif decodes it: the pixel limit and the decode budget read the declared size, the
/// decoder allocates for the coded one. Honest files, with or without a thumbnail item, pass.
final class HEIFCodedSizeTests: XCTestCase {
    /// `bytes` with every `ispe` box's width and height set to `side`.
    static func declaring(_ side: UInt32, _ bytes: [UInt8]) -> [UInt8] {
        var patched = bytes
        var index = 0
        let marker = Array("ispe".utf8)
        while index + 16 <= patched.count {
            if Array(patched[index..<index + 4]) == marker {
                for (offset, value) in [(8, side), (12, side)] {
                    for byte in 0..<4 { patched[index + offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
                }
            }
            index += 1
        }
        return patched
    }

    func testAnImageCodedLargerThanItsContainerDeclaresIsRefused() throws {
        let honest = try HEIFWriter().encode(RGBImage(width: 1200, height: 1200, fill: (200, 40, 40)))
        let lying = Self.declaring(300, honest)
        XCTAssertNotEqual(honest, lying)
        XCTAssertThrowsError(try HEIFFile(lying)) { error in
            XCTAssertEqual(
                (error as? HEIFError)?.description,
                "corrupt HEIF image: an image is coded at 1200×1200, larger than the 300×300 its container declares "
                    + "(its 'ispe' does not match its stream)")
        }
        // Through the analyzer with a one-megapixel limit: the honest file is refused for its
        // size (kept without a picture), the lying one for its lie; neither is decoded.
        let analyzer = PhotoAnalyzer(thumbnails: ThumbnailMaker(maxPixels: 1_000_000))
        let kept = try analyzer.analyze(honest)
        XCTAssertNil(kept.thumbnail)
        XCTAssertTrue(kept.damage?.contains("image too large: 1200×1200") == true, "\(kept.damage ?? "no damage")")
        XCTAssertThrowsError(try analyzer.analyze(lying)) { XCTAssertTrue("\($0)".contains("coded at 1200×1200"), "\($0)") }
    }

    func testHonestFilesPass() throws {
        var writer = HEIFWriter()
        writer.thumbnail = (RGBImage(width: 640, height: 480, fill: (10, 200, 10)), 160)
        let withThumbnail = try writer.encode(RGBImage(width: 640, height: 480, fill: (200, 40, 40)))
        XCTAssertEqual(try HEIFFile(withThumbnail).size, FrameSize(width: 640, height: 480))
        // An odd size, coded larger and cropped by its conformance window.
        XCTAssertEqual(try HEIFFile(HEIFWriter().encode(RGBImage(width: 333, height: 211, fill: (1, 2, 3)))).size.width, 333)
        for name in ["IMG_5195.HEIC", "samplefilehub.heif"] {
            let url = Repository.fixtures.appendingPathComponent("heic/\(name)")
            XCTAssertNoThrow(try HEIFFile([UInt8](try Data(contentsOf: url))), name)
        }
    }
}
