import DaybookCore

/// A photo's thumbnail: JPEG bytes to store, and the same pixels for analysis.
package struct Thumbnail: Sendable {
    package let jpeg: [UInt8]
    /// Oriented and resized: exactly what `jpeg` encodes, before compression losses.
    package let image: RGBImage
    /// The source frame as declared in SOF (stored orientation, not the displayed one).
    package let frame: FrameSize
    /// libjpeg's recovered warnings for the source; the thumbnail is still usable.
    package let warnings: [String]

    package init(jpeg: [UInt8], image: RGBImage, frame: FrameSize, warnings: [String]) {
        self.jpeg = jpeg
        self.image = image
        self.frame = frame
        self.warnings = warnings
    }
}

package struct ThumbnailMaker: Sendable {
    package var longestSide: Int = 400
    package var quality: Int = 82
    package var maxPixels: Int = JPEGDecoder.defaultMaxPixels
    /// The per-image memory ceiling and the process-wide budget every decode waits for.
    package var limits: DecodeLimits = .standard

    package init(
        longestSide: Int = 400, quality: Int = 82, maxPixels: Int = JPEGDecoder.defaultMaxPixels,
        limits: DecodeLimits = .standard
    ) {
        self.longestSide = longestSide
        self.quality = quality
        self.maxPixels = maxPixels
        self.limits = limits
    }

    /// `orientation` is the photo's EXIF Orientation (`.up` when absent or unreadable).
    /// Throws instead of returning a partial image: a truncated file would otherwise give a
    /// grey-filled thumbnail and grey colour tags.
    package func make(from jpegBytes: [UInt8], orientation: Orientation) throws(ImagingError) -> Thumbnail {
        let decoded = try JPEGDecoder.decode(
            jpegBytes, minimumLongestSide: longestSide, maxPixels: maxPixels, limits: limits)
        // Resize before rotating: the longest side doesn't depend on orientation, and
        // rotating the small image is cheaper.
        let image = decoded.image.resized(toLongestSide: longestSide).oriented(orientation)
        let jpeg = try JPEGEncoder.encode(image, quality: quality)
        return Thumbnail(jpeg: jpeg, image: image, frame: decoded.frame, warnings: decoded.warnings)
    }
}
