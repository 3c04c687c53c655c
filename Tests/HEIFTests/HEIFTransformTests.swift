import CHeif
import DaybookCore
import DaybookImaging
import DaybookImagingTestSupport
import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// The HEIF transforms (irot, imir, clap) are applied once, by libheif; the EXIF Orientation
/// tag in a HEIF is never applied on top. Checked by pixels against heif-convert, which shows
/// a HEIF as viewers do.
final class HEIFTransformTests: XCTestCase {
    static let pillow = Repository.fixtures.appendingPathComponent("heic-pillow")

    /// Four quadrants of different colours: every turn and mirror moves them differently.
    static func quadrants(width: Int = 128, height: Int = 80) -> RGBImage {
        var image = RGBImage(width: width, height: height, fill: (255, 255, 255))
        for y in 0..<height {
            for x in 0..<width {
                let colour: [UInt8] =
                    switch (x < width / 2, y < height / 2) {
                    case (true, true): [230, 20, 20]
                    case (false, true): [20, 200, 20]
                    case (true, false): [20, 20, 230]
                    case (false, false): [240, 240, 240]
                    }
                image.pixels.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: colour)
            }
        }
        return image
    }

    /// An Exif item in Apple's layout (offset 6, "Exif\0\0", then TIFF) holding only the
    /// Orientation tag: big-endian IFD0 with one SHORT entry.
    static func exifItem(orientation: UInt16) -> [UInt8] {
        let tiff: [UInt8] =
            [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1] + [
                UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0, 0, 0, 0, 0,
            ]
        return [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + tiff
    }

    private func shownByDaybook(_ bytes: [UInt8], longestSide: Int = 1000) throws -> (RGBImage, FrameSize) {
        let pixels = try HEIFFile(bytes).pixels(longestSide: longestSide, maxPixels: 100_000_000)
        XCTAssertFalse(pixels.fromEmbeddedThumbnail)
        return (pixels.image, pixels.shownSize)
    }

    /// All eight orientations as irot/imir boxes, no EXIF: Daybook's pixels are heif-convert's,
    /// and both are the source turned as the EXIF value of the same number says.
    func testEveryIrotImirCombinationIsShownAsHeifConvertShowsIt() throws {
        let source = Self.quadrants()
        for raw in 1...8 {
            let orientation = try XCTUnwrap(Orientation(rawValue: raw))
            let heif = try HEIFWriter(orientation: heif_orientation(UInt32(raw))).encode(source)
            let (ours, shown) = try shownByDaybook(heif)
            let viewer = try HEIFConvert.shown(heif)
            let expected = source.oriented(orientation)
            XCTAssertEqual(shown, FrameSize(width: expected.width, height: expected.height), "orientation \(raw)")
            XCTAssertEqual(ours.width, viewer.width, "orientation \(raw)")
            XCTAssertEqual(ours.height, viewer.height, "orientation \(raw)")
            XCTAssertLessThan(ours.meanDifference(viewer), 4, "orientation \(raw): differs from heif-convert")
            XCTAssertLessThan(ours.meanDifference(expected), 6, "orientation \(raw): not the source turned")
        }
    }

    /// Only `irot` turns the image (no EXIF at all): the shown image is turned, and the
    /// analysis stores it upright at the shown size.
    func testOnlyIrotTurnsTheImage() throws {
        let source = Self.quadrants()
        let heif = try HEIFWriter(orientation: heif_orientation_rotate_90_cw).encode(source)
        let analysis = try PhotoAnalyzer().analyze(heif)
        XCTAssertEqual(analysis.frame, FrameSize(width: 80, height: 128))
        XCTAssertEqual(analysis.metadata.orientation, .up)
        XCTAssertFalse(analysis.metadata.hasExif)
        let thumbnail = try XCTUnwrap(analysis.thumbnail).image
        XCTAssertEqual(thumbnail.meanDifference(try HEIFConvert.shown(heif)), 0, accuracy: 4)
        // Turned clockwise: the red top-left quadrant is now top right.
        let topRight = thumbnail.pixel(x: 60, y: 20)
        XCTAssertGreaterThan(topRight.r, 180, "\(topRight)")
        XCTAssertLessThan(topRight.g, 80, "\(topRight)")
    }

    /// irot and EXIF Orientation agree (as iPhones write them): turned once, not twice.
    func testIrotAndExifOrientationThatAgreeTurnOnce() throws {
        let source = Self.quadrants()
        let onlyIrot = try HEIFWriter(orientation: heif_orientation_rotate_90_cw).encode(source)
        let both = try HEIFWriter(orientation: heif_orientation_rotate_90_cw, exifItem: Self.exifItem(orientation: 6)).encode(source)
        let analysis = try PhotoAnalyzer().analyze(both)
        XCTAssertTrue(analysis.metadata.hasExif)
        XCTAssertEqual(analysis.metadata.orientation, .up, "the EXIF tag is not what turns a HEIF")
        XCTAssertEqual(analysis.frame, FrameSize(width: 80, height: 128))
        let thumbnail = try XCTUnwrap(analysis.thumbnail).image
        XCTAssertEqual(thumbnail, try shownByDaybook(onlyIrot, longestSide: 400).0)
        XCTAssertEqual(thumbnail.meanDifference(try HEIFConvert.shown(both)), 0, accuracy: 4)
    }

    /// The real thing: an iPhone 8 Plus portrait (irot 270° counter-clockwise, EXIF 6).
    func testIPhonePortraitIsShownUpright() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.pillow.appendingPathComponent("arrow.heic")))
        let analysis = try PhotoAnalyzer().analyze(bytes)
        XCTAssertEqual(analysis.frame, FrameSize(width: 3024, height: 4032))
        XCTAssertEqual(analysis.metadata.orientation, .up)
        let thumbnail = try XCTUnwrap(analysis.thumbnail).image
        XCTAssertEqual(thumbnail.width, 300)
        XCTAssertEqual(thumbnail.height, 400)
        let viewer = try HEIFConvert.shown(bytes).resized(toLongestSide: 400)
        XCTAssertEqual(thumbnail.meanDifference(viewer), 0, accuracy: 3)
        // Upside down would differ a lot: the comparison can tell.
        XCTAssertGreaterThan(thumbnail.meanDifference(viewer.oriented(.down)), 10)
    }

    /// EXIF Orientation 6 without irot: shown unturned, by heif-convert and by Daybook.
    func testExifOrientationWithoutIrotTurnsNothing() throws {
        let source = Self.quadrants()
        let heif = try HEIFWriter(exifItem: Self.exifItem(orientation: 6)).encode(source)
        let analysis = try PhotoAnalyzer().analyze(heif)
        XCTAssertEqual(analysis.frame, FrameSize(width: 128, height: 80))
        XCTAssertEqual(analysis.metadata.orientation, .up)
        let thumbnail = try XCTUnwrap(analysis.thumbnail).image
        XCTAssertLessThan(thumbnail.meanDifference(source), 6)
        XCTAssertEqual(thumbnail.meanDifference(try HEIFConvert.shown(heif)), 0, accuracy: 4)

        let square = try [UInt8](Data(contentsOf: Self.pillow.appendingPathComponent("transform_mismatch_thumbnail.heic")))
        let real = try PhotoAnalyzer().analyze(square)
        let ours = try XCTUnwrap(real.thumbnail).image
        let viewer = try HEIFConvert.shown(square)
        XCTAssertEqual(ours.meanDifference(viewer), 0, accuracy: 4)
        XCTAssertGreaterThan(ours.meanDifference(viewer.oriented(.right)), ours.meanDifference(viewer) + 5)
    }

    /// An odd size is written with a `clap` crop box (libheif's macOS workaround off): the
    /// shown size is the cropped one.
    func testCleanApertureCropGivesTheShownSize() throws {
        let source = Self.quadrants(width: 127, height: 81)
        var writer = HEIFWriter()
        writer.cleanApertureCrop = true
        let heif = try writer.encode(source)
        let (ours, shown) = try shownByDaybook(heif)
        let viewer = try HEIFConvert.shown(heif)
        XCTAssertEqual(shown, FrameSize(width: 127, height: 81))
        XCTAssertEqual(try HEIFFile(heif).size, FrameSize(width: 127, height: 81))
        XCTAssertEqual(ours.meanDifference(viewer), 0, accuracy: 4)
    }
}
