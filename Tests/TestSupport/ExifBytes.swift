/// Hand-made EXIF for tests that need a value no camera writes (a hostile Make, say).
public enum ExifBytes {
    /// `jpeg` with an APP1 Exif block (IFD0: Make and DateTime) inserted after SOI.
    public static func withExif(make: String, date: String, into jpeg: [UInt8]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xffff) + le16(v >> 16) }
        let values = [Array(make.utf8) + [0], Array(date.utf8) + [0]]
        var offset = 8 + 2 + 12 * 2 + 4
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(8) + le16(2)
        for (tag, value) in zip([0x010F, 0x0132], values) {
            tiff += le16(tag) + le16(2) + le32(value.count) + le32(offset)
            offset += value.count
        }
        tiff += le32(0) + values.joined()
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xff)] + app1 + jpeg.dropFirst(2)
    }
}
