extension ISOMediaEnding {
    /// The same verdict for a file read by offset: only the top-level box headers are read
    /// (and a `meta` box whose `iloc` may point past the end), so a movie of any size costs
    /// a few small reads.
    package static func verdict(_ source: VideoSource) -> Verdict {
        if source.count < 8 {
            let bytes = source.bytes(at: 0, count: 8)
            return bytes.withUnsafeBufferPointer { verdict($0) }
        }
        var walker = ISOSourceBoxWalker(source)
        return verdict(walking: &walker, fileSize: source.count) { itemReach(source) }
    }

    /// `meta` boxes bigger than this are not read whole to find how far their items reach:
    /// a HEIF's index is a few kilobytes, and a movie rarely has a top-level `meta` at all.
    static let maxMetaBytes = 4 << 20

    private static func itemReach(_ source: VideoSource) -> ISOItemLocations.Reach? {
        var walker = ISOSourceBoxWalker(source)
        while case .box(let box)? = walker.next() {
            guard box.type == "meta" else { continue }
            guard box.end - box.start <= maxMetaBytes else { return nil }
            // The box alone, as if it were the whole file: `iloc`'s offsets are the file's.
            let bytes = source.bytes(at: box.start, count: box.end - box.start)
            return bytes.withUnsafeBufferPointer { ISOItemLocations.furthestReach($0) }
        }
        return nil
    }
}

/// `ISOBoxWalker` over a source read by offset, its top level or one box's content: one box
/// header read a step.
package struct ISOSourceBoxWalker: IteratorProtocol {
    private let source: VideoSource
    private var offset: Int
    private let end: Int
    private var finished = false

    package init(_ source: VideoSource) {
        self.init(source, in: 0..<source.count)
    }

    /// `range` is clamped to the source.
    package init(_ source: VideoSource, in range: Range<Int>) {
        self.source = source
        end = min(max(range.upperBound, 0), source.count)
        offset = min(max(range.lowerBound, 0), end)
    }

    package mutating func next() -> ISOBoxWalker.Step? {
        guard !finished, offset < end else { return nil }
        let header = source.bytes(at: offset, count: min(ISOBoxWalker.longestHeader, end - offset))
        let (step, next) = header.withUnsafeBufferPointer { ISOBoxWalker.step(header: $0, start: offset, end: end) }
        if let next { offset = next } else { finished = true }
        return step
    }
}
