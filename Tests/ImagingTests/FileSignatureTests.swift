import DaybookImaging
import XCTest

final class FileSignatureTests: XCTestCase {
    func testDescribesCommonImpostors() {
        let cases: [([UInt8], String?)] = [
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], nil),
            ([0xFF, 0xD8, 0xFF, 0xE1], nil),
            ([], "empty file"),
            ([0xFF, 0xD8], "not a JPEG (only 2 bytes)"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a JPEG (PNG signature)"),
            (Array("GIF89a".utf8) + [1, 0], "not a JPEG (GIF signature)"),
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], "not a JPEG (HEIF/HEIC)"),
            ([0, 0, 0, 0x1C] + Array("ftypmif1".utf8), "not a JPEG (HEIF/HEIC)"),
            (Array("<html><head>".utf8), "not a JPEG (looks like HTML/text)"),
            (Array("\n  <!DOCTYPE html>".utf8), "not a JPEG (looks like HTML/text)"),
            (Array("{\"error\": 404}".utf8), "not a JPEG (looks like HTML/text)"),
            ([0xEF, 0xBB, 0xBF] + Array("<html>".utf8), "not a JPEG (looks like HTML/text)"),
            (Array("II".utf8) + [0x2A, 0, 8, 0, 0, 0], "not a JPEG (TIFF or camera raw signature)"),
            (Array("%PDF-1.7".utf8), "not a JPEG (PDF document)"),
            (Array("<?xml".utf8) + [0, 0], "not a JPEG (looks like HTML/text)"),
            ([0x00, 0x01, 0x02, 0x03], "not a JPEG (starts with 0x00 0x01)"),
            ([0xFF, 0xD9, 0x00], "not a JPEG (starts with 0xff 0xd9)"),
        ]
        for (bytes, expected) in cases {
            XCTAssertEqual(FileSignature.describeNonJPEG(bytes), expected, "\(bytes)")
        }
    }

    func testLooksOnlyAtThePrefix() {
        // Whatever follows the first bytes (here: binary) doesn't change the verdict.
        let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB] + [UInt8](repeating: 0, count: 4096)
        XCTAssertNil(FileSignature.describeNonJPEG(jpegStart))
        let html = Array("<!DOCTYPE html>\n".utf8) + [UInt8](repeating: 0, count: 4096)
        XCTAssertEqual(FileSignature.describeNonJPEG(html), "not a JPEG (looks like HTML/text)")
    }
}
