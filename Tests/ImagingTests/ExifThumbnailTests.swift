import DaybookImaging
import DaybookTestSupport
import XCTest

/// The EXIF thumbnail is found by offsets the file gives: each is checked against the bytes of
/// its own segment, so a hostile file gives no thumbnail rather than a read out of bounds.
final class ExifThumbnailTests: XCTestCase {
    static let main = try! TestImages.jpeg(TestImages.halves(width: 64, height: 48))
    static let thumbnail = try! TestImages.jpeg(TestImages.halves(width: 32, height: 24))

    func testFindsTheThumbnailInEitherByteOrder() {
        for bigEndian in [false, true] {
            let bytes = ExifThumbnailBytes(orientation: 6, bigEndian: bigEndian).inserted(thumbnail: Self.thumbnail, into: Self.main)
            XCTAssertEqual(ExifThumbnail.jpeg(in: bytes).map(Array.init), Self.thumbnail, "big-endian: \(bigEndian)")
        }
    }

    func testNoThumbnailWithoutExifOrInAnotherFormat() {
        XCTAssertNil(ExifThumbnail.jpeg(in: Self.main))
        XCTAssertNil(ExifThumbnail.jpeg(in: []))
        XCTAssertNil(ExifThumbnail.jpeg(in: Array("GIF89a".utf8)))
    }

    func testOffsetsOutsideTheSegmentGiveNoThumbnail() {
        var writer = ExifThumbnailBytes()
        writer.lengthShift = 1
        XCTAssertNil(ExifThumbnail.jpeg(in: writer.inserted(thumbnail: Self.thumbnail, into: Self.main)), "one byte past the segment")
        writer.lengthShift = 0
        writer.offsetShift = 1 << 20
        XCTAssertNil(ExifThumbnail.jpeg(in: writer.inserted(thumbnail: Self.thumbnail, into: Self.main)), "offset far outside")
        writer.offsetShift = -(1 << 20)
        XCTAssertNil(ExifThumbnail.jpeg(in: writer.inserted(thumbnail: Self.thumbnail, into: Self.main)), "negative offset")
        writer.offsetShift = 0
        writer.lengthShift = Int(UInt32.max) - Self.thumbnail.count
        XCTAssertNil(ExifThumbnail.jpeg(in: writer.inserted(thumbnail: Self.thumbnail, into: Self.main)), "length near 4 GB")
    }

    func testAnIFD1PointerOutsideOrBackToIFD0GivesNoThumbnail() {
        var writer = ExifThumbnailBytes()
        for pointer in [8, 0xFFFF_FFF0, 40_000] {
            writer.ifd1Offset = pointer
            XCTAssertNil(ExifThumbnail.jpeg(in: writer.inserted(thumbnail: Self.thumbnail, into: Self.main)), "IFD1 at \(pointer)")
        }
    }

    func testPointingAtSomethingElseThanAJPEGGivesNoThumbnail() {
        var writer = ExifThumbnailBytes()
        writer.offsetShift = 2
        writer.lengthShift = -2
        XCTAssertNil(ExifThumbnail.jpeg(in: writer.inserted(thumbnail: Self.thumbnail, into: Self.main)))
    }

    /// Every prefix of the file: a cut inside the EXIF segment leaves no segment at all, and
    /// nothing is read past the end.
    func testEveryPrefixIsReadSafely() {
        let bytes = ExifThumbnailBytes().inserted(thumbnail: Self.thumbnail, into: Self.main)
        let segmentEnd = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        for length in 0..<min(bytes.count, segmentEnd + 8) {
            let found = ExifThumbnail.jpeg(in: Array(bytes.prefix(length)))
            XCTAssertEqual(found != nil, length >= segmentEnd, "prefix of \(length) bytes")
        }
    }
}
