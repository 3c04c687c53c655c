/// What decoding one image will hold in memory at its peak, read from its header before
/// anything sized by the frame is allocated.
package struct DecodeCost: Sendable, Equatable {
    package let frame: FrameSize
    /// A progressive JPEG: libjpeg keeps every coefficient of the frame, at any DCT scale.
    package let isProgressive: Bool
    /// Progressive, or sequential with several scans: either way the whole coefficient array.
    package let keepsWholeImage: Bool
    package let bytes: Int

    package init(frame: FrameSize, isProgressive: Bool, keepsWholeImage: Bool, bytes: Int) {
        self.frame = frame
        self.isProgressive = isProgressive
        self.keepsWholeImage = keepsWholeImage
        self.bytes = bytes
    }

    /// "a progressive 10000×10000 JPEG"
    var what: String {
        let kind = isProgressive ? "progressive " : keepsWholeImage ? "multi-scan " : ""
        return "a \(kind)\(frame.width)×\(frame.height) JPEG"
    }

    /// "610 MB", "1.2 GB": decimal units, as `--max-decode-mb` counts them.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000_000 {
            let tenths = (bytes + 50_000_000) / 100_000_000
            return "\(tenths / 10).\(tenths % 10) GB"
        }
        return "\(max(1, (bytes + 500_000) / 1_000_000)) MB"
    }
}
