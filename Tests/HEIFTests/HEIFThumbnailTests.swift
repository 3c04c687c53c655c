import DaybookImaging
import DaybookIngest
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

/// Which pixels a HEIF thumbnail is made from: the file's own thumbnail item when it is big
/// enough and has the primary image's shape, otherwise the primary image, never above the
/// pixel limit.
final class HEIFThumbnailTests: XCTestCase {
    static let pillow = Repository.fixtures.appendingPathComponent("heic-pillow")

    /// A file whose thumbnail item shows something else (green) than its primary image (red
    /// and blue halves), so the pixels tell which one was decoded.
    static func fileWithGreenThumbnail() throws -> [UInt8] {
        let primary = RGBImage(width: 512, height: 384, fill: (200, 30, 30))
        let green = RGBImage(width: 512, height: 384, fill: (30, 200, 30))
        return try HEIFWriter(thumbnail: (green, bbox: 256)).encode(primary)
    }

    func testUsesTheThumbnailItemWhenItIsAtLeastTheTargetSize() throws {
        let file = try HEIFFile(Self.fileWithGreenThumbnail())
        XCTAssertEqual(file.thumbnailSizes, [FrameSize(width: 256, height: 192)])
        XCTAssertEqual(file.usableThumbnailSize(longestSide: 200, maxPixels: 100_000_000), FrameSize(width: 256, height: 192))

        let small = try file.pixels(longestSide: 200, maxPixels: 100_000_000)
        XCTAssertTrue(small.fromEmbeddedThumbnail)
        XCTAssertEqual(small.image.width, 200)
        XCTAssertGreaterThan(small.image.pixel(x: 100, y: 75).g, 150)
        XCTAssertEqual(small.shownSize, FrameSize(width: 512, height: 384))

        XCTAssertNil(file.usableThumbnailSize(longestSide: 300, maxPixels: 100_000_000))
        let large = try file.pixels(longestSide: 300, maxPixels: 100_000_000)
        XCTAssertFalse(large.fromEmbeddedThumbnail)
        XCTAssertGreaterThan(large.image.pixel(x: 150, y: 100).r, 150)
        XCTAssertEqual(large.image.width, 300)
    }

    func testAThumbnailOfAnotherShapeIsNotUsed() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.pillow.appendingPathComponent("aspect_mismatch_thumbnail.heic")))
        let file = try HEIFFile(bytes)
        XCTAssertEqual(file.thumbnailSizes, [FrameSize(width: 64, height: 32)])
        let pixels = try file.pixels(longestSide: 32, maxPixels: 100_000_000)
        XCTAssertFalse(pixels.fromEmbeddedThumbnail)
        XCTAssertEqual(pixels.image.width, 32)
        XCTAssertEqual(pixels.image.height, 32)
    }

    func testAThumbnailThatDoesNotDecodeFallsBackToThePrimaryImage() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.pillow.appendingPathComponent("broken_thumbnail.heic")))
        let file = try HEIFFile(bytes)
        XCTAssertEqual(file.usableThumbnailSize(longestSide: 48, maxPixels: 100_000_000), FrameSize(width: 48, height: 48))
        let pixels = try file.pixels(longestSide: 48, maxPixels: 100_000_000)
        XCTAssertFalse(pixels.fromEmbeddedThumbnail)
        XCTAssertEqual(pixels.shownSize, FrameSize(width: 128, height: 128))
    }

    /// A 200 MP phone photo is above the limit, but its own 384x512 thumbnail serves; asked
    /// for more than the thumbnail has, the primary image is refused before any decoding.
    func testAPhotoAboveThePixelLimitIsThumbnailedFromItsThumbnailItemOnly() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.pillow.appendingPathComponent("200MP.heic")))
        let file = try HEIFFile(bytes)
        XCTAssertEqual(file.size, FrameSize(width: 12240, height: 16320))
        let pixels = try file.pixels(longestSide: 400, maxPixels: 100_000_000)
        XCTAssertTrue(pixels.fromEmbeddedThumbnail)
        XCTAssertEqual(pixels.image.width, 300)
        XCTAssertEqual(pixels.image.height, 400)
        XCTAssertThrowsError(try file.pixels(longestSide: 600, maxPixels: 100_000_000)) { error in
            XCTAssertEqual(error as? HEIFError, .tooLarge(.pixels(FrameSize(width: 12240, height: 16320), limit: 100_000_000)))
        }

        let analysis = try PhotoAnalyzer(thumbnails: ThumbnailMaker(longestSide: 600)).analyze(bytes)
        XCTAssertNil(analysis.thumbnail)
        XCTAssertTrue(analysis.tags.isEmpty)
        XCTAssertEqual(analysis.frame, FrameSize(width: 12240, height: 16320))
        XCTAssertEqual(analysis.metadata.capture?.local.exifString, "2025:01:19 14:53:27")
        XCTAssertTrue(analysis.warnings.contains { $0.hasPrefix("image too large: 12240×16320") }, "\(analysis.warnings)")
    }

    /// The colour tags come from the thumbnail's pixels, whichever image they were decoded from.
    func testColourTagsComeFromTheThumbnailPixels() throws {
        let analyzer = PhotoAnalyzer(thumbnails: ThumbnailMaker(longestSide: 200))
        let analysis = try analyzer.analyze(Self.fileWithGreenThumbnail())
        let thumbnail = try XCTUnwrap(analysis.thumbnail)
        XCTAssertEqual(analysis.tags, analyzer.tagger.tags(for: thumbnail.image))
        XCTAssertEqual(try JPEGDecoder.decode(thumbnail.jpeg, minimumLongestSide: 200).image.width, 200)
    }
}

/// At most `bytes` of decodes in flight; one larger than the whole budget runs alone.
final class DecodeBudgetTests: XCTestCase {
    func testConcurrentDecodesStayWithinTheBudget() {
        let budget = DecodeBudget(bytes: 100)
        let state = Mutex((inFlight: 0, observed: Set<Int>()))
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            let cost = index == 5 ? 250 : 40
            budget.spending(cost) {
                state.withLock {
                    $0.inFlight += cost
                    $0.observed.insert($0.inFlight)
                }
                usleep(20_000)
                state.withLock { $0.inFlight -= cost }
            }
        }
        let observed = state.withLock { $0.observed }
        // Two 40s fit in 100, a third does not; the 250 only ever runs with nothing beside it.
        XCTAssertTrue(observed.allSatisfy { $0 <= 100 || $0 == 250 }, "\(observed.sorted())")
        XCTAssertTrue(observed.contains(250))
        XCTAssertEqual(budget.reserved, 0)
    }
}
