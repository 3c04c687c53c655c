import CJPEG

package enum JPEGEncoder {
    /// Baseline JPEG, YCbCr 4:2:0, standard Huffman tables. `quality` is libjpeg's 1…100
    /// scale (clamped).
    package static func encode(_ image: RGBImage, quality: Int = 82) throws(ImagingError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw .encodeFailed("empty image (\(image.width)x\(image.height))")
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(DBK_MESSAGE_MAX))
        let status = image.pixels.withUnsafeBufferPointer { rgb in
            dbk_encode_rgb(
                rgb.baseAddress, Int32(clamping: image.width), Int32(clamping: image.height),
                Int32(clamping: quality), &output, &size, &message)
        }
        defer { dbk_free(output) }
        guard status == DBK_OK, let output else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .encodeFailed(text.isEmpty ? "libjpeg status \(status.rawValue)" : text)
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
