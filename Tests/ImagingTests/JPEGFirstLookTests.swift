import DaybookCore
import DaybookImaging
import DaybookImagingTestSupport
import DaybookTestSupport
import Foundation
import XCTest

/// A JPEG's first look is its EXIF thumbnail, which is stored unturned and often letterboxed:
/// the first look must come out upright, at the photo's shape, with the photo's frame, and a
/// preview that shows something else must be refused.
final class JPEGFirstLookTests: XCTestCase {
    let decoder = ThumbnailMaker().decoder

    /// The photo as shown: portrait 2:3, quadrants of four colours.
    static let shown = Quadrants.image(width: 800, height: 1200)
    /// As stored for Orientation 6 (turn 90° clockwise to show): landscape 3:2.
    static let stored = shown.oriented(.left)

    /// A 160×120 thumbnail of the stored picture, as cameras write it: the 3:2 picture fitted
    /// into 4:3 with black bars above and below.
    static func letterboxed() throws -> [UInt8] {
        let picture = stored.resized(toLongestSide: 160)
        var canvas = RGBImage(width: 160, height: 120, fill: (0, 0, 0))
        let top = (120 - picture.height) / 2
        for y in 0..<picture.height {
            let from = y * picture.width * 3
            let to = ((top + y) * 160) * 3
            canvas.pixels.replaceSubrange(to..<(to + picture.width * 3), with: picture.pixels[from..<(from + picture.width * 3)])
        }
        return try TestImages.jpeg(canvas)
    }

    static func photo(thumbnail: [UInt8], orientation: Int = 6, main: RGBImage = stored) throws -> [UInt8] {
        ExifThumbnailBytes(orientation: orientation).inserted(thumbnail: thumbnail, into: try TestImages.jpeg(main))
    }

    func testALetterboxedUnturnedThumbnailComesOutUprightAtThePhotosShape() throws {
        let bytes = try Self.photo(thumbnail: Self.letterboxed())
        let first = try XCTUnwrap(decoder.firstLookPixels(of: .jpeg(bytes), orientation: .right))
        XCTAssertEqual(first.frame, FrameSize(width: 1200, height: 800), "the main image's SOF frame, not the preview's")
        XCTAssertEqual(first.image.height, 160)
        XCTAssertEqual(Double(first.image.width) / Double(first.image.height), 2.0 / 3.0, accuracy: 0.02)
        XCTAssertTrue(Quadrants.isUpright(first.image), "upright, bars cut off")

        let full = try decoder.pixels(of: .jpeg(bytes), orientation: .right)
        XCTAssertTrue(Quadrants.isUpright(full.image))
        XCTAssertEqual(full.frame, first.frame)
    }

    func testAPreviewLargerThanTheThumbnailIsShrunkNeverEnlarged() throws {
        let large = try TestImages.jpeg(Self.stored.resized(toLongestSide: 600))
        let shrunk = try XCTUnwrap(decoder.firstLookPixels(of: .jpeg(try Self.photo(thumbnail: large)), orientation: .right))
        XCTAssertEqual(FrameSize(width: shrunk.image.width, height: shrunk.image.height), FrameSize(width: 267, height: 400))
        XCTAssertTrue(Quadrants.isUpright(shrunk.image))

        let small = try TestImages.jpeg(Self.stored.resized(toLongestSide: 240))
        let kept = try XCTUnwrap(decoder.firstLookPixels(of: .jpeg(try Self.photo(thumbnail: small)), orientation: .right))
        XCTAssertEqual(FrameSize(width: kept.image.width, height: kept.image.height), FrameSize(width: 160, height: 240))
    }

    /// Squeezed into 4:3 without bars, the preview is not the photo's shape: refused.
    func testASqueezedPreviewIsRefused() throws {
        // The stored picture's quadrants, drawn at 4:3.
        let squeezed = Quadrants.image(width: 120, height: 160).oriented(.left)
        XCTAssertEqual(FrameSize(width: squeezed.width, height: squeezed.height), FrameSize(width: 160, height: 120))
        let bytes = try Self.photo(thumbnail: TestImages.jpeg(squeezed))
        XCTAssertNil(decoder.firstLookPixels(of: .jpeg(bytes), orientation: .right))
    }

    /// A preview of the other shape (turned by its writer, or of another picture) is refused.
    func testAPreviewOfTheOtherShapeIsRefused() throws {
        let turned = try TestImages.jpeg(Self.shown.resized(toLongestSide: 240))
        XCTAssertNil(decoder.firstLookPixels(of: .jpeg(try Self.photo(thumbnail: turned)), orientation: .right))
    }

    func testAnIndexPictureTooSmallToRecogniseIsRefused() throws {
        let tiny = try TestImages.jpeg(Self.stored.resized(toLongestSide: 120))
        XCTAssertNil(decoder.firstLookPixels(of: .jpeg(try Self.photo(thumbnail: tiny)), orientation: .right))
    }

    func testAPhotoNotMuchLargerThanItsThumbnailHasNoFirstLook() throws {
        let main = Self.stored.resized(toLongestSide: 600)
        let bytes = try Self.photo(thumbnail: TestImages.jpeg(main.resized(toLongestSide: 240)), main: main)
        XCTAssertNil(decoder.firstLookPixels(of: .jpeg(bytes), orientation: .right))
    }

    func testAPhotoAboveThePixelLimitHasNoFirstLook() throws {
        let bytes = try Self.photo(thumbnail: Self.letterboxed())
        var limited = decoder
        limited.maxPixels = 900_000
        XCTAssertNil(limited.firstLookPixels(of: .jpeg(bytes), orientation: .right))
        XCTAssertThrowsError(try limited.pixels(of: .jpeg(bytes), orientation: .right))
    }

    /// exiftool writes the thumbnail the way photo tools do (its own IFD layout and offsets).
    func testAThumbnailWrittenByExiftoolIsFound() throws {
        try Exiftool.skipUnlessInstalled()
        let folder = try TemporaryFolder.make("first-look-exiftool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.jpg")
        let thumbnail = folder.appendingPathComponent("thumbnail.jpg")
        try Data(TestImages.jpeg(Self.stored)).write(to: photo)
        try Data(Self.letterboxed()).write(to: thumbnail)
        try Exiftool.run(["-q", "-overwrite_original", "-n", "-Orientation=6", "-ThumbnailImage<=\(thumbnail.path)", photo.path])
        let bytes = try [UInt8](Data(contentsOf: photo))
        let first = try XCTUnwrap(decoder.firstLookPixels(of: .jpeg(bytes), orientation: .right))
        XCTAssertTrue(Quadrants.isUpright(first.image))
        XCTAssertEqual(first.frame, FrameSize(width: 1200, height: 800))
    }
}
