import CHeif

/// A HEIF image's pixels at thumbnail size, as the photo is shown.
package struct HEIFPixels: Sendable {
    /// Shrunk so the longer side is at most the size asked for.
    package let image: RGBImage
    /// The primary image's size as shown: as decoded, or libheif's declared size when a
    /// thumbnail item stood in for it.
    package let shownSize: FrameSize
    /// Made from one of the file's own thumbnail items instead of the primary image.
    package let fromEmbeddedThumbnail: Bool
    /// libheif's decoding warnings (damage it decoded around): the first, and how many.
    package let warnings: [String]
}

extension HEIFFile {
    /// The photo as shown, its longer side shrunk to `longestSide`: from the file's own
    /// thumbnail when one is at least that big and has the primary image's shape, otherwise
    /// from the primary image, which is refused above `maxPixels` before anything is decoded.
    ///
    /// libheif applies the HEIF transforms (`irot`, `imir`, `clap`) as it decodes
    /// (`ignore_transformations` stays false), so the pixels need no turning afterwards; the
    /// EXIF Orientation tag in a HEIF only repeats them for readers that know no better.
    ///
    /// HEVC has no reduced-scale decode (JPEG's DCT scaling has no counterpart), and libheif
    /// 1.15 decodes a tiled (grid) image whole: it has no call that decodes some tiles or
    /// decodes at a smaller size. So the primary image is decoded at full size, under
    /// `budget`, and shrunk straight from libheif's buffer.
    package func pixels(longestSide: Int, maxPixels: Int, budget: DecodeBudget = .shared) throws(HEIFError) -> HEIFPixels {
        if let id = embeddedThumbnail(atLeast: longestSide, maxPixels: maxPixels) {
            let decoded = try? withThumbnail(id) { handle throws(HEIFError) in
                (declared: Self.shownSize(handle, heif), try decode(handle, longestSide: longestSide, budget: budget))
            }
            // libheif 1.15 neither crops a thumbnail coded larger than its declared size (Sony
            // pads 1616×1080 to 1664×1088) nor always counts its rotation in the declared
            // size: such a thumbnail is not used, and neither is one that will not decode.
            if let decoded, decoded.1.size == decoded.declared {
                return HEIFPixels(
                    image: decoded.1.image, shownSize: size, fromEmbeddedThumbnail: true, warnings: decoded.1.warnings)
            }
        }
        guard size.width > 0, size.height > 0 else { throw .corrupt(nil, "the primary image has no size") }
        // libheif's sizes are 32-bit, so their product fits.
        guard size.width * size.height <= maxPixels else { throw .tooLarge(.pixels(size, limit: maxPixels)) }
        let decoded = try decode(primary, longestSide: longestSide, budget: budget)
        return HEIFPixels(image: decoded.image, shownSize: decoded.size, fromEmbeddedThumbnail: false, warnings: decoded.warnings)
    }

    /// The size of the thumbnail item `pixels(longestSide:maxPixels:)` would use; nil when it
    /// would decode the primary image.
    package func usableThumbnailSize(longestSide: Int, maxPixels: Int) -> FrameSize? {
        guard let id = embeddedThumbnail(atLeast: longestSide, maxPixels: maxPixels) else { return nil }
        return withThumbnail(id) { Self.shownSize($0, heif) }
    }

    /// The smallest thumbnail item whose longer side is at least `longestSide` and whose
    /// shape is the primary image's. A thumbnail turned or cropped differently from its
    /// primary image (writers get this wrong) would show something else, so the aspect ratios
    /// must agree to within 2 %.
    func embeddedThumbnail(atLeast longestSide: Int, maxPixels: Int) -> heif_item_id? {
        guard size.width > 0, size.height > 0 else { return nil }
        let primaryRatio = Double(size.width) / Double(size.height)
        var best: (id: heif_item_id, pixels: Int)?
        for id in thumbnailIDs {
            guard let shown = withThumbnail(id, { Self.shownSize($0, heif) }), shown.width > 0, shown.height > 0,
                max(shown.width, shown.height) >= longestSide
            else { continue }
            let pixels = shown.width * shown.height
            let ratio = Double(shown.width) / Double(shown.height)
            guard pixels <= maxPixels, abs(ratio / primaryRatio - 1) <= 0.02 else { continue }
            if best == nil || pixels < best!.pixels { best = (id, pixels) }
        }
        return best?.id
    }

    /// Decodes one image item to 8-bit RGB with its transforms applied, and shrinks it;
    /// `size` is the decoded size, before shrinking.
    func decode(
        _ handle: OpaquePointer, longestSide: Int, budget: DecodeBudget
    ) throws(HEIFError) -> (image: RGBImage, size: FrameSize, warnings: [String]) {
        let shown = Self.shownSize(handle, heif)
        guard let options = heif.heif_decoding_options_alloc() else { throw .corrupt(shown, "out of memory") }
        defer { heif.heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        options.pointee.convert_hdr_to_8bit = 1
        return try budget.spending(DecodeBudget.estimate(pixels: shown.width * shown.height)) { () throws(HEIFError) in
            var decoded: OpaquePointer?
            let error = heif.heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options)
            if let failure = HEIFError.failure(error) {
                throw HEIFError.isUnsupported(error) ? .unsupportedCodec(failure) : .corrupt(shown, failure)
            }
            guard let decoded else { throw .corrupt(shown, "libheif returned no image") }
            defer { heif.heif_image_release(decoded) }
            var rowBytes: Int32 = 0
            let width = Int(heif.heif_image_get_width(decoded, heif_channel_interleaved))
            let height = Int(heif.heif_image_get_height(decoded, heif_channel_interleaved))
            guard width > 0, height > 0, let plane = heif.heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &rowBytes),
                Int(rowBytes) >= width * 3
            else { throw .corrupt(shown, "libheif returned no RGB pixels") }
            let target = Resampling.targetSize(width: width, height: height, longestSide: longestSide)
            let image = Resampling.boxResize(
                plane, width: width, height: height, rowBytes: Int(rowBytes), toWidth: target.width, height: target.height)
            return (image, FrameSize(width: width, height: height), decodingWarnings(decoded))
        }
    }

    private func decodingWarnings(_ image: OpaquePointer) -> [String] {
        let count = Int(heif.heif_image_get_decoding_warnings(image, 0, nil, 0))
        guard count > 0 else { return [] }
        var first = heif_error()
        _ = heif.heif_image_get_decoding_warnings(image, 0, &first, 1)
        let text = HEIFError.failure(first) ?? "decoding warning"
        return [count == 1 ? text : "\(text) (\(count) warnings in all)"]
    }
}
