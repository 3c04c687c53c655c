import CGif

/// A GIF file read by giflib, record by record: its logical screen, its XMP (the "XMP DataXMP"
/// application extension) and its first frame, which stands for an animation. No frame after
/// the first is ever decompressed; their data is skipped block by block.
package struct GIFFile: Sendable {
    package let bytes: [UInt8]
    /// The logical screen: the picture's size as viewers show it.
    package let size: FrameSize
    package let xmp: [UInt8]?

    package init(_ bytes: [UInt8]) throws(StillImageError) {
        self.bytes = bytes
        var xmp: [UInt8]?
        let screen = try GIFRecords.walk(bytes) { (_: UnsafeMutablePointer<GifFileType>, record) throws(StillImageError) in
            if case .xmp(let packet) = record, xmp == nil { xmp = packet }
            return true
        }
        size = screen
        self.xmp = xmp
    }

    /// The first frame on the logical screen, transparency and the area it leaves uncovered
    /// on `AlphaFlattening.background`, shrunk to `longestSide`. Refused above `maxPixels`
    /// (screen or frame) before its raster is allocated.
    package func pixels(longestSide: Int, maxPixels: Int, budget: DecodeBudget = .shared) throws(StillImageError) -> RGBImage {
        guard size.width > 0, size.height > 0 else { throw .corrupt(format: "GIF", size, "the logical screen has no size") }
        guard size.width * size.height <= maxPixels else { throw .tooLarge(.pixels(size, limit: maxPixels)) }
        var canvas: [UInt8]?
        var transparent: Int?
        _ = try GIFRecords.walk(bytes) { (gif: UnsafeMutablePointer<GifFileType>, record) throws(StillImageError) in
            switch record {
            case .transparentIndex(let index): transparent = index
            case .xmp: break
            case .image:
                canvas = try budget.spending(DecodeBudget.estimate(pixels: size.width * size.height)) { () throws(StillImageError) in
                    try GIFRecords.firstFrame(gif, screen: size, transparent: transparent, maxPixels: maxPixels)
                }
                return false
            }
            return true
        }
        guard let canvas else { throw .corrupt(format: "GIF", size, "no image in the file") }
        return canvas.withUnsafeBufferPointer { pixels in
            let target = Resampling.targetSize(width: size.width, height: size.height, longestSide: longestSide)
            return Resampling.boxResize(
                pixels.baseAddress!, width: size.width, height: size.height, rowBytes: size.width * 3, toWidth: target.width,
                height: target.height)
        }
    }
}
