import DaybookMetadata
import Foundation
import XCTest

/// Rules for broken EXIF, on bytes built here: a minimal JPEG (SOI, APP1, EOI) around a
/// hand-made TIFF block, so each defect is exactly the one under test.
final class BrokenExifTests: XCTestCase {
    func testMissingHemisphereLetterMeansNoLocation() {
        var tiff = TIFFBuilder()
        tiff.gps = [
            (0x0002, .rationals([(0, 1), (22, 1), (16_680, 1000)])),
            (0x0003, .ascii("E")), (0x0004, .rationals([(36, 1), (3, 1), (23_100, 1000)])),
        ]
        let metadata = ExifReader.read(jpeg: tiff.jpeg())
        XCTAssertTrue(metadata.hasExif)
        XCTAssertNil(metadata.location)
        XCTAssertTrue(metadata.warnings.contains { $0.contains("N/S reference") }, "\(metadata.warnings)")
    }

    func testZeroDenominatorMeansNoValue() {
        var tiff = TIFFBuilder()
        tiff.gps = [
            (0x0001, .ascii("N")), (0x0002, .rationals([(48, 0), (51, 1), (30, 1)])),
            (0x0003, .ascii("E")), (0x0004, .rationals([(2, 1), (17, 1), (40, 1)])),
            (0x0005, .byte(0)), (0x0006, .rationals([(35, 0)])),
        ]
        XCTAssertNil(ExifReader.read(jpeg: tiff.jpeg()).location)

        tiff.gps[1] = (0x0002, .rationals([(48, 1), (51, 1), (30, 1)]))
        let located = ExifReader.read(jpeg: tiff.jpeg()).location
        XCTAssertEqual(try XCTUnwrap(located).latitude, 48 + 51.0 / 60 + 30.0 / 3600, accuracy: 1e-9)
        XCTAssertNil(located?.altitude, "a zero-denominator altitude is no altitude")
    }

    func testGarbageAndZeroDatesFallBackInOrder() {
        var tiff = TIFFBuilder()
        tiff.ifd0 = [(0x0132, .ascii("0000:00:00 00:00:00"))]
        tiff.exif = [(0x9003, .ascii("garbage: not a date!")), (0x9004, .ascii("2000:05:31 21:50:40"))]
        let metadata = ExifReader.read(jpeg: tiff.jpeg())
        XCTAssertEqual(metadata.capture?.local.exifString, "2000:05:31 21:50:40")
        XCTAssertEqual(metadata.capture?.source, .createDate)

        var allZero = TIFFBuilder()
        allZero.ifd0 = [(0x0132, .ascii("0000:00:00 00:00:00"))]
        allZero.exif = [(0x9003, .ascii("0000:00:00 00:00:00")), (0x9004, .ascii("    :  :     :  :  "))]
        XCTAssertNil(ExifReader.read(jpeg: allZero.jpeg()).capture)
    }

    func testInvalidOrientationIsOne() {
        var tiff = TIFFBuilder()
        tiff.ifd0 = [(0x0112, .short(9))]
        XCTAssertEqual(ExifReader.read(jpeg: tiff.jpeg()).orientation.rawValue, 1)
        tiff.ifd0 = [(0x0112, .short(5))]
        XCTAssertEqual(ExifReader.read(jpeg: tiff.jpeg()).orientation.rawValue, 5)
    }

    func testOffsetTagMatchesTheDateTagUsed() {
        var tiff = TIFFBuilder()
        tiff.exif = [(0x9004, .ascii("2018:05:01 12:00:00")), (0x9011, .ascii("+09:00")), (0x9012, .ascii("-04:00"))]
        let capture = ExifReader.read(jpeg: tiff.jpeg()).capture
        XCTAssertEqual(capture?.source, .createDate)
        XCTAssertEqual(capture?.offset?.formatted, "-04:00", "OffsetTimeDigitized belongs to CreateDate")
    }

    func testTruncatedAndNonExifInputDoNotCrash() {
        let whole = TIFFBuilder(ifd0: [(0x010F, .ascii("Maker"))], exif: [(0x9003, .ascii("2001:02:03 04:05:06"))]).jpeg()
        for cut in stride(from: 0, to: whole.count, by: 3) {
            _ = ExifReader.read(jpeg: Array(whole.prefix(cut)))
        }
        XCTAssertNil(ExifReader.read(jpeg: Array("<!DOCTYPE html>".utf8)).capture)
        XCTAssertFalse(ExifReader.read(jpeg: []).hasExif)
    }
}
