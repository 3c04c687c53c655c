import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// The perceptual hash on real photos (the committed corpus) and on copies ImageMagick made
/// of them (Tests/Fixtures/stacks/make.sh): a copy stays within the duplicate threshold, a
/// burst frame within the stack threshold, a different photo far outside both.
final class PerceptualHashTests: XCTestCase {
    static let corpus = Repository.fixtures.appendingPathComponent("corpus/jpg/gps")
    static let stacks = Repository.fixtures.appendingPathComponent("stacks")

    private func hash(_ url: URL) throws -> PerceptualHash {
        let thumbnail = try ThumbnailMaker().make(photo: Array(try Data(contentsOf: url)), orientation: .up)
        return try XCTUnwrap(PerceptualHash(of: thumbnail.image))
    }

    func testARecompressedOrResizedCopyIsNearlyTheSame() throws {
        let original = try hash(Self.corpus.appendingPathComponent("DSCN0025.jpg"))
        for copy in ["copy-q40.jpg", "copy-half.jpg"] {
            let distance = original.distance(to: try hash(Self.stacks.appendingPathComponent(copy)))
            XCTAssertLessThanOrEqual(distance, 4, copy)
        }
    }

    func testBurstFramesAreCloseAndDifferentPhotosFar() throws {
        let frames = try ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"].map { try hash(Self.stacks.appendingPathComponent($0)) }
        for (a, b) in [(0, 1), (1, 2), (0, 2)] { XCTAssertLessThanOrEqual(frames[a].distance(to: frames[b]), 10, "frames \(a) and \(b)") }

        // Seven different shots by one camera on one trip: every pair is far apart.
        let names = ["DSCN0012.jpg", "DSCN0021.jpg", "DSCN0025.jpg", "DSCN0027.jpg", "DSCN0029.jpg", "DSCN0038.jpg", "DSCN0042.jpg"]
        let photos = try names.map { try hash(Self.corpus.appendingPathComponent($0)) }
        for a in photos.indices {
            for b in photos.indices where b > a {
                XCTAssertGreaterThan(photos[a].distance(to: photos[b]), 10, "\(names[a]) and \(names[b])")
            }
        }
    }

    /// The hash does not depend on the picture's size, and a flat picture still hashes.
    func testSizeDoesNotMatter() throws {
        let big = RGBImage(width: 400, height: 300, fill: (200, 40, 40))
        let small = RGBImage(width: 20, height: 15, fill: (200, 40, 40))
        XCTAssertEqual(PerceptualHash(of: big), PerceptualHash(of: small))
        XCTAssertNil(PerceptualHash(of: RGBImage(width: 0, height: 0, pixels: [])))
        XCTAssertEqual(PerceptualHash(bits: 0b1011).distance(to: PerceptualHash(bits: 0b0001)), 2)
    }
}
