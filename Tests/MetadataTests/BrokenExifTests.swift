import DaybookMetadata
import Foundation
import XCTest

/// Rules for broken EXIF, on bytes built here: a minimal JPEG (SOI, APP1, EOI) around a
/// hand-made TIFF block, so each defect is exactly the one under test.
final class BrokenExifTests: XCTestCase {
    /// Little-endian TIFF with IFD0 → Exif IFD and GPS IFD. Values are written after the IFDs.
    struct TIFFBuilder {
        enum Value { case ascii(String), short(UInt16), byte(UInt8), rationals([(UInt32, UInt32)]), long(UInt32) }
        var ifd0: [(UInt16, Value)] = []
        var exif: [(UInt16, Value)] = []
        var gps: [(UInt16, Value)] = []

        func jpeg() -> [UInt8] {
            var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
            var ifd0 = self.ifd0
            if ifd0.isEmpty && exif.isEmpty && gps.isEmpty { ifd0 = [(0x0112, .short(1))] }
            // Pointers are patched in after layout: reserve the entries now.
            if !exif.isEmpty { ifd0.append((0x8769, .long(0))) }
            if !gps.isEmpty { ifd0.append((0x8825, .long(0))) }
            // IFDs laid out back to back: IFD0, then the Exif and GPS IFDs that have entries.
            let ifds = [ifd0, exif, gps]
            let sizes = ifds.map { $0.isEmpty ? 0 : 2 + 12 * $0.count + 4 }
            let ifdOffsets = [8, 8 + sizes[0], 8 + sizes[0] + sizes[1]]
            var dataOffset = 8 + sizes.reduce(0, +)
            var extra: [UInt8] = []
            func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
            func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xff) } }
            for (index, entries) in ifds.enumerated() where !entries.isEmpty {
                precondition(tiff.count == ifdOffsets[index])
                tiff += le16(UInt16(entries.count))
                for (tag, value) in entries {
                    var payload: [UInt8], type: UInt16, count: UInt32
                    switch value {
                    case .ascii(let s): payload = Array(s.utf8) + [0]; type = 2; count = UInt32(payload.count)
                    case .short(let v): payload = le16(v); type = 3; count = 1
                    case .byte(let v): payload = [v]; type = 1; count = 1
                    case .long(var v):
                        if tag == 0x8769 { v = UInt32(ifdOffsets[1]) }
                        if tag == 0x8825 { v = UInt32(ifdOffsets[2]) }
                        payload = le32(v); type = 4; count = 1
                    case .rationals(let list): payload = list.flatMap { le32($0.0) + le32($0.1) }; type = 5; count = UInt32(list.count)
                    }
                    tiff += le16(tag) + le16(type) + le32(count)
                    if payload.count <= 4 {
                        tiff += payload + [UInt8](repeating: 0, count: 4 - payload.count)
                    } else {
                        tiff += le32(UInt32(dataOffset))
                        extra += payload
                        dataOffset += payload.count
                    }
                }
                tiff += le32(0)
            }
            tiff += extra
            let app1 = Array("Exif".utf8) + [0, 0] + tiff
            let length = app1.count + 2
            return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xff)] + app1 + [0xFF, 0xD9]
        }
    }

    func testMissingHemisphereLetterMeansNoLocation() {
        var tiff = TIFFBuilder()
        tiff.gps = [(0x0002, .rationals([(0, 1), (22, 1), (16_680, 1000)])),
                    (0x0003, .ascii("E")), (0x0004, .rationals([(36, 1), (3, 1), (23_100, 1000)]))]
        let metadata = ExifReader.read(jpeg: tiff.jpeg())
        XCTAssertTrue(metadata.hasExif)
        XCTAssertNil(metadata.location)
        XCTAssertTrue(metadata.warnings.contains { $0.contains("N/S reference") }, "\(metadata.warnings)")
    }

    func testZeroDenominatorMeansNoValue() {
        var tiff = TIFFBuilder()
        tiff.gps = [(0x0001, .ascii("N")), (0x0002, .rationals([(48, 0), (51, 1), (30, 1)])),
                    (0x0003, .ascii("E")), (0x0004, .rationals([(2, 1), (17, 1), (40, 1)])),
                    (0x0005, .byte(0)), (0x0006, .rationals([(35, 0)]))]
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
        XCTAssertEqual(ExifReader.read(jpeg: tiff.jpeg()).orientation, 1)
        tiff.ifd0 = [(0x0112, .short(5))]
        XCTAssertEqual(ExifReader.read(jpeg: tiff.jpeg()).orientation, 5)
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
