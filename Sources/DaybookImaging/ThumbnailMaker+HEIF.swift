extension ThumbnailMaker {
    /// A HEIF photo's thumbnail, with the HEIF decoder's own errors: pixels as shown (libheif
    /// has applied the HEIF transforms, so no EXIF orientation is applied on top). `frame` is
    /// the primary image's shown size (`HEIFPixels.shownSize`).
    package func make(from heif: HEIFFile) throws(HEIFError) -> Thumbnail {
        do {
            return try make(.heif(heif), orientation: .up)
        } catch {
            switch error {
            case .heif(let heifError): throw heifError
            case .jpeg(.encodeFailed(let detail)): throw .encodeFailed(detail)
            default: throw .corrupt(nil, error.description)
            }
        }
    }
}
