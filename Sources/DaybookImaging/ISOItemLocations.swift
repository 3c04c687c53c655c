/// Where a HEIF file's items (images, tiles, thumbnails, Exif) lie, from the `meta` box's
/// `iloc` (ISO/IEC 14496-12 §8.11.3): just enough to say how far into the file their data
/// reaches. The boxes can all be whole while the data is not: a writer streaming an `mdat`
/// of size 0 ("to the end of the file") has declared where each item will be before writing it.
package enum ISOItemLocations {
    /// The item whose data reaches furthest, and the byte just past it (`UInt64.max` when
    /// the offsets add up to more than 64 bits).
    package struct Reach: Sendable, Equatable {
        package let itemID: UInt32
        package let end: UInt64

        package init(itemID: UInt32, end: UInt64) {
            self.itemID = itemID
            self.end = end
        }
    }

    /// The furthest reach of the items stored at file offsets in this file (construction
    /// method 0, data reference 0), over every item rather than only the primary image: a
    /// grid's tiles and its thumbnails are separate items, and a whole file holds all the
    /// bytes its index points to. nil when there is no `meta`/`iloc`, no such item, or the
    /// `iloc` box is malformed (then libheif has the say).
    package static func furthestReach(_ bytes: UnsafeBufferPointer<UInt8>) -> Reach? {
        guard let meta = ISOBoxWalker.first("meta", in: bytes, range: 0..<bytes.count),
            meta.content.count >= 4,
            let iloc = ISOBoxWalker.first("iloc", in: bytes, range: meta.contentStart + 4..<meta.end)
        else { return nil }
        var reader = Reader(bytes: bytes, position: iloc.contentStart, end: iloc.end)
        return try? furthestReach(&reader)
    }

    private struct Malformed: Error {}

    private static func furthestReach(_ reader: inout Reader) throws(Malformed) -> Reach? {
        let version = try reader.read(1)
        guard version <= 2 else { throw Malformed() }
        _ = try reader.read(3)  // flags
        let sizes = try reader.read(2)
        let offsetSize = Int(sizes >> 12), lengthSize = Int(sizes >> 8 & 0xF), baseOffsetSize = Int(sizes >> 4 & 0xF)
        let indexSize = version == 0 ? 0 : Int(sizes & 0xF)
        let itemCount = try reader.read(version < 2 ? 2 : 4)
        var furthest: Reach?
        // Each item reads at least six bytes, so a count larger than the box ends in `Malformed`.
        for _ in 0..<itemCount {
            let itemID = UInt32(truncatingIfNeeded: try reader.read(version < 2 ? 2 : 4))
            let constructionMethod = version == 0 ? 0 : (try reader.read(2)) & 0xF
            let dataReference = try reader.read(2)
            let baseOffset = try reader.read(baseOffsetSize)
            let extentCount = try reader.read(2)
            let extentSize = indexSize + offsetSize + lengthSize
            // Extents of no bytes at all are all the same one (offset 0, length 0): one is
            // enough, and 65,535 of them per item must not cost a loop each.
            for _ in 0..<(extentSize == 0 ? min(extentCount, 1) : extentCount) {
                _ = try reader.read(indexSize)
                let offset = try reader.read(offsetSize)
                let length = try reader.read(lengthSize)
                guard constructionMethod == 0, dataReference == 0 else { continue }
                // Length 0 runs to the end of the file: only its start must be there.
                let end = add(add(baseOffset, offset), length)
                if end > furthest?.end ?? 0 { furthest = Reach(itemID: itemID, end: end) }
            }
        }
        return furthest
    }

    /// The sum, or `UInt64.max` when it overflows: no file reaches that far.
    private static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Big-endian fields of a box's content, never read past its end.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int
        let end: Int

        /// A field of `width` bytes (0 reads nothing and gives 0); widths over 8 are malformed.
        mutating func read(_ width: Int) throws(Malformed) -> UInt64 {
            guard width <= 8, width <= end - position else { throw Malformed() }
            let value = ISOBoxes.bigEndian(bytes, at: position, width: width)
            position += width
            return value
        }
    }
}
