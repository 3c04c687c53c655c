import CJPEG
import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

final class DamagedInputTests: XCTestCase {
    static let photo = TestImages.photo(width: 1600, height: 1200)
    static let frame = FrameSize(width: 1600, height: 1200)

    func testTruncatedBaselineScanGivesNoThumbnail() throws {
        let jpeg = try TestImages.jpeg(Self.photo)
        XCTAssertGreaterThan(jpeg.count, 500_000, "test image should compress like a photo")
        for fraction in [0.1, 0.5] {
            let cut = Array(jpeg.prefix(Int(Double(jpeg.count) * fraction)))
            XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: cut, orientation: .up)) { error in
                XCTAssertEqual(error, .truncated(Self.frame, "Premature end of JPEG file"))
                XCTAssertEqual(error.frameSize, Self.frame)
                XCTAssertEqual(error.description, "truncated image data (Premature end of JPEG file)")
            }
        }
    }

    func testTruncatedProgressiveScanGivesNoThumbnail() throws {
        // A progressive file is read whole inside jpeg_start_decompress: a different path.
        guard
            let jpeg = try Tools.run(
                "cjpeg", ["-progressive", "-quality", "90"], input: TestImages.ppm(Self.photo))
        else {
            throw XCTSkip("cjpeg not installed")
        }
        XCTAssertNoThrow(try JPEGDecoder.decode([UInt8](jpeg), minimumLongestSide: 400))
        let cut = [UInt8](jpeg.prefix(jpeg.count / 2))
        XCTAssertThrowsImagingError(try JPEGDecoder.decode(cut, minimumLongestSide: 400)) { error in
            XCTAssertEqual(error, .truncated(Self.frame, "Premature end of JPEG file"))
        }
    }

    func testEndlessProgressiveScansAreCut() throws {
        // A few KB of repeated progressive scans can keep libjpeg busy for minutes.
        let small = TestImages.photo(width: 64, height: 48)
        guard let progressive = try Tools.run("cjpeg", ["-progressive"], input: TestImages.ppm(small))
        else {
            throw XCTSkip("cjpeg not installed")
        }
        let jpeg = [UInt8](progressive)
        let lastScan = try XCTUnwrap(
            (0..<(jpeg.count - 1)).last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let scan = Array(jpeg[lastScan..<(jpeg.count - 2)])
        func repeatingLastScan(_ times: Int) -> [UInt8] {
            Array(jpeg.dropLast(2)) + Array([[UInt8]](repeating: scan, count: times).joined())
                + [0xFF, 0xD9]
        }

        // A handful of bogus extra scans: libjpeg recovers, and says so.
        let decoded = try JPEGDecoder.decode(repeatingLastScan(20), minimumLongestSide: 64)
        XCTAssertEqual(decoded.image.width, 64)
        let warning = try XCTUnwrap(decoded.warnings.first)
        XCTAssertTrue(warning.hasSuffix("warnings in all)"), warning)

        XCTAssertThrowsImagingError(
            try JPEGDecoder.decode(repeatingLastScan(1100), minimumLongestSide: 64)
        ) { error in
            XCTAssertEqual(
                error,
                .corrupt(FrameSize(width: 64, height: 48), "too many progressive scans (more than 1000)"))
        }
    }

    func testTruncationReturnsNoPixelsFromTheCLayer() throws {
        let jpeg = try TestImages.jpeg(Self.photo)
        let cut = Array(jpeg.prefix(jpeg.count / 2))
        var result = dbk_decode_result()
        let status = cut.withUnsafeBufferPointer {
            dbk_decode_scaled($0.baseAddress, $0.count, 400, 100_000_000, &result)
        }
        XCTAssertEqual(status, DBK_ERR_TRUNCATED)
        XCTAssertNil(result.pixels)
        XCTAssertEqual(result.frame_width, 1600)
        XCTAssertGreaterThanOrEqual(result.warning_count, 1)
    }

    func testMissingOnlyTheEndMarkerStillCountsAsTruncated() throws {
        // libjpeg reports running out of data even when just EOI is missing; the decoder
        // can't tell that apart from a cut scan, so it errs on the side of no thumbnail.
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 320, height: 240))
        XCTAssertEqual(Array(jpeg.suffix(2)), [0xFF, 0xD9])
        XCTAssertThrowsImagingError(
            try JPEGDecoder.decode(Array(jpeg.dropLast(2)), minimumLongestSide: 400)
        ) { error in
            guard case .truncated = error else { return XCTFail("\(error)") }
        }
    }

    func testDecompressionBombIsRefusedBeforeDecoding() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 100, height: 75))
        let bomb = try TestImages.patchingFrameSize(jpeg, width: 60000, height: 60000)
        let start = Date()
        XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: bomb, orientation: .up)) { error in
            XCTAssertEqual(error, .tooLarge(.pixels(FrameSize(width: 60000, height: 60000), limit: 100_000_000)))
            XCTAssertEqual(
                error.description,
                "image too large: 60000×60000 (3600 MP) is above the 100 MP limit")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)

        // Refused before choosing a scale or starting the decompressor: nothing was sized by
        // the frame, let alone allocated.
        var result = dbk_decode_result()
        let status = bomb.withUnsafeBufferPointer {
            dbk_decode_scaled($0.baseAddress, $0.count, 400, 100_000_000, &result)
        }
        XCTAssertEqual(status, DBK_ERR_TOO_LARGE)
        XCTAssertNil(result.pixels)
        XCTAssertEqual(result.scale_num, 0)
        XCTAssertEqual(result.out_width, 0)
        XCTAssertEqual(result.frame_width, 60000)
        XCTAssertEqual(result.frame_height, 60000)
    }

    func testPixelLimitIsConfigurable() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 640, height: 480))
        let maker = ThumbnailMaker(maxPixels: 300_000)
        XCTAssertThrowsImagingError(try maker.make(from: jpeg, orientation: .up)) { error in
            XCTAssertEqual(error, .tooLarge(.pixels(FrameSize(width: 640, height: 480), limit: 300_000)))
            XCTAssertEqual(
                error.description, "image too large: 640×480 (0.3 MP) is above the 0.3 MP limit")
        }
        XCTAssertNoThrow(try ThumbnailMaker(maxPixels: 640 * 480).make(from: jpeg, orientation: .up))
    }

    func testNonJPEGInputsAreNamed() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
            + Array("IHDR".utf8)
        let html = Array("<!DOCTYPE html>\n<html><body>404 Not Found</body></html>\n".utf8)
        let cases: [([UInt8], String)] = [
            ([], "empty file"),
            (png, "not a JPEG (PNG signature)"),
            (html, "not a JPEG (looks like HTML/text)"),
        ]
        for (bytes, text) in cases {
            XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: bytes, orientation: .up)) { error in
                XCTAssertEqual(error, .notJPEG(text))
                XCTAssertEqual(error.description, text)
                XCTAssertNil(error.frameSize)
            }
            XCTAssertThrowsImagingError(try JPEGDecoder.frameSize(of: bytes)) { error in
                XCTAssertEqual(error, .notJPEG(text))
            }
        }
    }

    func testCLayerKeepsLibjpegsOwnMessages() {
        for (bytes, text) in [
            ([UInt8](), "Empty input file"),
            ([0x89, 0x50, 0x4E, 0x47], "Not a JPEG file: starts with 0x89 0x50"),
        ] {
            var result = dbk_decode_result()
            let status = bytes.withUnsafeBufferPointer {
                dbk_decode_scaled($0.baseAddress, $0.count, 400, 100_000_000, &result)
            }
            XCTAssertEqual(status, DBK_ERR_LIBJPEG)
            let message = withUnsafeBytes(of: result.message) {
                String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            XCTAssertEqual(message, text)
        }
    }

    func testHeadersWithoutAFrameAreCorruptNotCrashes() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 64, height: 48))
        // SOI, an APP1 segment like a camera's Exif block, then nothing.
        let exif: [UInt8] =
            [0xFF, 0xE1, 0x00, 0x10] + Array("Exif".utf8) + [0, 0]
            + [UInt8](repeating: 0x4D, count: 8)
        let dqt = try XCTUnwrap(TestImages.markerOffset(jpeg, 0xDB))
        let afterApp = Array(jpeg.prefix(dqt)) + exif
        XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: afterApp, orientation: .up)) { error in
            XCTAssertEqual(error, .corrupt(nil, "JPEG datastream contains no image"))
            XCTAssertEqual(error.description, "JPEG datastream contains no image")
        }
        XCTAssertThrowsImagingError(try JPEGDecoder.frameSize(of: afterApp)) { error in
            XCTAssertEqual(error, .corrupt(nil, "JPEG datastream contains no image"))
        }

        // Every cut inside the header segments ends in an error with a message, never a
        // crash or a thumbnail.
        let sos = try XCTUnwrap(TestImages.markerOffset(jpeg, 0xDA))
        for length in 3...(sos + 14) {
            let cut = Array(jpeg.prefix(length))
            XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: cut, orientation: .up)) { error in
                XCTAssertFalse(error.description.isEmpty)
                switch error {
                case .corrupt, .truncated: break
                default: XCTFail("cut at \(length): \(error)")
                }
            }
        }
    }

    func testBogusMarkerLengthIsCorrupt() throws {
        var jpeg = try TestImages.jpeg(TestImages.photo(width: 64, height: 48))
        let dqt = try XCTUnwrap(TestImages.markerOffset(jpeg, 0xDB))
        jpeg[dqt + 2] = 0
        jpeg[dqt + 3] = 1
        XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: jpeg, orientation: .up)) { error in
            XCTAssertEqual(error, .corrupt(nil, "Bogus marker length"))
            XCTAssertEqual(error.description, "corrupt JPEG: Bogus marker length")
        }
    }

    func testRecoverableCorruptionKeepsThePixelsAndReportsIt() throws {
        let image = TestImages.halves(width: 320, height: 240)
        var jpeg = try TestImages.jpeg(image)
        // Junk between the end of the scan and EOI, as some broken writers leave behind.
        jpeg.insert(contentsOf: [UInt8](repeating: 0x55, count: 64), at: jpeg.count - 2)
        let thumbnail = try ThumbnailMaker().make(from: jpeg, orientation: .up)
        XCTAssertEqual(thumbnail.image.width, 320)
        XCTAssertEqual(thumbnail.warnings.count, 1)
        let warning = try XCTUnwrap(thumbnail.warnings.first)
        XCTAssertTrue(warning.hasPrefix("Corrupt JPEG data: "), warning)
        XCTAssertTrue(warning.contains("extraneous bytes before marker 0xd9"), warning)
        XCTAssertGreaterThan(thumbnail.image.pixel(x: 10, y: 10).r, 240)
        XCTAssertGreaterThan(thumbnail.image.pixel(x: 310, y: 230).b, 240)
    }

    func testAdobeCMYKIsConvertedToRGB() throws {
        // Inverted (Photoshop) CMYK from another encoder (Pillow, see Tests/Fixtures/cmyk):
        // left half red (C=0 M=Y=100% K=0), right half blue.
        let jpeg = [UInt8](try Data(contentsOf: Repository.fixtures.appendingPathComponent("cmyk/adobe-cmyk-red-blue.jpg")))
        var header = dbk_decode_result()
        XCTAssertEqual(jpeg.withUnsafeBufferPointer { dbk_read_header($0.baseAddress, $0.count, &header) }, DBK_OK)
        XCTAssertEqual(header.components, 4, "the fixture is a four-channel JPEG")

        let decoded = try JPEGDecoder.decode(jpeg, minimumLongestSide: 64)
        XCTAssertEqual(decoded.image.width, 64)
        let red = decoded.image.pixel(x: 8, y: 16)
        let blue = decoded.image.pixel(x: 56, y: 16)
        XCTAssertGreaterThan(red.r, 240)
        XCTAssertLessThan(red.g, 15)
        XCTAssertLessThan(red.b, 15)
        XCTAssertLessThan(blue.r, 15)
        XCTAssertLessThan(blue.g, 15)
        XCTAssertGreaterThan(blue.b, 240)
    }

    func testEncoderRejectsEmptyImages() {
        XCTAssertThrowsImagingError(
            try JPEGEncoder.encode(RGBImage(width: 0, height: 0, pixels: []))
        ) { error in
            guard case .encodeFailed = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.hasPrefix("could not encode JPEG: "))
        }
    }

    func testEncodeDecodeRoundTrip() throws {
        let image = TestImages.halves(width: 123, height: 45)
        let jpeg = try JPEGEncoder.encode(image, quality: 95)
        XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF])
        XCTAssertEqual(Array(jpeg.suffix(2)), [0xFF, 0xD9])
        let decoded = try JPEGDecoder.decode(jpeg, minimumLongestSide: 1000)
        XCTAssertEqual(decoded.scaleNumerator, 8)
        XCTAssertEqual(decoded.image.width, 123)
        XCTAssertEqual(decoded.image.height, 45)
        XCTAssertGreaterThan(decoded.image.pixel(x: 5, y: 5).r, 240)
    }
}
