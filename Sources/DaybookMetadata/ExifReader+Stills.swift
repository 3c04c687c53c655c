extension ExifReader {
    /// Reads a PNG `eXIf` chunk or a WebP `EXIF` chunk by the same rules as a JPEG's EXIF.
    /// Both hold the TIFF structure itself; some WebP writers put JPEG's "Exif\0\0" first.
    package static func read(tiffBlock block: [UInt8]) -> PhotoMetadata {
        let exifPrefix = Array("Exif".utf8) + [0, 0]
        let payload = block.starts(with: exifPrefix) ? block : exifPrefix + block
        guard payload.count >= 14, isTIFFHeader(Array(payload[6..<10])) else {
            return PhotoMetadata(warnings: ["EXIF chunk without a TIFF header; its metadata ignored"])
        }
        return payload.withUnsafeBytes { read(ExifBlock(app1Payload: $0)) }
    }

    private static func isTIFFHeader(_ head: [UInt8]) -> Bool {
        head == [0x49, 0x49, 0x2A, 0x00] || head == [0x4D, 0x4D, 0x00, 0x2A]
    }
}
