/// Whether an ISO base media file (HEIF/HEIC, AVIF; MP4 and QuickTime share the layout) has
/// all its bytes, judged from its structure without decoding: the counterpart of
/// `JPEGEnding` for files that have no end marker.
///
/// Such a file is a sequence of boxes, each declaring its size. A copy still arriving (an FTP
/// or SMB upload, a sync tool writing in rounds) is a prefix of it, so it stops inside a box,
/// nearly always the large `mdat` at the end, or inside a box header. A writer that streams
/// `mdat` with size 0 ("to the end of the file") leaves every box whole; then the `iloc`
/// index, written first, says where the items' data will end.
package enum ISOMediaEnding {
    package enum Verdict: Sendable, Equatable {
        /// Every top-level box ends within the file, and so does every item's data.
        case complete
        /// The file stops inside this top-level box or box header.
        case boxCutShort(ISOBoxes.Overrun)
        /// The boxes are whole but an item's data lies past the end.
        case itemCutShort(ISOItemLocations.Reach)
        /// The boxes are whole but the index has not arrived: neither `meta` (HEIF) nor
        /// `moov` (a movie, whose index cameras write after the media data).
        case indexMissing
        /// Damage that more bytes would not mend: a box size smaller than its header, or a
        /// box type no writer gives (the walk has left the structure).
        case damaged
        /// Not an ISO media file (no `ftyp` box first, nor a QuickTime movie's first atom).
        case notISOMedia
    }

    /// True when `bytes` look like the beginning of an ISO media file that stops early: a
    /// prefix of an `ftyp` header, a box cut short, the index or item data missing. False for a whole
    /// file, for damage, and for data that is not ISO media (that is for the analyzer to say).
    package static func endsEarly(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { endsEarly($0) }
    }

    package static func endsEarly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        endsEarly(verdict(bytes))
    }

    /// Whether more bytes would mend what `verdict` found.
    package static func endsEarly(_ verdict: Verdict) -> Bool {
        switch verdict {
        case .boxCutShort, .itemCutShort, .indexMissing: return true
        case .complete, .damaged, .notISOMedia: return false
        }
    }

    package static func verdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
        if bytes.count < 8 {
            return startsLikeFileTypeBox(bytes) ? .boxCutShort(.init(type: ISOBoxes.Overrun.header, declaredEnd: 8)) : .notISOMedia
        }
        var walker = ISOBoxWalker(bytes, in: 0..<bytes.count)
        return verdict(walking: &walker, fileSize: bytes.count) { ISOItemLocations.furthestReach(bytes) }
    }

    /// The verdict from a walk of the top-level boxes; `reach` is asked only when every box
    /// is whole and the index is there.
    static func verdict(
        walking walker: inout some IteratorProtocol<ISOBoxWalker.Step>, fileSize: Int, reach: () -> ISOItemLocations.Reach?
    ) -> Verdict {
        var first = true
        var indexed = false
        while let step = walker.next() {
            switch step {
            case .box(let box):
                guard !first || Self.canComeFirst(box.type) else { return .notISOMedia }
                first = false
                indexed = indexed || box.type == "meta" || box.type == "moov"
            case .overrun(let overrun):
                guard !first || Self.canComeFirst(overrun.type) else { return .notISOMedia }
                return overrun.isCutShort ? .boxCutShort(overrun) : .damaged
            case .malformed:
                return first ? .notISOMedia : .damaged
            }
        }
        guard indexed else { return .indexMissing }
        if let reach = reach(), reach.end > UInt64(fileSize) {
            return .itemCutShort(reach)
        }
        return .complete
    }

    /// `ftyp`, or the first atom of a QuickTime movie written before `ftyp` existed.
    private static func canComeFirst(_ type: String) -> Bool {
        type == "ftyp" || ISOBoxes.classicQuickTimeAtoms.contains(type)
    }

    /// Fewer than 8 bytes that could begin an `ftyp` box: a size below 64 KB (real ones are
    /// a few dozen bytes), then as much of "ftyp" as there is. An empty file may be a first round.
    static func startsLikeFileTypeBox(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let size = bytes.prefix(4), type = bytes.dropFirst(4)
        return size.prefix(2).allSatisfy { $0 == 0 } && type.elementsEqual(Array("ftyp".utf8).prefix(type.count))
    }
}
