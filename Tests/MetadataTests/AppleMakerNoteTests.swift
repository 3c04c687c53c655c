import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookMetadata

/// The content identifier of an Apple maker note: from photos exiftool wrote
/// (Tests/Fixtures/motion/live, read back by exiftool as Apple:MediaGroupUUID), and from
/// hand-made notes whose counts and offsets point outside them.
final class AppleMakerNoteTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("motion/live")

    func metadata(_ name: String) throws -> PhotoMetadata {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        return ExifReader.read(jpeg: bytes)
    }

    func testIdentifierFromAJPEGsMakerNote() throws {
        XCTAssertEqual(try metadata("IMG_0001.JPG").contentIdentifier, "6B0D5B2B-7F67-4A8F-9C59-1D1A3E2F4A10")
        XCTAssertNil(try metadata("IMG_0003.JPG").contentIdentifier, "an iPhone photo without a maker note")
    }

    func testNoteWithoutTheTagGivesNone() {
        let note = Self.note(entries: [(0x0001, 9, 1, Array([0, 0, 0, 4]))], data: [])
        XCTAssertNil(note.withUnsafeBytes { AppleMakerNote.contentIdentifier($0) })
    }

    /// A note with `entries` (tag, type, count, the 4 value bytes) followed by `data`.
    static func note(entries: [(UInt16, UInt16, UInt32, [UInt8])], data: [UInt8], order: String = "MM") -> [UInt8] {
        let big = order == "MM"
        func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: big ? value.bigEndian : value.littleEndian, Array.init)
        }
        var note = Array("Apple iOS\0".utf8) + [0, 1] + Array(order.utf8) + bytes(UInt16(entries.count))
        for (tag, type, count, value) in entries { note += bytes(tag) + bytes(type) + bytes(count) + value }
        return note + bytes(UInt32(0)) + data
    }

    func testHandMadeNotesInBothByteOrders() {
        let identifier = Array("abcd-1234\0".utf8)
        let dataOffset = 14 + 2 + 12 + 4
        for order in ["MM", "II"] {
            let offset: [UInt8] = order == "MM" ? [0, 0, 0, UInt8(dataOffset)] : [UInt8(dataOffset), 0, 0, 0]
            let note = Self.note(entries: [(0x0011, 2, UInt32(identifier.count), offset)], data: identifier, order: order)
            XCTAssertEqual(note.withUnsafeBytes { AppleMakerNote.contentIdentifier($0) }, "ABCD-1234", order)
        }
    }

    func testHostileNotesGiveNoIdentifier() {
        let identifier = Array("abcd-1234\0".utf8)
        let cases: [(String, [UInt8])] = [
            ("offset past the end", Self.note(entries: [(0x0011, 2, 10, [0, 0, 0xFF, 0xFF])], data: identifier)),
            ("offset that overflows", Self.note(entries: [(0x0011, 2, 10, [0xFF, 0xFF, 0xFF, 0xFF])], data: identifier)),
            ("count far larger than the note", Self.note(entries: [(0x0011, 2, 0x7FFF_FFFF, [0, 0, 0, 32])], data: identifier)),
            ("not text", Self.note(entries: [(0x0011, 9, 1, [0, 0, 0, 1])], data: [])),
            ("control characters", Self.note(entries: [(0x0011, 2, 4, [0x41, 0x0A, 0x42, 0])], data: [])),
            ("entry count past the end", Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8) + [0xFF, 0xFF] + [0, 0x11]),
            ("unknown byte order", Array("Apple iOS\0".utf8) + [0, 1] + Array("XX".utf8) + [0, 0]),
            ("cut inside the header", Array("Apple iOS\0".utf8) + [0, 1]),
            ("another maker's note", Array("Nikon\0\u{2}\0\0\0MM\0\0\0\0\0\0".utf8)),
        ]
        for (label, note) in cases {
            XCTAssertNil(note.withUnsafeBytes { AppleMakerNote.contentIdentifier($0) }, label)
        }
    }
}
