import CSpng

extension PNGFile {
    /// The picture, its longer side shrunk to `longestSide`, transparency flattened onto
    /// `AlphaFlattening.background`. Refused above `maxPixels` from IHDR alone, before any
    /// buffer sized by the frame exists.
    ///
    /// PNG has no reduced-scale decode: libspng inflates every row. The rows land in one
    /// buffer, under `budget`, and are shrunk straight from it in one pass, as HEIF's are.
    package func pixels(longestSide: Int, maxPixels: Int, budget: DecodeBudget = .shared) throws(StillImageError) -> RGBImage {
        let frame = size
        guard frame.width > 0, frame.height > 0 else { throw .corrupt(format: "PNG", frame, "the image has no size") }
        // IHDR's sizes are below 2^31, so their product fits.
        guard frame.width * frame.height <= maxPixels else { throw .tooLarge(.pixels(frame, limit: maxPixels)) }
        let format = hasTransparency ? SPNG_FMT_RGBA8 : SPNG_FMT_RGB8
        let channels = hasTransparency ? 4 : 3
        return try Self.withContext(bytes) { context throws(StillImageError) in
            var length = 0
            try Self.check(spng_decoded_image_size(context, Int32(format.rawValue), &length), bytes: bytes, frame: frame)
            guard length == frame.width * frame.height * channels else {
                throw .corrupt(format: "PNG", frame, "unexpected decoded size \(length)")
            }
            return try budget.spending(DecodeBudget.estimate(pixels: frame.width * frame.height)) { () throws(StillImageError) in
                var buffer = [UInt8](repeating: 0, count: length)
                let result = buffer.withUnsafeMutableBytes {
                    spng_decode_image(context, $0.baseAddress, length, Int32(format.rawValue), Int32(SPNG_DECODE_TRNS.rawValue))
                }
                try Self.check(result, bytes: bytes, frame: frame)
                return buffer.withUnsafeMutableBufferPointer { pixels in
                    if hasTransparency { AlphaFlattening.flattenInPlace(pixels.baseAddress!, pixelCount: frame.width * frame.height) }
                    let target = Resampling.targetSize(width: frame.width, height: frame.height, longestSide: longestSide)
                    return Resampling.boxResize(
                        pixels.baseAddress!, width: frame.width, height: frame.height, rowBytes: frame.width * 3,
                        toWidth: target.width, height: target.height)
                }
            }
        }
    }
}
