import CWebP

extension WebPFile {
    /// The first frame, decoded by libwebp straight to the size asked for (`use_scaling`:
    /// a lossy frame is never held whole), transparency flattened onto
    /// `AlphaFlattening.background`. Refused above `maxPixels` before anything is decoded.
    package func pixels(longestSide: Int, maxPixels: Int, budget: DecodeBudget = .shared) throws(StillImageError) -> RGBImage {
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(StillImageError) -> RGBImage in
            let frame = buffer.baseAddress! + frameBytes.lowerBound
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { throw .unreadable(format: "WebP", detail: "libwebp version mismatch") }
            let status = WebPGetFeatures(frame, frameBytes.count, &config.input)
            guard status == VP8_STATUS_OK else { throw failure(status, nil) }
            let full = FrameSize(width: Int(config.input.width), height: Int(config.input.height))
            guard full.width > 0, full.height > 0 else { throw .corrupt(format: "WebP", full, "the image has no size") }
            guard full.width * full.height <= maxPixels else { throw .tooLarge(.pixels(full, limit: maxPixels)) }
            let target = Resampling.targetSize(width: full.width, height: full.height, longestSide: longestSide)
            let hasAlpha = config.input.has_alpha != 0
            config.output.colorspace = hasAlpha ? MODE_RGBA : MODE_RGB
            if target != full {
                config.options.use_scaling = 1
                config.options.scaled_width = Int32(target.width)
                config.options.scaled_height = Int32(target.height)
            }
            // Lossless frames are decoded whole before libwebp scales them; lossy ones row by row.
            return try budget.spending(DecodeBudget.estimate(pixels: full.width * full.height)) { () throws(StillImageError) in
                let status = WebPDecode(frame, frameBytes.count, &config)
                defer { WebPFreeDecBuffer(&config.output) }
                guard status == VP8_STATUS_OK else { throw failure(status, full) }
                let width = Int(config.output.width)
                let height = Int(config.output.height)
                let stride = Int(config.output.u.RGBA.stride)
                guard width == target.width, height == target.height, let rows = config.output.u.RGBA.rgba else {
                    throw .corrupt(format: "WebP", full, "libwebp returned no pixels")
                }
                let channels = hasAlpha ? 4 : 3
                var pixels = [UInt8](repeating: 0, count: width * height * channels)
                pixels.withUnsafeMutableBufferPointer { out in
                    for row in 0..<height {
                        (out.baseAddress! + row * width * channels).update(from: rows + row * stride, count: width * channels)
                    }
                    if hasAlpha { AlphaFlattening.flattenInPlace(out.baseAddress!, pixelCount: width * height) }
                }
                return RGBImage(width: width, height: height, pixels: Array(pixels.prefix(width * height * 3)))
            }
        }
    }

    private func failure(_ status: VP8StatusCode, _ frame: FrameSize?) -> StillImageError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return .truncated(format: "WebP", detail: "its image data ends early")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            return .corrupt(format: "WebP", frame, "a feature this libwebp does not decode")
        case VP8_STATUS_OUT_OF_MEMORY:
            return .corrupt(format: "WebP", frame, "out of memory")
        default:
            return .corrupt(format: "WebP", frame, "libwebp could not decode its bitstream (status \(status.rawValue))")
        }
    }
}
