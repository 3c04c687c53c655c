import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// Hostile box sizes and `iloc` fields: each declared size must fit within the file, a size
/// past the end (however it is written, however large) means the file is still arriving, and
/// nothing the file says makes the walk read outside its bytes or run long.
final class ISOBoxWalkerTests: XCTestCase {
    typealias B = ISOBytes
    static let dandelions = Repository.root.appendingPathComponent("SampleImages/10-reykjavik-dandelions.heic")
    let payload = [UInt8](repeating: 0x5A, count: 40)

    func testTheRealBoxesOfAHEIC() throws {
        let bytes = try B.file(Self.dandelions)
        XCTAssertEqual(
            B.topLevel(bytes),
            [
                ISOBox(type: "ftyp", start: 0, contentStart: 8, end: 28),
                ISOBox(type: "meta", start: 28, contentStart: 36, end: 414),
                ISOBox(type: "mdat", start: 414, contentStart: 422, end: 132_904),
            ])
    }

    /// ftyp and an empty meta box: the boxes every HEIF file starts with.
    let head = B.fileType + B.meta([])

    func testSizeZeroRunsToTheEndOfTheFile() {
        let whole = head + B.box("mdat", payload, size: 0)
        XCTAssertEqual(B.verdict(whole), .complete)
        XCTAssertEqual(B.topLevel(whole).last, ISOBox(type: "mdat", start: head.count, contentStart: head.count + 8, end: whole.count))
        // Only a header with size 0 and nothing after it: still whole.
        XCTAssertEqual(B.verdict(head + B.box("mdat", [], size: 0)), .complete)
    }

    /// Boxes that end with the file but hold no index yet: ftyp alone, or a movie's mdat
    /// before the moov that cameras write last.
    func testAFileWithoutItsIndexBoxIsStillArriving() {
        XCTAssertEqual(B.verdict(B.fileType), .indexMissing)
        XCTAssertEqual(B.verdict(B.fileType + B.box("free", []) + B.box("mdat", payload)), .indexMissing)
        XCTAssertTrue(ISOMediaEnding.endsEarly(B.fileType + B.box("mdat", payload)))
        XCTAssertEqual(B.verdict(B.fileType + B.box("mdat", payload) + B.box("moov", payload)), .complete)
    }

    func testSizeOneTakesTheSixtyFourBitSizeAfterTheType() {
        let whole = head + B.largeBox("mdat", payload)
        XCTAssertEqual(B.verdict(whole), .complete)
        XCTAssertEqual(B.topLevel(whole).last?.contentStart, head.count + 16)
        // Cut anywhere in the large box's 16-byte header or its content (the empty meta box
        // places no items, so the file is whole without it: an image-less HEIF).
        for cut in head.count + 1..<whole.count {
            XCTAssertTrue(ISOMediaEnding.endsEarly(Array(whole.prefix(cut))), "cut at \(cut)")
        }
        let past = head + B.largeBox("mdat", payload, largeSize: UInt64(16 + payload.count + 1))
        XCTAssertEqual(B.verdict(past), .boxCutShort(.init(type: "mdat", declaredEnd: past.count + 1)))
        // Sizes beyond any file, and ones whose end overflows: cut short, at the end of numbers.
        for huge in [UInt64(Int.max), UInt64(Int.max) + 1, UInt64.max - 1, UInt64.max] {
            let bytes = head + B.largeBox("mdat", payload, largeSize: huge)
            XCTAssertEqual(B.verdict(bytes), .boxCutShort(.init(type: "mdat", declaredEnd: Int.max)), "\(huge)")
        }
        // A 64-bit size smaller than its own 16-byte header: damage, not a file still arriving.
        for small in [UInt64(0), 1, 8, 15] {
            XCTAssertEqual(B.verdict(head + B.largeBox("mdat", payload, largeSize: small)), .damaged, "\(small)")
        }
    }

    func testThirtyTwoBitSizesPastTheEndOrBelowTheHeader() {
        for size in [UInt32(8 + 40 + 1), 0x7FFF_FFFF, 0xFFFF_FFFF] {
            let bytes = head + B.box("mdat", payload, size: size)
            XCTAssertEqual(
                B.verdict(bytes), .boxCutShort(.init(type: "mdat", declaredEnd: head.count + Int(size))), "\(size)")
        }
        for size in UInt32(2)...7 {
            XCTAssertEqual(B.verdict(head + B.box("mdat", payload, size: size)), .damaged, "\(size)")
        }
        // A box header cut short after the last whole box.
        XCTAssertEqual(B.verdict(head + [0, 0, 0]), .boxCutShort(.init(type: "(box header)", declaredEnd: head.count + 8)))
        // A type no writer gives: the walk has left the structure of a damaged file.
        XCTAssertEqual(B.verdict(head + [0x00, 0x74, 0x60, 0x00, 0xFF, 0x01, 0x80, 0x00]), .damaged)
    }

    func testWhatIsNotISOMediaIsNotForThisCheck() throws {
        let jpeg = [UInt8](try Data(contentsOf: Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg")))
        for bytes in [jpeg, Array(jpeg.prefix(100)), Array("<html>404</html>".utf8), B.box("uuid", payload), [0xFF, 0xD8]] {
            XCTAssertEqual(B.verdict(bytes), .notISOMedia)
            XCTAssertFalse(ISOMediaEnding.endsEarly(bytes))
        }
        // A lone `mdat` is how a QuickTime movie without `ftyp` begins (older cameras write the
        // media data first): its index has not arrived yet.
        XCTAssertEqual(B.verdict(B.box("mdat", payload)), .indexMissing)
        // The first bytes of an ftyp header may be a first round; an empty file too.
        for prefix in [[], [0], [0, 0, 0, 24], [0, 0, 0, 24] + Array("fty".utf8)] as [[UInt8]] {
            XCTAssertTrue(ISOMediaEnding.endsEarly(prefix), "\(prefix)")
        }
    }

    // MARK: iloc

    /// An `iloc` box of `version` with field widths (offset, length, base offset, index) and
    /// the items' raw bytes as given.
    func iloc(version: UInt8, widths: (Int, Int, Int, Int), count: UInt32, items: [UInt8]) -> [UInt8] {
        let sizes = [UInt8(widths.0 << 4 | widths.1), UInt8(widths.2 << 4 | widths.3)]
        let itemCount = version < 2 ? B.be16(Int(count)) : B.be32(count)
        return B.box("iloc", [version, 0, 0, 0] + sizes + itemCount + items)
    }

    /// ftyp, then meta with `iloc`, then an mdat of `payload`: the file's size.
    func file(_ iloc: [UInt8]) -> [UInt8] { B.fileType + B.meta(iloc) + B.box("mdat", payload) }

    func testItemExtentsPastTheEndOrOverflowingAreCutShort() {
        let size = file(iloc(version: 0, widths: (4, 4, 0, 0), count: 1, items: [])).count + 14
        // Version 0: item 7, data reference 0, one extent ending 10 bytes past the end.
        let past = file(
            iloc(version: 0, widths: (4, 4, 0, 0), count: 1, items: [0, 7, 0, 0, 0, 1] + B.be32(UInt32(size - 20)) + B.be32(30)))
        XCTAssertEqual(past.count, size)
        XCTAssertEqual(B.verdict(past), .itemCutShort(.init(itemID: 7, end: UInt64(size + 10))))
        // Length 0 runs to the end of the file: whole while its start is inside.
        let toEnd = file(
            iloc(version: 0, widths: (4, 4, 0, 0), count: 1, items: [0, 7, 0, 0, 0, 1] + B.be32(UInt32(size - 20)) + B.be32(0)))
        XCTAssertEqual(B.verdict(toEnd), .complete)
        // Version 1, 8-byte fields: base offset + offset + length past 2^64.
        let overflow = file(
            iloc(
                version: 1, widths: (8, 8, 8, 0), count: 1,
                items: [0, 9, 0, 0, 0, 0] + B.be64(UInt64.max - 10) + [0, 1] + B.be64(5) + B.be64(6)))
        XCTAssertEqual(B.verdict(overflow), .itemCutShort(.init(itemID: 9, end: .max)))
        // Stored in the meta box (idat, method 1) or in another file (a data reference):
        // not offsets into this file.
        let idat = file(
            iloc(version: 1, widths: (4, 4, 0, 0), count: 1, items: [0, 9, 0, 1, 0, 0, 0, 1] + B.be32(1 << 30) + B.be32(8)))
        XCTAssertEqual(B.verdict(idat), .complete)
        let elsewhere = file(iloc(version: 0, widths: (4, 4, 0, 0), count: 1, items: [0, 9, 0, 1, 0, 1] + B.be32(1 << 30) + B.be32(8)))
        XCTAssertEqual(B.verdict(elsewhere), .complete)
    }

    func testMalformedItemLocationsLeaveTheVerdictToTheBoxes() {
        // Four billion items declared (version 2) in a few bytes, each with 65,535 empty extents.
        let items = (0..<50).flatMap { _ in [0, 0, 0, 1, 0, 0, 0, 0, 0xFF, 0xFF] as [UInt8] }
        let started = Date()
        XCTAssertEqual(B.verdict(file(iloc(version: 2, widths: (0, 0, 0, 0), count: .max, items: items))), .complete)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        // Field widths over 8 bytes, an unknown version, a box too short for its header.
        XCTAssertEqual(B.verdict(file(iloc(version: 1, widths: (15, 15, 15, 15), count: 1, items: [0, 1, 0, 0, 0, 0]))), .complete)
        XCTAssertEqual(B.verdict(file(B.box("iloc", [3, 0, 0, 0, 0x44, 0, 0, 1] + payload))), .complete)
        XCTAssertEqual(B.verdict(file(B.box("iloc", [0, 0]))), .complete)
        XCTAssertEqual(B.verdict(B.fileType + B.box("meta", [0, 0]) + B.box("mdat", payload)), .complete)
    }

    // MARK: Fuzz

    /// Random damage to a real HEIC's boxes and index, cut anywhere: the walk stays inside the
    /// bytes (a debug build traps on any read outside them) and every step moves forward.
    func testRandomDamageNeverReadsOutsideTheBytes() throws {
        let original = try B.file(Self.dandelions)
        var random = SplitMix64(seed: 19)
        for round in 0..<20_000 {
            var bytes = Array(original.prefix(600 + Int(random.next() % 600)))
            for _ in 0...(random.next() % 6) {
                let at = Int(random.next() % 440)
                bytes[at] = round % 3 == 0 ? [0x00, 0x01, 0xFF, 0x08][Int(random.next() % 4)] : UInt8(truncatingIfNeeded: random.next())
            }
            bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
            bytes.withUnsafeBufferPointer { buffer in
                _ = ISOMediaEnding.verdict(buffer)
                _ = ISOItemLocations.furthestReach(buffer)
                var walker = ISOBoxWalker(buffer, in: 0..<buffer.count)
                var previousEnd = 0
                var steps = 0
                while let step = walker.next() {
                    steps += 1
                    XCTAssertLessThanOrEqual(steps, buffer.count / 8 + 1)
                    guard case .box(let box) = step else { continue }
                    XCTAssertEqual(box.start, previousEnd)
                    XCTAssertTrue(box.start + 8 <= box.contentStart && box.contentStart <= box.end && box.end <= buffer.count)
                    previousEnd = box.end
                }
            }
        }
    }
}
