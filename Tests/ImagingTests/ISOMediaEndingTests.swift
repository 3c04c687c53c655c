import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// `ISOMediaEnding` on real HEIF files: whole ones are complete, and every prefix of them (a
/// copy still arriving) is not, whether the cut falls in a box header, in `meta` or in `mdat`.
final class ISOMediaEndingTests: XCTestCase {
    static let dandelions = Repository.root.appendingPathComponent("SampleImages/10-reykjavik-dandelions.heic")
    static let iPhoneGrid = Repository.fixtures.appendingPathComponent("heic/IMG_5195.HEIC")
    static let sampleHub = Repository.fixtures.appendingPathComponent("heic/samplefilehub.heif")

    func testWholeHEIFFilesAreComplete() throws {
        let pillow = Repository.fixtures.appendingPathComponent("heic-pillow")
        let names = try FileManager.default.contentsOfDirectory(atPath: pillow.path).filter { $0.hasSuffix(".heic") }
        XCTAssertGreaterThanOrEqual(names.count, 5)
        for url in [Self.dandelions, Self.iPhoneGrid, Self.sampleHub] + names.map(pillow.appendingPathComponent) {
            let bytes = try ISOBytes.file(url)
            XCTAssertEqual(ISOBytes.verdict(bytes), .complete, url.lastPathComponent)
            XCTAssertFalse(ISOMediaEnding.endsEarly(bytes), url.lastPathComponent)
        }
    }

    func testEveryCutOfARealHEICEndsEarly() throws {
        for url in [Self.dandelions, Self.sampleHub] {
            let bytes = try ISOBytes.file(url)
            let mdat = try XCTUnwrap(ISOBytes.topLevel(bytes).last)
            XCTAssertEqual(mdat.type, "mdat")
            bytes.withUnsafeBufferPointer { whole in
                for cut in 0..<whole.count {
                    let prefix = UnsafeBufferPointer(rebasing: whole[0..<cut])
                    let verdict = ISOMediaEnding.verdict(prefix)
                    XCTAssertTrue(ISOMediaEnding.endsEarly(prefix), "\(url.lastPathComponent) cut at \(cut) of \(whole.count): \(verdict)")
                    if cut >= mdat.contentStart {
                        XCTAssertEqual(verdict, .boxCutShort(.init(type: "mdat", declaredEnd: whole.count)), "cut at \(cut)")
                    }
                }
            }
        }
        // Between two whole boxes: after ftyp the index is missing, after meta the items' data.
        let bytes = try ISOBytes.file(Self.dandelions)
        XCTAssertEqual(ISOBytes.verdict(Array(bytes.prefix(28))), .indexMissing)
        XCTAssertEqual(ISOBytes.verdict(Array(bytes.prefix(414))), .itemCutShort(.init(itemID: 2, end: 132_904)))
    }

    /// The iPhone's grid photo (45 items, 833 KB): its headers byte by byte, then every 7th byte.
    func testCutsOfAnIPhoneGridPhotoEndEarly() throws {
        let bytes = try ISOBytes.file(Self.iPhoneGrid)
        let cuts = Array(0..<4_000) + Array(stride(from: 4_000, to: bytes.count, by: 7)) + [bytes.count - 1]
        bytes.withUnsafeBufferPointer { whole in
            for cut in cuts {
                XCTAssertTrue(ISOMediaEnding.endsEarly(UnsafeBufferPointer(rebasing: whole[0..<cut])), "cut at \(cut)")
            }
        }
    }

    /// A writer streaming `mdat` with size 0 leaves every box whole: `iloc` says the data is missing.
    func testAStreamedMdatOfSizeZeroIsJudgedByTheItemLocations() throws {
        var bytes = try ISOBytes.file(Self.dandelions)
        let mdat = try XCTUnwrap(ISOBytes.topLevel(bytes).last)
        bytes.replaceSubrange(mdat.start..<mdat.start + 4, with: [0, 0, 0, 0])
        XCTAssertEqual(ISOBytes.verdict(bytes), .complete)
        let ilocEnds = bytes.withUnsafeBufferPointer { ISOItemLocations.furthestReach($0) }
        XCTAssertEqual(ilocEnds, .init(itemID: 2, end: UInt64(bytes.count)), "the Exif item is last, up to the last byte")
        for cut in stride(from: mdat.contentStart, to: bytes.count, by: 61) + [bytes.count - 1] {
            XCTAssertEqual(
                ISOBytes.verdict(Array(bytes.prefix(cut))), .itemCutShort(.init(itemID: 2, end: UInt64(bytes.count))),
                "cut at \(cut)")
        }
    }

    /// An `iloc` extent moved past the end of an otherwise whole file.
    func testAnItemExtentPastTheEndOfTheFileEndsEarly() throws {
        var bytes = try ISOBytes.file(Self.dandelions)
        // iloc (at 87) is version 0 with 4-byte base offsets, offsets and lengths; the primary
        // item 1 comes first: item ID, data reference, then its base offset at 87 + 20.
        let iloc = 87
        XCTAssertEqual(Array(bytes[iloc + 4..<iloc + 8]), Array("iloc".utf8))
        let baseOffset = iloc + 20
        XCTAssertEqual(ISOBytes.bigEndian(bytes[baseOffset..<baseOffset + 4]), 422, "item 1's data starts in mdat")
        bytes.replaceSubrange(baseOffset..<baseOffset + 4, with: ISOBytes.be32(UInt32(bytes.count)))
        guard case .itemCutShort(let reach) = ISOBytes.verdict(bytes) else { return XCTFail("\(ISOBytes.verdict(bytes))") }
        XCTAssertEqual(reach.itemID, 1)
        XCTAssertGreaterThan(reach.end, UInt64(bytes.count))
    }

    /// `HEIFFile` says "truncated" for a cut file, naming the box it ends in and where that box
    /// says it ends.
    func testOverrunStillNamesTheBoxACutFileEndsIn() throws {
        let bytes = try ISOBytes.file(Self.dandelions)
        XCTAssertNil(ISOBoxes.overrun(bytes))
        XCTAssertEqual(ISOBoxes.overrun(Array(bytes.prefix(1_000))), .init(type: "mdat", declaredEnd: bytes.count))
        XCTAssertEqual(ISOBoxes.overrun(Array(bytes.prefix(100))), .init(type: "meta", declaredEnd: 414))
        XCTAssertThrowsError(try HEIFFile(Array(bytes.prefix(bytes.count / 2)))) { error in
            XCTAssertTrue("\(error)".hasPrefix("truncated HEIF file: it ends at byte 66452, inside its 'mdat' box"), "\(error)")
        }
    }
}

/// Real files read, and boxes made, for the ISO media tests.
enum ISOBytes {
    static func file(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    static func verdict(_ bytes: [UInt8]) -> ISOMediaEnding.Verdict {
        bytes.withUnsafeBufferPointer { ISOMediaEnding.verdict($0) }
    }

    /// The whole top-level boxes, in order.
    static func topLevel(_ bytes: [UInt8]) -> [ISOBox] {
        bytes.withUnsafeBufferPointer { buffer in
            var walker = ISOBoxWalker(buffer, in: 0..<buffer.count)
            var boxes: [ISOBox] = []
            while case .box(let box)? = walker.next() { boxes.append(box) }
            return boxes
        }
    }

    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
    static func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }

    /// A box with a 32-bit size, or `size` in the header as given.
    static func box(_ type: String, _ content: [UInt8], size: UInt32? = nil) -> [UInt8] {
        be32(size ?? UInt32(8 + content.count)) + Array(type.utf8) + content
    }

    /// A box with size 1 and the 64-bit `largeSize` after its type.
    static func largeBox(_ type: String, _ content: [UInt8], largeSize: UInt64? = nil) -> [UInt8] {
        be32(1) + Array(type.utf8) + be64(largeSize ?? UInt64(16 + content.count)) + content
    }

    static let fileType = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))

    /// A `meta` box (a full box: version and flags first) holding `children`.
    static func meta(_ children: [UInt8]) -> [UInt8] { box("meta", [0, 0, 0, 0] + children) }
}
