import DaybookCore

/// A photo's thumbnail: JPEG bytes to store, and the same pixels for analysis.
package struct Thumbnail: Sendable {
    package let jpeg: [UInt8]
    /// Oriented and resized: exactly what `jpeg` encodes, before compression losses.
    package let image: RGBImage
    /// The source frame: a JPEG's as declared in SOF (stored orientation, not the displayed
    /// one), a HEIF's as shown.
    package let frame: FrameSize
    /// The decoder's recovered warnings for the source; the thumbnail is still usable.
    package let warnings: [String]

    package init(jpeg: [UInt8], image: RGBImage, frame: FrameSize, warnings: [String]) {
        self.jpeg = jpeg
        self.image = image
        self.frame = frame
        self.warnings = warnings
    }
}

/// A JPEG of a photo at a given size (ingest's thumbnails, the web journal's previews and
/// full-size renditions), its pixels from `PhotoDecoder`.
package struct ThumbnailMaker: Sendable {
    /// `PhotoDecoder.fullSize`: the photo's whole shown size.
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

    package var decoder: PhotoDecoder { PhotoDecoder(longestSide: longestSide, maxPixels: maxPixels, limits: limits) }

    /// `orientation` is the photo's EXIF Orientation (`.up` when absent or unreadable); the
    /// decoder applies it to formats whose pixels need it. Throws instead of returning a
    /// partial image: a truncated file would otherwise give a grey-filled thumbnail and grey
    /// colour tags.
    package func make(_ photo: DecodablePhoto, orientation: Orientation) throws(PhotoDecodeError) -> Thumbnail {
        let pixels = try decoder.pixels(of: photo, orientation: orientation)
        let jpeg: [UInt8]
        do {
            jpeg = try encode(pixels.image)
        } catch {
            throw .jpeg(error)
        }
        return Thumbnail(jpeg: jpeg, image: pixels.image, frame: pixels.frame, warnings: pixels.warnings)
    }

    /// The same from bytes of any format `DecodablePhoto` reads.
    package func make(photo bytes: [UInt8], orientation: Orientation) throws(PhotoDecodeError) -> Thumbnail {
        try make(try DecodablePhoto(bytes), orientation: orientation)
    }

    /// A JPEG's thumbnail, with the JPEG decoder's own errors (bytes of another format are
    /// refused as `.notJPEG`).
    package func make(from jpegBytes: [UInt8], orientation: Orientation) throws(ImagingError) -> Thumbnail {
        do {
            return try make(.jpeg(jpegBytes), orientation: orientation)
        } catch {
            guard case .jpeg(let jpegError) = error else { throw .corrupt(nil, error.description) }
            throw jpegError
        }
    }

    /// Encoding holds the image again in libjpeg's buffers: a large one (a full-size
    /// rendition) waits for the decode budget like a decode. A thumbnail's is too small to
    /// count, so ingest never waits on the budget to encode one.
    private func encode(_ image: RGBImage) throws(ImagingError) -> [UInt8] {
        let pixels = image.width * image.height
        guard pixels > 1_000_000 else { return try JPEGEncoder.encode(image, quality: quality) }
        return try limits.budget.spending(pixels * 4) { () throws(ImagingError) in
            try JPEGEncoder.encode(image, quality: quality)
        }
    }
}
