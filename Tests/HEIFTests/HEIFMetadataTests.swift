import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

/// HEIF metadata comes from the Exif item through the same EXIF reader, and so by the same
/// rules, as a JPEG's.
final class HEIFMetadataTests: XCTestCase {
    static let samples = Repository.fixtures.appendingPathComponent("heic")
    static let pillow = Repository.fixtures.appendingPathComponent("heic-pillow")

    static func bytes(_ url: URL) throws -> [UInt8] { try [UInt8](Data(contentsOf: url)) }

    /// What exiftool reads from these files (their truth.json), read by Daybook.
    func testPhoneSamplesGiveDateOffsetPlaceAndCamera() throws {
        let cases: [(URL, String, String?, Double, Double, String, String, FrameSize)] = [
            (
                Self.samples.appendingPathComponent("IMG_5195.HEIC"), "2021:04:11 15:47:53", "-05:00", 39.0513444, -94.2887722,
                "Apple", "iPhone 11 Pro Max", FrameSize(width: 2566, height: 3313)
            ),
            (
                Self.pillow.appendingPathComponent("pug.heic"), "2023:02:21 14:33:08", "+03:00", 44.8504778, 34.9766472,
                "Apple", "iPhone 13 Pro", FrameSize(width: 4032, height: 3024)
            ),
            // No offset tag: the offset comes from the GPS clock (16:43:45 UTC), as for JPEG.
            (
                Self.pillow.appendingPathComponent("xiaomi.heic"), "2023:04:27 19:44:18", "+03:00", 47.2272889, 39.6999922,
                "Xiaomi", "M2012K11AG", FrameSize(width: 2592, height: 1944)
            ),
        ]
        for (url, date, offset, latitude, longitude, make, model, size) in cases {
            let name = url.lastPathComponent
            let analysis = try PhotoAnalyzer().analyze(Self.bytes(url))
            let metadata = analysis.metadata
            XCTAssertEqual(metadata.capture?.local.exifString, date, name)
            XCTAssertEqual(metadata.capture?.source, .dateTimeOriginal, name)
            XCTAssertEqual(metadata.capture?.offset?.formatted, offset, name)
            XCTAssertEqual(metadata.location?.latitude ?? 0, latitude, accuracy: 1e-6, name)
            XCTAssertEqual(metadata.location?.longitude ?? 0, longitude, accuracy: 1e-6, name)
            XCTAssertEqual(metadata.make, make, name)
            XCTAssertEqual(metadata.model, model, name)
            XCTAssertEqual(analysis.frame, size, name)
            XCTAssertNotNil(analysis.thumbnail, name)
            XCTAssertEqual(analysis.warnings, [], name)
        }
        let xiaomi = try PhotoAnalyzer().analyze(Self.bytes(Self.pillow.appendingPathComponent("xiaomi.heic")))
        XCTAssertEqual(xiaomi.metadata.capture?.offset?.source, .gpsTimestamp)
    }

    /// The TIFF structure of a real iPhone Exif item, laid out in each way writers store it,
    /// gives what the same TIFF gives in a JPEG's APP1 segment.
    func testEveryExifItemLayoutReadsAsTheSameTIFFInAJPEG() throws {
        let iphone = try XCTUnwrap(HEIFFile(Self.bytes(Self.samples.appendingPathComponent("IMG_5195.HEIC"))).exif)
        let tiffStart = try XCTUnwrap((0..<iphone.count - 4).first { Array(iphone[$0..<$0 + 4]) == [0x4D, 0x4D, 0x00, 0x2A] })
        let tiff = Array(iphone[tiffStart...])
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1 + [0xFF, 0xD9]
        let fromJPEG = ExifReader.read(jpeg: jpeg)
        XCTAssertEqual(fromJPEG.capture?.local.exifString, "2021:04:11 15:47:53")

        let layouts: [(String, [UInt8])] = [
            ("TIFF right after the offset field", [0, 0, 0, 0] + tiff),
            ("Apple: offset 6, Exif\\0\\0, TIFF", [0, 0, 0, 6] + app1),
            ("Exif\\0\\0 with offset 0", [0, 0, 0, 0] + app1),
            ("offset field pointing past the item", [0xFF, 0xFF, 0xFF, 0xF0] + tiff),
        ]
        let pixels = RGBImage(width: 64, height: 48, fill: (90, 120, 200))
        for (layout, item) in layouts {
            XCTAssertEqual(ExifReader.read(heifExifItem: item), fromJPEG, layout)
            let heif = try HEIFWriter(exifItem: item).encode(pixels)
            XCTAssertEqual(try HEIFFile(heif).exif, item, layout)
            var expected = fromJPEG
            expected.orientation = .up
            XCTAssertEqual(try PhotoAnalyzer().analyze(heif).metadata, expected, layout)
        }
    }

    func testAnExifItemWithoutATIFFHeaderIsAWarning() {
        let metadata = ExifReader.read(heifExifItem: [0, 0, 0, 0] + Array("not tiff at all".utf8))
        XCTAssertNil(metadata.capture)
        XCTAssertFalse(metadata.hasExif)
        XCTAssertEqual(metadata.warnings, ["Exif item without a TIFF header; its metadata ignored"])
        XCTAssertEqual(ExifReader.read(heifExifItem: [0, 0]).warnings.count, 1)
    }

    /// The XMP packet (a `mime` item of type application/rdf+xml) is handed over as bytes.
    func testXMPPacketBytes() throws {
        let iphone = try HEIFFile(Self.bytes(Self.samples.appendingPathComponent("IMG_5195.HEIC")))
        let xmp = try XCTUnwrap(iphone.xmp)
        let text = String(decoding: xmp, as: UTF8.self)
        XCTAssertTrue(text.contains("x:xmpmeta"), text)
        XCTAssertTrue(text.contains("2021-04-11T15:47:53"), text)
        let sony = try HEIFFile(Self.bytes(Self.pillow.appendingPathComponent("L_exif_xmp_iptc.heic")))
        XCTAssertTrue(String(decoding: try XCTUnwrap(sony.xmp), as: UTF8.self).contains("rdf:RDF"))
        XCTAssertNotNil(sony.exif)
        let plain = try HEIFFile(HEIFWriter().encode(RGBImage(width: 64, height: 48, fill: (1, 2, 3))))
        XCTAssertNil(plain.xmp)
        XCTAssertNil(plain.exif)
    }
}
