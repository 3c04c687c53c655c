import DaybookCore
import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// PNG, WebP and GIF through `PhotoDecoder`, on files ImageMagick, cwebp and exiftool wrote
/// (Tests/Fixtures/stills/README.md): recognised by content, shrunk by their own decoders,
/// transparency on neutral grey, and the bad ones refused with one clear line.
final class StillDecodingTests: XCTestCase {
    static let stills = Repository.fixtures.appendingPathComponent("stills")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: stills.appendingPathComponent(name)))
    }

    func testPNGAndWebPAreRecognisedByContentAndServedAsThemselves() throws {
        XCTAssertEqual(FileKind(prefix: try Self.bytes("exif.png")), .png)
        XCTAssertEqual(FileKind(prefix: try Self.bytes("photo.webp")), .webp)
        XCTAssertEqual(FileKind.mediaType(of: try Self.bytes("xmp.png")), "image/png")
        XCTAssertEqual(FileKind.mediaType(of: try Self.bytes("alpha.webp")), "image/webp")
        XCTAssertEqual(FileKind(prefix: try Self.bytes("animated.gif")), .gif)
        XCTAssertEqual(FileKind.mediaType(of: try Self.bytes("xmp.gif")), "image/gif")
    }

    /// xmp.gif: interlaced, its right quarter transparent; animated.gif: a red 64×48 frame,
    /// then a blue one that must not show.
    func testAGIFIsItsFirstFrameWithTransparencyOnGrey() throws {
        let gif = try PhotoDecoder(longestSide: 64).pixels(from: try Self.bytes("xmp.gif"), orientation: .up)
        XCTAssertEqual(gif.frame, FrameSize(width: 64, height: 48))
        let right = gif.image.pixel(x: 60, y: 24)
        XCTAssertEqual([right.r, right.g, right.b], [128, 128, 128])
        let left = gif.image.pixel(x: 4, y: 24)
        XCTAssertNotEqual([left.r, left.g, left.b], [128, 128, 128])
        let animated = try PhotoDecoder(longestSide: 32).pixels(from: try Self.bytes("animated.gif"), orientation: .up)
        XCTAssertEqual([animated.image.width, animated.image.height], [32, 24])
        let first = animated.image.pixel(x: 16, y: 12)
        XCTAssertEqual([first.r, first.g, first.b], [255, 0, 0])
    }

    func testPNGDecodesShrunkAndTurnedByItsOrientation() throws {
        let decoder = PhotoDecoder(longestSide: 32)
        let upright = try decoder.pixels(from: try Self.bytes("xmp.png"), orientation: .up)
        XCTAssertEqual(upright.frame, FrameSize(width: 64, height: 48))
        XCTAssertEqual([upright.image.width, upright.image.height], [32, 24])
        let turned = try decoder.pixels(from: try Self.bytes("xmp.png"), orientation: Orientation(rawValue: 6)!)
        XCTAssertEqual([turned.image.width, turned.image.height], [24, 32])
        // A palette PNG decodes too.
        let palette = try decoder.pixels(from: try Self.bytes("creation.png"), orientation: .up)
        XCTAssertEqual([palette.image.width, palette.image.height], [32, 24])
    }

    /// exif.png is opaque in its left half and fully transparent in its right half; the
    /// transparent half must be the neutral grey, not the black under alpha 0.
    func testTransparencyIsFlattenedOntoNeutralGrey() throws {
        let png = try PhotoDecoder(longestSide: 64).pixels(from: try Self.bytes("exif.png"), orientation: .up).image
        let right = png.pixel(x: 60, y: 24)
        XCTAssertEqual([right.r, right.g, right.b], [128, 128, 128])
        let left = png.pixel(x: 4, y: 24)
        XCTAssertNotEqual([left.r, left.g, left.b], [128, 128, 128], "the opaque half keeps its colours")
        // alpha.webp: opaque top half, transparent bottom half.
        let webp = try PhotoDecoder(longestSide: 64).pixels(from: try Self.bytes("alpha.webp"), orientation: .up).image
        let bottom = webp.pixel(x: 32, y: 44)
        XCTAssertEqual([bottom.r, bottom.g, bottom.b], [128, 128, 128])
    }

    func testWebPUsesItsScaledDecode() throws {
        let pixels = try PhotoDecoder(longestSide: 16).pixels(from: try Self.bytes("photo.webp"), orientation: .up)
        XCTAssertEqual(pixels.frame, FrameSize(width: 64, height: 48))
        XCTAssertEqual([pixels.image.width, pixels.image.height], [16, 12])
        let full = try PhotoDecoder(longestSide: PhotoDecoder.fullSize).pixels(from: try Self.bytes("photo.webp"), orientation: .up)
        XCTAssertEqual([full.image.width, full.image.height], [64, 48])
    }

    /// IHDR declares 100000×100000 in an 83-byte file: refused from the header, with nothing
    /// reserved from the decode budget (so nothing sized by the frame was allocated).
    func testAPNGBombIsRefusedFromItsHeader() throws {
        let budget = DecodeBudget(bytes: 1_000_000)
        let decoder = PhotoDecoder(longestSide: 400, limits: DecodeLimits(budget: budget))
        XCTAssertThrowsError(try decoder.pixels(from: try Self.bytes("bomb-ihdr.png"), orientation: .up)) { error in
            XCTAssertEqual(
                (error as? PhotoDecodeError)?.description, "image too large: 100000×100000 (10000 MP) is above the 100 MP limit")
            XCTAssertEqual(
                (error as? PhotoDecodeError)?.limitExceeded, .pixels(FrameSize(width: 100_000, height: 100_000), limit: 100_000_000))
        }
        XCTAssertEqual(budget.highestReserved, 0)
    }

    /// A 16 KB zTXt chunk that inflates to 16 MB of spaces: refused at libspng's limit.
    func testAZTXtBombIsRefused() throws {
        XCTAssertThrowsError(try DecodablePhoto(try Self.bytes("bomb-ztxt.png"))) { error in
            XCTAssertEqual(
                (error as? PhotoDecodeError)?.description, "PNG text chunk inflates past 8 MB (a decompression bomb); refused")
        }
    }

    func testATruncatedWebPSaysSo() throws {
        XCTAssertThrowsError(try PhotoDecoder(longestSide: 400).pixels(from: try Self.bytes("truncated.webp"), orientation: .up)) {
            error in
            XCTAssertEqual(
                (error as? PhotoDecodeError)?.description, "truncated WebP file (it ends at byte 300, its RIFF header declares 3368)")
        }
    }

    /// Cut anywhere, a PNG or WebP is an error, never a crash or a half-grey picture.
    func testEveryPrefixOfAStillIsRefusedOrDecoded() throws {
        for name in ["exif.png", "photo.webp", "xmp.gif"] {
            let whole = try Self.bytes(name)
            for length in stride(from: 0, to: whole.count, by: 7) {
                let prefix = Array(whole.prefix(length))
                if let pixels = try? PhotoDecoder(longestSide: 32).pixels(from: prefix, orientation: .up) {
                    XCTAssertGreaterThan(pixels.image.width, 0, "\(name) cut at \(length)")
                }
            }
        }
    }
}
