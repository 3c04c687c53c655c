import CExif

/// Reads the one value Daybook needs from an iPhone's maker note: the content identifier
/// (tag 0x0011, exiftool's `Apple:ContentIdentifier`), the UUID Apple also writes into the
/// Live Photo's movie (`com.apple.quicktime.content.identifier`), which pairs the two.
///
/// The maker note is a TIFF-style IFD after a 14-byte header: `Apple iOS\0`, a version (two
/// bytes), the byte order (`MM` or `II`). Its offsets count from the maker note's first byte.
/// libexif hands over the bytes and nothing more, so every count and offset is checked here
/// against the maker note's length before it is used.
enum AppleMakerNote {
    static let signature = Array("Apple iOS\0".utf8)
    static let headerLength = 14
    static let contentIdentifierTag: UInt16 = 0x0011
    /// An IFD in a maker note has a few dozen entries; more is a damaged or hostile count.
    static let maximumEntries = 512
    /// A UUID is 36 characters; anything much longer is no identifier.
    static let maximumIdentifierLength = 64

    /// The content identifier, upper-cased as Apple writes it in the movie too; nil when the
    /// bytes are no Apple maker note, have no such tag, or the tag does not hold text.
    static func contentIdentifier(_ note: UnsafeRawBufferPointer) -> String? {
        guard note.count >= headerLength + 2, note.prefix(signature.count).elementsEqual(signature) else { return nil }
        let bigEndian: Bool
        switch (note[12], note[13]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func integer(at offset: Int, width: Int) -> Int {
            (0..<width).reduce(0) { value, index in
                value << 8 | Int(note[offset + (bigEndian ? index : width - 1 - index)])
            }
        }
        let count = integer(at: headerLength, width: 2)
        let entries = headerLength + 2
        guard count <= maximumEntries, entries + count * 12 <= note.count else { return nil }
        for index in 0..<count {
            let entry = entries + index * 12
            guard integer(at: entry, width: 2) == Int(contentIdentifierTag) else { continue }
            // ASCII (2) or UNDEFINED (7): one byte per component.
            guard [2, 7].contains(integer(at: entry + 2, width: 2)) else { return nil }
            let length = integer(at: entry + 4, width: 4)
            guard length > 0, length <= maximumIdentifierLength + 1 else { return nil }
            let start = length <= 4 ? entry + 8 : integer(at: entry + 8, width: 4)
            guard start >= 0, start <= note.count - length else { return nil }
            return identifier(note[start..<start + length])
        }
        return nil
    }

    /// Printable ASCII up to the first NUL, without surrounding spaces.
    private static func identifier(_ bytes: Slice<UnsafeRawBufferPointer>) -> String? {
        let text = bytes.prefix { $0 != 0 }
        guard !text.isEmpty, text.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: text, as: UTF8.self).uppercased()
    }
}

extension ExifBlock {
    /// The content identifier of an Apple maker note in the block; nil for other cameras.
    var appleContentIdentifier: String? {
        guard case .found(let entry) = lookup(EXIF_TAG_MAKER_NOTE.rawValue, in: EXIF_IFD_EXIF), let data = entry.data else {
            return nil
        }
        return AppleMakerNote.contentIdentifier(UnsafeRawBufferPointer(start: data, count: Int(entry.size)))
    }
}
