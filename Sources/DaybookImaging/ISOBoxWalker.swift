/// One box of an ISO base media file, where its header says it lies.
package struct ISOBox: Sendable, Equatable {
    /// The four-character type, printable ASCII as is and anything else as "?".
    package let type: String
    package let start: Int
    /// After the 8-byte header, or the 16-byte one of a box with a 64-bit size.
    package let contentStart: Int
    /// Just past the box's last byte; never beyond the walked range (see `ISOBoxWalker`).
    package let end: Int

    package init(type: String, start: Int, contentStart: Int, end: Int) {
        self.type = type
        self.start = start
        self.contentStart = contentStart
        self.end = end
    }

    package var content: Range<Int> { contentStart..<end }
}

/// Walks boxes laid end to end (a file's top level, or a container box's content) by their
/// declared sizes, without looking inside them.
///
/// The sizes come from the file, so they are hostile: the walker checks that a header fits
/// before it reads it, adds with overflow checks, and moves forward at least 8 bytes a step,
/// so it never reads outside its range and stops after at most `range.count / 8` steps.
package struct ISOBoxWalker: IteratorProtocol {
    package enum Step: Sendable, Equatable {
        /// A whole box, within the range.
        case box(ISOBox)
        /// The range ends inside this box, or inside a box header: the last step.
        case overrun(ISOBoxes.Overrun)
        /// A size smaller than the box's own header, which no writer gives: the last step.
        case malformed(type: String, at: Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let end: Int
    private var offset: Int
    private var finished = false

    /// `range` must lie within `bytes`; it is clamped to them if it does not.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) {
        self.bytes = bytes
        end = min(max(range.upperBound, 0), bytes.count)
        offset = min(max(range.lowerBound, 0), end)
    }

    /// The next box; nil once the boxes have ended exactly at the end of the range.
    package mutating func next() -> Step? {
        guard !finished, offset < end else { return nil }
        let header = UnsafeBufferPointer(rebasing: bytes[offset..<min(end, offset + Self.longestHeader)])
        let (step, next) = Self.step(header: header, start: offset, end: end)
        if let next { offset = next } else { finished = true }
        return step
    }

    /// A box header's bytes: 8, or 16 with a 64-bit size.
    package static let longestHeader = 16

    /// The box at `start` of boxes that run to `end`, from `header`, the bytes at `start`
    /// (as many as lie before `end`, up to `longestHeader`), and where the next box starts
    /// (nil: this was the last step). A walk over a file read by offset steps the same way.
    package static func step(header: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> (Step, next: Int?) {
        guard end - start >= 8, header.count >= 8 else {
            return (.overrun(.init(type: ISOBoxes.Overrun.header, declaredEnd: start + 8)), nil)
        }
        let type = ISOBoxes.fourCC(header, at: 4)
        var size = UInt64(ISOBoxes.bigEndian(header, at: 0, width: 4))
        var length = 8
        switch size {
        case 0:
            // "To the end of the file": the last box, whole by definition.
            return (.box(ISOBox(type: type, start: start, contentStart: start + length, end: end)), nil)
        case 1:
            length = 16
            guard end - start >= length, header.count >= length else {
                return (.overrun(.init(type: type, declaredEnd: start + length)), nil)
            }
            size = ISOBoxes.bigEndian(header, at: 8, width: 8)
        default:
            break
        }
        guard size >= UInt64(length) else { return (.malformed(type: type, at: start), nil) }
        // The range's own length fits in an Int, so a size beyond it cannot be a whole box.
        guard size <= UInt64(end - start) else {
            let declared = Int(exactly: size).map { start.addingReportingOverflow($0) }
            let declaredEnd = declared.flatMap { $0.overflow ? nil : $0.partialValue } ?? Int.max
            return (.overrun(.init(type: type, declaredEnd: declaredEnd)), nil)
        }
        let next = start + Int(size)
        return (.box(ISOBox(type: type, start: start, contentStart: start + length, end: next)), next)
    }

    /// The first whole box of `type` in `range`, walking no further than a damaged or cut box.
    package static func first(_ type: String, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> ISOBox? {
        var walker = ISOBoxWalker(bytes, in: range)
        while case .box(let box)? = walker.next() {
            if box.type == type { return box }
        }
        return nil
    }
}
