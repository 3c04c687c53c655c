/// The XMP packet a TIFF-based file carries in IFD0's XMLPacket tag (700, 0x02BC): where a DNG
/// and most TIFF-based camera RAWs keep what a JPEG keeps in its XMP segment (a caption,
/// keywords, a date with its offset, a position written by another tool).
///
/// Read by hand from the bytes, every count and offset checked against the file: the tag's
/// value is all that is wanted, and a hostile IFD must not lead a read outside the bytes.
package enum TIFFXMPPacket {
    static let tag: UInt16 = 0x02BC
    /// More entries than this in IFD0 is no camera's file.
    static let maximumEntries = 4096

    /// The packet's bytes, or nil when the file is not TIFF-based, has no such tag, or the tag
    /// points outside the file.
    package static func find(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<at + 4].map(Int.init)
            return little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
        }
        guard let ifd = u32(4), let count = u16(ifd), count <= maximumEntries else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let length = u32(entry + 4) else { return nil }
            guard tag == Self.tag else { continue }
            // BYTE or UNDEFINED, as the specifications write it; one byte a unit either way.
            guard type == 1 || type == 7, length > 4, let offset = u32(entry + 8) else { return nil }
            guard offset <= bytes.count, length <= bytes.count - offset else { return nil }
            return bytes[offset..<offset + length]
        }
        return nil
    }
}
