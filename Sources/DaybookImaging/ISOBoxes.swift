/// The little of the ISO base media file format (ISO/IEC 14496-12) that Daybook reads itself:
/// the `ftyp` box's brands, which say what a HEIF, AVIF, MP4 or QuickTime file is, and the
/// top-level box sizes, which say whether a file stops inside its last box. Everything inside
/// the boxes is libheif's job.
package enum ISOBoxes {
    /// The brands of an `ftyp` box at the start of a file: the major brand first, then the
    /// compatible ones, as four-character strings ("heic", "mif1", "qt  ").
    package static func brands(_ prefix: some Collection<UInt8>) -> [String]? {
        let bytes = Array(prefix.prefix(maximumFileTypeBox))
        guard bytes.count >= 12, ascii(bytes, at: 4, "ftyp") else { return nil }
        let declared = Int(bigEndian32(bytes, at: 0))
        // Size 0 runs to the end of the file and 1 means a 64-bit size follows: neither is
        // what a real ftyp does, so only the major brand is trusted then.
        let end = declared >= 16 ? min(declared, bytes.count) : 12
        var found = [fourCC(bytes, at: 8)]
        var offset = 16
        while offset + 4 <= end {
            found.append(fourCC(bytes, at: offset))
            offset += 4
        }
        return found
    }

    /// How many leading bytes `brands` looks at: an `ftyp` box with 60 compatible brands.
    package static let maximumFileTypeBox = 256

    /// The atoms a QuickTime movie written before `ftyp` existed (older cameras' .MOV) may
    /// begin with: the index, the media data, or padding before either.
    static let classicQuickTimeAtoms: Set = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    /// Whether a file begins with one of `classicQuickTimeAtoms` and a size such an atom can
    /// have (0: to the end of the file, 1: a 64-bit size follows, else at least its header).
    package static func startsLikeClassicQuickTime(_ prefix: some Collection<UInt8>) -> Bool {
        let bytes = Array(prefix.prefix(8))
        guard bytes.count == 8, classicQuickTimeAtoms.contains(fourCC(bytes, at: 4)) else { return false }
        let size = bigEndian32(bytes, at: 0)
        return size == 0 || size == 1 || size >= 8
    }

    /// A top-level box that the file ends inside: its type and the byte where it would end.
    package struct Overrun: Sendable, Equatable {
        package let type: String
        package let declaredEnd: Int

        package init(type: String, declaredEnd: Int) {
            self.type = type
            self.declaredEnd = declaredEnd
        }

        /// Whether the box has a type a writer would give (letters, digits, spaces): then the
        /// file was cut short. Otherwise the walk went off the rails in damaged data.
        package var isCutShort: Bool {
            type == Self.header
                || type.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == " "
                }
        }

        static let header = "(box header)"
    }

    /// Walks the top-level boxes by their declared sizes; the first one that runs past the
    /// end of `bytes`, or nil when the boxes end exactly with the file. A file being written,
    /// or cut short in a copy, stops inside its last box (usually `mdat`). A size smaller than
    /// its header counts as a box ending 8 bytes in (damage, whose type tells `isCutShort`).
    package static func overrun(_ bytes: [UInt8]) -> Overrun? {
        bytes.withUnsafeBufferPointer { buffer in
            var walker = ISOBoxWalker(buffer, in: 0..<buffer.count)
            while let step = walker.next() {
                switch step {
                case .box: continue
                case .overrun(let overrun): return overrun
                case .malformed(let type, let start): return Overrun(type: type, declaredEnd: start + 8)
                }
            }
            return nil
        }
    }

    static func ascii(_ bytes: [UInt8], at offset: Int, _ text: String) -> Bool {
        let expected = Array(text.utf8)
        return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Printable ASCII as is, anything else as "?", so a brand can go into a message.
    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        bytes.withUnsafeBufferPointer { fourCC($0, at: offset) }
    }

    /// The caller has checked that `offset..<offset + 4` lies within `bytes`.
    static func fourCC(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        String((offset..<offset + 4).map { (0x20...0x7E).contains(bytes[$0]) ? Character(UnicodeScalar(bytes[$0])) : "?" })
    }

    /// A big-endian number of `width` bytes (at most 8); the caller has checked that they lie
    /// within `bytes`.
    static func bigEndian(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int) -> UInt64 {
        (offset..<offset + width).reduce(0) { $0 << 8 | UInt64(bytes[$1]) }
    }
}
