extension ExifReader {
    /// Reads a HEIF file's Exif item (`HEIFFile.exif`) by the same rules as a JPEG's EXIF.
    ///
    /// The item starts with a 4-byte big-endian offset from its end to the TIFF header
    /// (ISO/IEC 23008-12, annex A). Apple writes offset 6 and puts the APP1-style
    /// "Exif\0\0" in the gap; other writers put the TIFF header right after the offset, and
    /// some write "Exif\0\0" there while declaring offset 0. The declared offset is tried
    /// first, then those habits. The Orientation tag is read like any other; it is for the
    /// caller to know that in HEIF the container's transforms, not this tag, turn the image.
    package static func read(heifExifItem item: [UInt8]) -> PhotoMetadata {
        guard let start = tiffHeaderStart(in: item) else {
            return PhotoMetadata(warnings: ["Exif item without a TIFF header; its metadata ignored"])
        }
        let payload = Array("Exif".utf8) + [0, 0] + item[start...]
        return payload.withUnsafeBytes { read(ExifBlock(app1Payload: $0)) }
    }

    /// Where the TIFF header ("II*\0" or "MM\0*") of a HEIF Exif item starts, nil when it is
    /// at none of the places writers put it.
    static func tiffHeaderStart(in item: [UInt8]) -> Int? {
        guard item.count >= 4 else { return nil }
        let declared = item[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let exifPrefix = Array("Exif".utf8) + [0, 0]
        var candidates = [4 + declared, 4]
        if item.count >= 10 && Array(item[4..<10]) == exifPrefix { candidates.append(10) }
        if item.starts(with: exifPrefix) { candidates.append(6) }
        return candidates.first { isTIFFHeader(item, at: $0) }
    }

    private static func isTIFFHeader(_ item: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= item.count - 8 else { return false }
        let head = Array(item[offset..<offset + 4])
        return head == [0x49, 0x49, 0x2A, 0x00] || head == [0x4D, 0x4D, 0x00, 0x2A]
    }
}
