/// Transparent pixels of a PNG or WebP put on one neutral background, so that a screenshot's
/// transparent margin is neither black (the usual colour under alpha 0) nor a colour the
/// tagger would name.
enum AlphaFlattening {
    /// Mid grey: neither light nor dark, no hue.
    static let background: UInt8 = 128

    /// RGBA rows become RGB rows in the same buffer, packed at its start (each pixel is
    /// written at or before where it was read, so nothing is overwritten unread).
    static func flattenInPlace(_ pixels: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        let back = UInt32(background)
        for index in 0..<pixelCount {
            let from = index * 4
            let to = index * 3
            let alpha = UInt32(pixels[from + 3])
            for channel in 0..<3 {
                let value = UInt32(pixels[from + channel])
                pixels[to + channel] = UInt8((value * alpha + back * (255 - alpha) + 127) / 255)
            }
        }
    }
}
