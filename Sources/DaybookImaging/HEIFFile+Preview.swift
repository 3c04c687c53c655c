import CHeif

extension HEIFFile {
    /// The largest thumbnail item with the primary image's shown shape, decoded and shrunk to
    /// `longestSide` (never enlarged); nil when there is none worth showing.
    ///
    /// libheif applies a thumbnail item's own `irot`/`imir` as it decodes, as it does the
    /// primary image's, so its pixels come upright; a writer that turned the primary image
    /// but not its thumbnail gives a thumbnail of the other shape, which the shape check
    /// refuses (a square one cannot be told, the same as for `pixels(longestSide:)`).
    func previewPixels(longestSide: Int, maxPixels: Int, rules: EmbeddedPreview, budget: DecodeBudget) -> HEIFPixels? {
        guard size.width > 0, size.height > 0 else { return nil }
        var best: (id: heif_item_id, pixels: Int)?
        for id in thumbnailIDs {
            guard let shown = withThumbnail(id, { Self.shownSize($0, heif) }), shown.width > 0, shown.height > 0,
                rules.isPlausible(shown, for: size)
            else { continue }
            let pixels = shown.width * shown.height
            guard pixels <= maxPixels else { continue }
            if best == nil || pixels > best!.pixels { best = (id, pixels) }
        }
        guard let best else { return nil }
        let decoded = try? withThumbnail(best.id) { handle throws(HEIFError) in
            (declared: Self.shownSize(handle, heif), try decode(handle, longestSide: longestSide, budget: budget))
        }
        // A thumbnail coded larger than it declares is not cropped by libheif 1.15
        // (`pixels(longestSide:)`): its decoded pixels are not the picture it declares.
        guard let decoded, decoded.1.size == decoded.declared else { return nil }
        return HEIFPixels(image: decoded.1.image, shownSize: size, fromEmbeddedThumbnail: true, warnings: decoded.1.warnings)
    }
}
