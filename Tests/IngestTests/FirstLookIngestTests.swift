import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// `IngestOptions.firstLook` takes a JPEG's thumbnail from its EXIF thumbnail: the analysis
/// says so, and the entry keeps the photo's own pixel size.
final class FirstLookIngestTests: XCTestCase {
    /// A 1200×800 photo, left half red and right half blue, holding a 240×160 EXIF thumbnail
    /// of the same picture, stored for Orientation 6.
    static func photo() throws -> [UInt8] {
        let main = halves(width: 1200, height: 800)
        let thumbnail = try JPEGEncoder.encode(halves(width: 240, height: 160), quality: 90)
        return ExifThumbnailBytes(orientation: 6).inserted(thumbnail: thumbnail, into: try JPEGEncoder.encode(main, quality: 90))
    }

    static func halves(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height, fill: (20, 20, 230))
        for y in 0..<height {
            for x in 0..<(width / 2) {
                let i = (y * width + x) * 3
                image.pixels.replaceSubrange(i..<(i + 3), with: [230, 20, 20])
            }
        }
        return image
    }

    func testTheAnalysisSaysItsThumbnailIsTheFirstLook() throws {
        let bytes = try Self.photo()
        let first = try PhotoAnalyzer(firstLook: true).analyze(bytes)
        XCTAssertTrue(first.isFirstLook)
        XCTAssertEqual(first.metadata.orientation, .right)
        XCTAssertEqual(first.frame, FrameSize(width: 1200, height: 800))
        let thumbnail = try XCTUnwrap(first.thumbnail)
        // Turned upright: the red half is now on top.
        XCTAssertEqual(FrameSize(width: thumbnail.image.width, height: thumbnail.image.height), FrameSize(width: 160, height: 240))
        XCTAssertGreaterThan(thumbnail.image.pixel(x: 80, y: 40).r, 180)
        XCTAssertGreaterThan(thumbnail.image.pixel(x: 80, y: 200).b, 180)

        let full = try PhotoAnalyzer().analyze(bytes)
        XCTAssertFalse(full.isFirstLook)
        XCTAssertEqual(full.frame, first.frame)
        XCTAssertEqual(full.thumbnail?.image.height, 400)
        XCTAssertEqual(full.tags, first.tags)
    }

    /// A photo without a preview, and a video or a still of another format, are made in full.
    func testWithoutAPreviewTheThumbnailIsMadeInFull() throws {
        let plain = try JPEGEncoder.encode(Self.halves(width: 1200, height: 800), quality: 90)
        let analysis = try PhotoAnalyzer(firstLook: true).analyze(plain)
        XCTAssertFalse(analysis.isFirstLook)
        XCTAssertEqual(analysis.thumbnail?.image.width, 400)
    }

    func testIngestWithFirstLookStoresThePreviewAndThePhotosSize() throws {
        let folder = try TemporaryFolder.make("first-look-ingest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.jpg")
        try Data(Self.photo()).write(to: photo)
        let store = try JournalStore(library: Library(root: folder.appendingPathComponent("library")))
        var options = IngestOptions(jobs: 1)
        options.firstLook = true
        _ = try Ingester(store: store, options: options).ingest(paths: [photo.path]) { _ in }
        let entry = try XCTUnwrap(try store.entries().first)
        XCTAssertEqual(entry.pixelWidth, 1200)
        XCTAssertEqual(entry.pixelHeight, 800)
        let bytes = try XCTUnwrap(try ThumbnailFiles(library: store.library).read(XCTUnwrap(entry.thumbnailName)))
        XCTAssertEqual(try JPEGDecoder.frameSize(of: bytes), FrameSize(width: 160, height: 240))
    }
}

/// Real cameras' EXIF thumbnails (the shared corpus): every first look taken must be the
/// photo's own picture, upright and of its shape, like the full thumbnail.
final class FirstLookCorpusTests: XCTestCase {
    func testEveryFirstLookOfARealPhotoIsItsFullThumbnailsPicture() throws {
        let corpus = Repository.fixtures.appendingPathComponent("corpus")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: corpus.path)).compactMap { $0 as? String }
            .filter { $0.lowercased().hasSuffix(".jpg") }.sorted()
        var taken: [String] = []
        for name in files {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
            guard let first = try? PhotoAnalyzer(firstLook: true).analyze(bytes), first.isFirstLook else { continue }
            taken.append(name)
            let full = try PhotoAnalyzer().analyze(bytes)
            XCTAssertEqual(first.frame, full.frame, name)
            let preview = try XCTUnwrap(first.thumbnail?.image)
            let made = try XCTUnwrap(full.thumbnail?.image)
            let shape = Double(preview.width) / Double(preview.height)
            XCTAssertEqual(shape / (Double(made.width) / Double(made.height)), 1, accuracy: 0.03, name)
            let difference = Self.meanDifference(made.resized(toLongestSide: max(preview.width, preview.height)), preview)
            if name == Self.stale {
                XCTAssertGreaterThan(difference, 20, "\(name) shows its stale thumbnail")
            } else {
                XCTAssertLessThan(difference, 20, "\(name): \(preview.width)x\(preview.height)")
            }
        }
        // Letterboxed 16:9 and 16:10 ones among them; the rest have no thumbnail, or one too
        // small, or are not much larger than a thumbnail themselves.
        XCTAssertEqual(taken, Self.taken)
    }

    static let taken = [
        "jpg/exif-org/fujifilm-dx10.jpg", "jpg/hdr/canon_hdr_NO.jpg", "jpg/hdr/iphone_hdr_NO.jpg", "jpg/tests/28-hex_value.jpg",
        "jpg/tests/30-type_error.jpg", "jpg/tests/33-type_error.jpg", "jpg/tests/35-empty.jpg", "jpg/tests/42_IndexError.jpg",
        "jpg/tests/45-gps_ifd.jpg",
    ]
    /// Cropped after the camera wrote its thumbnail, to the same 4:3 shape: nothing short of
    /// decoding the photo tells, so its first look is the uncropped picture until the full
    /// thumbnail is made.
    static let stale = "jpg/tests/35-empty.jpg"

    /// The mean absolute difference per sample; the sizes may differ by a rounded pixel, so
    /// only the overlap is compared.
    static func meanDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
        let width = min(a.width, b.width)
        let height = min(a.height, b.height)
        var total = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
            }
        }
        return Double(total) / Double(max(1, width * height * 3))
    }
}
