import DaybookCore

/// A photo's thumbnail: JPEG bytes to store, and the same pixels for analysis.
public struct Thumbnail: Sendable {
    public let jpeg: [UInt8]
    /// Oriented and resized: exactly what `jpeg` encodes, before compression losses.
    public let image: RGBImage
    /// The source frame as declared in SOF (stored orientation, not the displayed one).
    public let frame: FrameSize
    /// libjpeg's recovered warnings for the source; the thumbnail is still usable.
    public let warnings: [String]

    public init(jpeg: [UInt8], image: RGBImage, frame: FrameSize, warnings: [String]) {
        self.jpeg = jpeg
        self.image = image
        self.frame = frame
        self.warnings = warnings
    }
}

public struct ThumbnailMaker: Sendable {
    public var longestSide: Int = 400
    public var quality: Int = 82
    public var maxPixels: Int = JPEGDecoder.defaultMaxPixels

    public init(
        longestSide: Int = 400, quality: Int = 82, maxPixels: Int = JPEGDecoder.defaultMaxPixels
    ) {
        self.longestSide = longestSide
        self.quality = quality
        self.maxPixels = maxPixels
    }

    /// `orientation` is the photo's EXIF Orientation (`.up` when absent or unreadable).
    /// Throws instead of returning a partial image: a truncated file would otherwise give a
    /// grey-filled thumbnail and grey colour tags.
    public func make(from jpegBytes: [UInt8], orientation: Orientation) throws(ImagingError) -> Thumbnail {
        let decoded = try JPEGDecoder.decode(
            jpegBytes, minimumLongestSide: longestSide, maxPixels: maxPixels)
        // Resize before rotating: the longest side doesn't depend on orientation, and
        // rotating the small image is cheaper.
        let image = decoded.image.resized(toLongestSide: longestSide).oriented(orientation)
        let jpeg = try JPEGEncoder.encode(image, quality: quality)
        return Thumbnail(jpeg: jpeg, image: image, frame: decoded.frame, warnings: decoded.warnings)
    }
}
