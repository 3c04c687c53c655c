/// The metadata segments of a JPEG besides EXIF (which libexif finds itself): the XMP packet
/// (APP1 starting `http://ns.adobe.com/xap/1.0/\0`) and the Photoshop resources holding IPTC
/// (APP13 starting `Photoshop 3.0\0`).
///
/// Segments are walked by their declared lengths from the start of the file to the first
/// scan (SOS): metadata comes before the pixels. Each length is checked against the bytes
/// left; a file that ends inside a segment simply has no more segments. Extended XMP (APP1
/// `http://ns.adobe.com/xmp/extension/`, for packets over 64 KB) holds depth maps and edit
/// settings, not the dates and places of the standard packet, and is not read.
struct JPEGMetadataSegments {
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    /// The first standard XMP packet.
    var xmp: ArraySlice<UInt8>?
    /// The data of every `Photoshop 3.0` APP13 segment, signature removed, joined in order
    /// (writers split resources larger than a segment across several).
    var photoshop: [UInt8]?

    init(jpeg bytes: [UInt8]) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let code = bytes[index + 1]
            if code == 0xFF {  // fill byte before a marker
                index += 1
                continue
            }
            if code == 0xDA || code == 0xD9 { return }  // start of scan, end of image
            if code == 0x01 || (0xD0...0xD7).contains(code) {  // markers without a length
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let start = index + 4, end = index + 2 + length
            guard length >= 2, end <= bytes.count else { return }
            let data = bytes[start..<end]
            if code == 0xE1, xmp == nil, data.starts(with: Self.xmpSignature) {
                xmp = data.dropFirst(Self.xmpSignature.count)
            } else if code == 0xED, data.starts(with: IPTCReader.photoshopSignature) {
                photoshop = (photoshop ?? []) + data.dropFirst(IPTCReader.photoshopSignature.count)
            }
            index = end
        }
    }
}
