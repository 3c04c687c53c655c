import DaybookCore

/// When a picture a photo file already holds may stand in for the photo's thumbnail for a
/// first look: a HEIF's thumbnail item, a JPEG's EXIF thumbnail. The full thumbnail is made
/// later from the whole image; until then the preview must at least be the same picture,
/// upright and of the same shape, and big enough to recognise.
///
/// A RAW's thumbnail already comes from the camera's embedded preview and a video's from a
/// frame near its start, both cheap: they have no first look of their own.
package struct EmbeddedPreview: Sendable {
    /// A shorter preview is an index picture, too small to tell one photo from another.
    package var minimumLongestSide = 160
    /// How far the preview's shape may be from the main image's (after bars are cut off):
    /// rounding a small preview's sides moves its shape by a pixel's worth.
    package var aspectTolerance = 0.03

    package init() {}

    /// Whether a preview of `preview`'s size can show an image of `frame`'s size.
    func isPlausible(_ preview: FrameSize, for frame: FrameSize) -> Bool {
        guard preview.width > 0, preview.height > 0, frame.width > 0, frame.height > 0,
            max(preview.width, preview.height) >= minimumLongestSide
        else { return false }
        let ratio = Double(preview.width) / Double(preview.height)
        let frameRatio = Double(frame.width) / Double(frame.height)
        return abs(ratio / frameRatio - 1) <= aspectTolerance
    }
}

extension PhotoDecoder {
    /// The photo's first look (`EmbeddedPreview`): a preview the file holds, upright, at the
    /// main image's shape and at most `longestSide` long, with the MAIN image's frame (as
    /// `pixels(of:orientation:)` gives it). nil when the file has no plausible preview, and
    /// when the full thumbnail is no dearer than the preview: then it is to be made as always.
    ///
    /// A file the full decode would refuse (too many pixels) has no first look either, so the
    /// refusal is the same with or without it.
    package func firstLookPixels(
        of photo: DecodablePhoto, orientation: Orientation, rules: EmbeddedPreview = EmbeddedPreview()
    ) -> PhotoPixels? {
        switch photo {
        case .jpeg(let bytes): return jpegPreview(bytes, orientation: orientation, rules: rules)
        case .heif(let file): return heifPreview(file, rules: rules)
        case .raw, .png, .webp, .gif, .video: return nil
        }
    }

    private func heifPreview(_ file: HEIFFile, rules: EmbeddedPreview) -> PhotoPixels? {
        // A thumbnail item at least `longestSide` long already makes the full thumbnail.
        guard file.usableThumbnailSize(longestSide: longestSide, maxPixels: maxPixels) == nil else { return nil }
        guard file.size.pixelCount <= maxPixels,
            let preview = file.previewPixels(longestSide: longestSide, maxPixels: maxPixels, rules: rules, budget: limits.budget),
            preview.warnings.isEmpty
        else { return nil }
        return PhotoPixels(image: preview.image, frame: preview.shownSize, warnings: [])
    }

    private func jpegPreview(_ bytes: [UInt8], orientation: Orientation, rules: EmbeddedPreview) -> PhotoPixels? {
        // The header says what the full decode would cost; a photo the reduced-scale decode
        // already reads at little more than thumbnail size gains nothing from a preview.
        guard let cost = try? JPEGDecoder.cost(of: bytes, minimumLongestSide: longestSide),
            cost.frame.pixelCount <= maxPixels, cost.bytes <= limits.maxImageBytes,
            max(cost.frame.width, cost.frame.height) > 2 * longestSide,
            let thumbnail = ExifThumbnail.jpeg(in: bytes),
            let decoded = try? JPEGDecoder.decode(
                Array(thumbnail), minimumLongestSide: longestSide, maxPixels: maxPixels, limits: limits),
            // A preview libjpeg had to decode around damage is no picture to show.
            decoded.warnings.isEmpty
        else { return nil }
        // Bars are cut off in the stored orientation, where the SOF frame's shape applies.
        guard let picture = decoded.image.withoutBars(toShapeOf: cost.frame, tolerance: rules.aspectTolerance),
            rules.isPlausible(FrameSize(width: picture.width, height: picture.height), for: cost.frame)
        else { return nil }
        let image = picture.resized(toLongestSide: longestSide).oriented(orientation)
        return PhotoPixels(image: image, frame: cost.frame, warnings: [])
    }
}

extension ThumbnailMaker {
    /// The thumbnail from the photo's first look (`PhotoDecoder.firstLookPixels`); nil when
    /// there is none and the thumbnail is to be made by `make(_:orientation:)`.
    package func makeFirstLook(_ photo: DecodablePhoto, orientation: Orientation) -> Thumbnail? {
        guard let pixels = decoder.firstLookPixels(of: photo, orientation: orientation),
            let jpeg = try? JPEGEncoder.encode(pixels.image, quality: quality)
        else { return nil }
        return Thumbnail(jpeg: jpeg, image: pixels.image, frame: pixels.frame, warnings: pixels.warnings)
    }
}
