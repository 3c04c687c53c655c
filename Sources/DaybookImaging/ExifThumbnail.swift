/// The small JPEG a camera keeps in a JPEG's EXIF block: the second IFD (IFD1) points at it
/// with JPEGInterchangeFormat (0x0201, its offset from the TIFF header) and
/// JPEGInterchangeFormatLength (0x0202).
///
/// Read here rather than through libexif (DaybookMetadata) because the imaging layer may not
/// use the metadata reader, and only two tags of one IFD are needed. Every offset and length
/// comes from the file and is checked against the bytes of its APP1 segment: a thumbnail
/// that points outside its own segment is no thumbnail.
///
/// The thumbnail is stored as the sensor saw it, like the main image: the photo's EXIF
/// Orientation turns both.
package enum ExifThumbnail {
    static let exifSignature: [UInt8] = Array("Exif\0\0".utf8)
    static let jpegInterchangeFormat: UInt16 = 0x0201
    static let jpegInterchangeFormatLength: UInt16 = 0x0202

    /// The thumbnail's JPEG bytes, nil when the file has no EXIF thumbnail or its tags point
    /// anywhere but at a JPEG inside the EXIF segment.
    package static func jpeg(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let tiff = exifSegment(bytes) else { return nil }
        return thumbnail(tiff: tiff)
    }

    /// The TIFF structure of the first `Exif\0\0` APP1 segment before the first scan.
    static func exifSegment(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let code = bytes[index + 1]
            if code == 0xFF {  // fill byte before a marker
                index += 1
                continue
            }
            if code == 0xDA || code == 0xD9 { return nil }  // start of scan, end of image
            if code == 0x01 || (0xD0...0xD7).contains(code) {  // markers without a length
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let start = index + 4
            let end = index + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if code == 0xE1, bytes[start..<end].starts(with: exifSignature) {
                return bytes[(start + exifSignature.count)..<end]
            }
            index = end
        }
        return nil
    }

    /// IFD1's thumbnail inside `tiff` (offsets count from its first byte).
    static func thumbnail(tiff: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let reader = TIFFReader(tiff), let ifd0 = reader.uint32(at: 4) else { return nil }
        guard let ifd0Count = reader.uint16(at: ifd0) else { return nil }
        let nextOffset = ifd0 + 2 + Int(ifd0Count) * 12
        guard let ifd1 = reader.uint32(at: nextOffset), ifd1 != 0, ifd1 != ifd0, let count = reader.uint16(at: ifd1) else {
            return nil
        }
        var offset: Int?
        var length: Int?
        for entry in 0..<Int(count) {
            let at = ifd1 + 2 + entry * 12
            guard let tag = reader.uint16(at: at) else { return nil }
            switch tag {
            case jpegInterchangeFormat: offset = reader.longOrShort(entryAt: at)
            case jpegInterchangeFormatLength: length = reader.longOrShort(entryAt: at)
            default: break
            }
        }
        guard let offset, let length, length > 4, offset > 0, offset <= tiff.count, length <= tiff.count - offset else {
            return nil
        }
        let start = tiff.startIndex + offset
        let jpeg = tiff[start..<(start + length)]
        guard jpeg.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        return jpeg
    }
}

/// Bounds-checked reads of a TIFF structure in its byte order. Offsets are from the TIFF
/// header; a read that would leave the bytes gives nil.
struct TIFFReader {
    let bytes: ArraySlice<UInt8>
    let bigEndian: Bool

    init?(_ bytes: ArraySlice<UInt8>) {
        guard bytes.count >= 8 else { return nil }
        let first = bytes[bytes.startIndex]
        let second = bytes[bytes.startIndex + 1]
        switch (first, second) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        self.bytes = bytes
        guard uint16(at: 2) == 42 else { return nil }
    }

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[bytes.startIndex + offset])
        let b = UInt16(bytes[bytes.startIndex + offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int) -> Int? {
        guard let high = uint16(at: bigEndian ? offset : offset + 2), let low = uint16(at: bigEndian ? offset + 2 : offset)
        else { return nil }
        return Int(high) << 16 | Int(low)
    }

    /// The single value of the 12-byte IFD entry at `offset` when its type is LONG (4) or
    /// SHORT (3), the two types writers use for these tags.
    func longOrShort(entryAt offset: Int) -> Int? {
        guard let type = uint16(at: offset + 2), let count = uint32(at: offset + 4), count == 1 else { return nil }
        switch type {
        case 3: return uint16(at: offset + 8).map(Int.init)
        case 4: return uint32(at: offset + 8)
        default: return nil
        }
    }
}
