extension ExifReader {
    /// Reads a TIFF-based camera RAW file's EXIF (DNG, CR2, NEF, ARW, ORF, RW2, …) by the
    /// same rules as a JPEG's: the whole file is a TIFF structure, which is what a JPEG's
    /// APP1 segment carries after "Exif\0\0". nil when the file is not TIFF-based (CR3, RAF).
    ///
    /// Olympus and Panasonic write their own magic number where TIFF has 42; the structure
    /// after it is TIFF's, so the reader is given 42 in its place.
    package static func read(tiffBasedRAW bytes: [UInt8]) -> PhotoMetadata? {
        guard bytes.count >= 8 else { return nil }
        let head = Array(bytes[0..<4])
        let littleEndian: Bool
        switch head {
        case [0x49, 0x49, 0x2A, 0x00], Array("IIRO".utf8), Array("IIRS".utf8), [0x49, 0x49, 0x55, 0x00]: littleEndian = true
        case [0x4D, 0x4D, 0x00, 0x2A], Array("MMOR".utf8): littleEndian = false
        default: return nil
        }
        var payload = Array("Exif".utf8) + [0, 0] + bytes
        payload.replaceSubrange(8..<10, with: littleEndian ? [0x2A, 0x00] : [0x00, 0x2A])
        return payload.withUnsafeBytes { read(ExifBlock(app1Payload: $0)) }
    }
}
