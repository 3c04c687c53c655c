extension ThumbnailMaker {
    /// The thumbnail of a HEIF photo: pixels as shown (libheif has applied the HEIF
    /// transforms, so no EXIF orientation is applied on top), shrunk and encoded as for a
    /// JPEG. `frame` is the primary image's shown size (`HEIFPixels.shownSize`). The decode
    /// waits for `limits.budget` as a JPEG's does; `maxImageBytes` is not applied, since a
    /// 48 MP iPhone photo needs more and `maxPixels` already bounds HEIF frames.
    package func make(from heif: HEIFFile) throws(HEIFError) -> Thumbnail {
        let pixels = try heif.pixels(longestSide: longestSide, maxPixels: maxPixels, budget: limits.budget)
        let jpeg: [UInt8]
        do {
            jpeg = try JPEGEncoder.encode(pixels.image, quality: quality)
        } catch {
            throw .encodeFailed(error.description)
        }
        return Thumbnail(jpeg: jpeg, image: pixels.image, frame: pixels.shownSize, warnings: pixels.warnings)
    }
}
