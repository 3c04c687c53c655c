import DaybookCore
import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest
@testable import DaybookStore

/// A DNG keeps XMP in its own IFD0 (tag 700), as other tools write it there: a position only
/// that XMP holds reaches the entry, as a JPEG's embedded XMP does. The file is made in the
/// test with exiftool from the committed DNG; a hostile IFD leads no read outside the bytes.
final class RAWEmbeddedXMPTests: XCTestCase {
    static let raw = Repository.fixtures.appendingPathComponent("raw/canon-350d-preview.dng")

    func testAPositionOnlyInTheDNGsOwnXMPReachesTheEntry() throws {
        try Exiftool.skipUnlessInstalled()
        let folder = try Fixtures.temporaryFolder("daybook-dng-xmp")
        let dng = folder.appendingPathComponent("IMG_0001.DNG")
        try FileManager.default.copyItem(at: Self.raw, to: dng)
        try Exiftool.run([
            "-q", "-overwrite_original", "-GPS:all=", "-XMP-exif:GPSLatitude=64 8 47.76 N", "-XMP-exif:GPSLongitude=21 56 33.36 W",
            dng.path,
        ])
        let read = try Exiftool.read(dng)
        XCTAssertNil(read["GPS:GPSLatitude"], "no EXIF position left: \(read.keys.filter { $0.hasPrefix("GPS") })")
        XCTAssertNotNil(TIFFXMPPacket.find(in: [UInt8](try Data(contentsOf: dng))))

        let journal = try TestJournal()
        XCTAssertEqual(try journal.ingest([folder]).created.count, 1)
        let entry = try XCTUnwrap(try journal.store.entries().first)
        XCTAssertEqual(entry.location?.latitude ?? 0, 64.1466, accuracy: 0.0001)
        XCTAssertEqual(entry.location?.longitude ?? 0, -21.9426, accuracy: 0.0001)
        XCTAssertEqual(entry.locationSource, .xmp)
    }

    func testAHostileIFDReadsNothingOutsideTheBytes() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.raw))
        let packet = try XCTUnwrap(TIFFXMPPacket.find(in: bytes))
        XCTAssertTrue(String(decoding: packet, as: UTF8.self).contains("<x:xmpmeta"))
        // Every cut of the header and IFD0, and an IFD0 offset or entry count past the end.
        for length in stride(from: 0, to: 600, by: 7) { _ = TIFFXMPPacket.find(in: Array(bytes.prefix(length))) }
        let little = bytes[0] == 0x49
        func number(_ at: Int, _ size: Int) -> Int {
            let part = bytes[at..<at + size].map(Int.init)
            return (little ? part.reversed() : part).reduce(0) { $0 << 8 | $1 }
        }
        let farOffset: [UInt8] = little ? [0xFF, 0xFF, 0xFF, 0x7F] : [0x7F, 0xFF, 0xFF, 0xFF]
        var farIFD = bytes
        farIFD.replaceSubrange(4..<8, with: farOffset)
        XCTAssertNil(TIFFXMPPacket.find(in: farIFD))
        var hugeValue = bytes
        let ifd = number(4, 4)
        var found = false
        for index in 0..<number(ifd, 2) where number(ifd + 2 + index * 12, 2) == 0x02BC {
            hugeValue.replaceSubrange(ifd + 6 + index * 12..<ifd + 10 + index * 12, with: farOffset)
            found = true
        }
        XCTAssertTrue(found, "the fixture's IFD0 has tag 700")
        XCTAssertNil(TIFFXMPPacket.find(in: hugeValue), "a length past the end of the file")
        XCTAssertNil(TIFFXMPPacket.find(in: Array("not a tiff at all".utf8)))
    }
}
