/// A JPEG with a hand-made EXIF block holding a thumbnail, as cameras write it: IFD0 with the
/// Orientation, IFD1 with JPEGInterchangeFormat (offset from the TIFF header) and
/// JPEGInterchangeFormatLength. The offsets can be bent to point anywhere, for tests of a
/// hostile file.
public struct ExifThumbnailBytes {
    public var orientation = 1
    public var bigEndian = false
    /// Added to the thumbnail's true offset and length as written.
    public var offsetShift = 0
    public var lengthShift = 0
    /// IFD0's pointer to IFD1; nil writes the true one.
    public var ifd1Offset: Int?

    public init(orientation: Int = 1, bigEndian: Bool = false) {
        self.orientation = orientation
        self.bigEndian = bigEndian
    }

    /// `jpeg` with the APP1 Exif block inserted after its SOI.
    public func inserted(thumbnail: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            let bytes = [UInt8(v & 0xff), UInt8((v >> 8) & 0xff)]
            return bigEndian ? bytes.reversed() : bytes
        }
        func u32(_ v: Int) -> [UInt8] {
            let value = UInt32(truncatingIfNeeded: v)
            let bytes = [UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff), UInt8(value >> 24)]
            return bigEndian ? bytes.reversed() : bytes
        }
        let ifd0 = 8
        let ifd1 = ifd0 + 2 + 12 + 4
        let data = ifd1 + 2 + 2 * 12 + 4
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(ifd0)
        tiff += u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(ifd1Offset ?? ifd1)
        tiff += u16(2)
        tiff += u16(0x0201) + u16(4) + u32(1) + u32(data + offsetShift)
        tiff += u16(0x0202) + u16(4) + u32(1) + u32(thumbnail.count + lengthShift)
        tiff += u32(0) + thumbnail
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        precondition(app1.count + 2 <= 0xFFFF, "the thumbnail does not fit in one APP1 segment")
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xff)] + app1 + jpeg.dropFirst(2)
    }
}
