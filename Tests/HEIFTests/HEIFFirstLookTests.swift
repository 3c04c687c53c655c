import CHeif
import DaybookCore
import DaybookImaging
import DaybookImagingTestSupport
import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// A HEIF's first look is its largest thumbnail item of the primary image's shape, turned by
/// libheif like the primary image; the analysis keeps the primary image's frame, and says the
/// full thumbnail is still to be made.
final class HEIFFirstLookTests: XCTestCase {
    static let pillow = Repository.fixtures.appendingPathComponent("heic-pillow")
    let firstLook = PhotoAnalyzer(firstLook: true)
    let full = PhotoAnalyzer()

    /// The photo as shown: portrait 2:3, quadrants of four colours.
    static let shown = Quadrants.image(width: 800, height: 1200)
    /// As stored under an `irot` that turns it 90° clockwise to show it.
    static let stored = shown.oriented(.left)

    static func turnedFile(thumbnail: RGBImage = stored, bbox: Int) throws -> [UInt8] {
        try HEIFWriter(orientation: heif_orientation_rotate_90_cw, thumbnail: (thumbnail, bbox: bbox)).encode(stored)
    }

    /// libheif turns the thumbnail item by its own `irot`, the same as the primary image.
    func testATurnedPhotosThumbnailItemComesOutUpright() throws {
        let bytes = try Self.turnedFile(bbox: 240)
        let file = try HEIFFile(bytes)
        XCTAssertEqual(file.size, FrameSize(width: 800, height: 1200))
        XCTAssertEqual(file.thumbnailSizes, [FrameSize(width: 160, height: 240)])

        let analysis = try firstLook.analyze(bytes)
        XCTAssertTrue(analysis.isFirstLook)
        XCTAssertEqual(analysis.frame, FrameSize(width: 800, height: 1200), "the primary image's, not the thumbnail's")
        let thumbnail = try XCTUnwrap(analysis.thumbnail)
        XCTAssertEqual(FrameSize(width: thumbnail.image.width, height: thumbnail.image.height), FrameSize(width: 160, height: 240))
        XCTAssertTrue(Quadrants.isUpright(thumbnail.image))
        XCTAssertEqual(analysis.tags, firstLook.tagger.tags(for: thumbnail.image))

        let fullAnalysis = try full.analyze(bytes)
        XCTAssertFalse(fullAnalysis.isFirstLook)
        XCTAssertEqual(fullAnalysis.frame, analysis.frame)
        let fullThumbnail = try XCTUnwrap(fullAnalysis.thumbnail)
        XCTAssertEqual(FrameSize(width: fullThumbnail.image.width, height: fullThumbnail.image.height), FrameSize(width: 267, height: 400))
        XCTAssertTrue(Quadrants.isUpright(fullThumbnail.image))
    }

    /// A thumbnail item of another picture's shape (a square one for a 2:3 photo) is not the
    /// photo: the full image is decoded.
    func testAThumbnailItemOfAnotherShapeIsRefused() throws {
        let bytes = try Self.turnedFile(thumbnail: Quadrants.image(width: 300, height: 300), bbox: 240)
        let analysis = try firstLook.analyze(bytes)
        XCTAssertFalse(analysis.isFirstLook)
        XCTAssertEqual(analysis.thumbnail?.image.height, 400)
    }

    func testAThumbnailItemTooSmallToRecogniseIsRefused() throws {
        let analysis = try firstLook.analyze(Self.turnedFile(bbox: 120))
        XCTAssertFalse(analysis.isFirstLook)
        XCTAssertEqual(analysis.thumbnail?.image.height, 400)
    }

    /// A thumbnail item as large as the thumbnail already makes the full thumbnail: nothing is
    /// left to refine.
    func testAThumbnailItemAsLargeAsTheThumbnailIsNoFirstLook() throws {
        let analysis = try firstLook.analyze(Self.turnedFile(bbox: 480))
        XCTAssertFalse(analysis.isFirstLook)
        XCTAssertEqual(analysis.thumbnail?.image.height, 400)
    }

    /// An iPhone portrait (`irot` and a 240×320 thumbnail item): the first look is the same
    /// picture as the full thumbnail, close enough that a burst still stacks by its hash.
    func testAnIPhonePortraitsFirstLookIsTheFullThumbnailsPicture() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.pillow.appendingPathComponent("arrow.heic")))
        let first = try firstLook.analyze(bytes)
        let whole = try full.analyze(bytes)
        XCTAssertTrue(first.isFirstLook)
        XCTAssertEqual(first.frame, FrameSize(width: 3024, height: 4032))
        XCTAssertEqual(first.frame, whole.frame)
        let preview = try XCTUnwrap(first.thumbnail).image
        let made = try XCTUnwrap(whole.thumbnail).image
        XCTAssertEqual(FrameSize(width: preview.width, height: preview.height), FrameSize(width: 240, height: 320))
        XCTAssertLessThan(made.resized(toLongestSide: 320).meanDifference(preview), 12)
        let distance = try XCTUnwrap(PerceptualHash(of: preview)).distance(to: XCTUnwrap(PerceptualHash(of: made)))
        XCTAssertLessThanOrEqual(distance, 4, "within the duplicates threshold, so within the burst one too")
    }

    /// Without a thumbnail item the photo is decoded as always.
    func testAnIPhonePhotoWithoutAThumbnailItemIsDecodedWhole() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.pillow.appendingPathComponent("pug.heic")))
        let analysis = try firstLook.analyze(bytes)
        XCTAssertFalse(analysis.isFirstLook)
        XCTAssertEqual(analysis.thumbnail?.image.width, 400)
    }
}
