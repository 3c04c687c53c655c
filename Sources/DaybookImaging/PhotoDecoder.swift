import DaybookCore

/// A photo's bytes, recognised by their first bytes (`FileKind`) and opened by the reader its
/// format needs. Adding a format means a case here and in `PhotoDecoder.pixels(of:orientation:)`.
package enum DecodablePhoto {
    case jpeg([UInt8])
    /// The container is parsed once: the caller may read its metadata items before the pixels.
    case heif(HEIFFile)
    /// Shown by its largest embedded JPEG preview (`RAWFile`); never demosaiced.
    case raw(RAWFile)
    case png(PNGFile)
    case webp(WebPFile)
    case gif(GIFFile)
    /// A video, shown by its poster frame (`VideoFile.poster`): ingest's thumbnail and the web
    /// journal's previews of a video entry come through the same decoder as a photo's.
    case video(VideoFile)

    /// Refuses, by `PhotoDecodeError.notAPhoto` or `.unsupportedFormat`, what no decoder reads.
    package init(_ bytes: [UInt8]) throws(PhotoDecodeError) {
        switch FileKind(prefix: bytes.prefix(FileKind.prefixLength)) {
        case .jpeg:
            self = .jpeg(bytes)
        // AVIF is AV1 in the same container: libheif decodes it, with the same transforms.
        case .heif, .avif:
            do {
                self = .heif(try HEIFFile(bytes))
            } catch {
                throw .heif(error)
            }
        case .cameraRaw:
            do {
                self = .raw(try RAWFile(bytes))
            } catch {
                throw .raw(error)
            }
        case .png, .webp, .gif:
            self = try Self.still(bytes)
        case .video:
            do {
                self = .video(try VideoFile(bytes))
            } catch {
                throw .video(error)
            }
        case .other(let what):
            throw .notAPhoto(what)
        }
    }
}

/// A photo's pixels as a viewer shows it, shrunk to the size asked for.
package struct PhotoPixels: Sendable {
    /// Oriented and shrunk: exactly what is to be shown.
    package let image: RGBImage
    /// A JPEG's frame as declared in SOF (stored orientation, before EXIF Orientation); a
    /// HEIF's primary image as shown (libheif has applied its transforms).
    package let frame: FrameSize
    /// The decoder's recovered warnings; the pixels are still usable.
    package let warnings: [String]
}

/// The one place that decides how a photo becomes pixels: ingest's thumbnails, the web
/// journal's previews and its full-size JPEG renditions all decode through it, so every
/// format Daybook ingests can also be shown.
///
/// Each format decodes as cheaply as it can for the size asked for (JPEG at a reduced DCT
/// scale, HEIF from a large enough thumbnail item), under `limits` (the per-image ceiling and
/// the process-wide `DecodeBudget`), and is turned upright exactly once: JPEG by its EXIF
/// Orientation, HEIF by its container's transforms, which libheif applies as it decodes.
package struct PhotoDecoder: Sendable {
    /// The longer side of the pixels; `fullSize` keeps the photo's whole shown size.
    package var longestSide: Int
    package var maxPixels: Int
    package var limits: DecodeLimits

    /// Longer than any frame: nothing is shrunk, and a JPEG decodes at full scale.
    package static let fullSize = Int(Int32.max)

    package init(longestSide: Int, maxPixels: Int = JPEGDecoder.defaultMaxPixels, limits: DecodeLimits = .standard) {
        self.longestSide = longestSide
        self.maxPixels = maxPixels
        self.limits = limits
    }

    /// `orientation` is the photo's EXIF Orientation. It is applied to a JPEG only: in a
    /// HEIF it repeats the `irot`/`imir` libheif has already applied (docs/heif.md), and
    /// applying it again would turn an iPhone portrait sideways.
    package func pixels(of photo: DecodablePhoto, orientation: Orientation) throws(PhotoDecodeError) -> PhotoPixels {
        switch photo {
        case .jpeg(let bytes):
            do {
                return try jpegPixels(bytes, orientation: orientation)
            } catch {
                throw .jpeg(error)
            }
        case .heif(let file):
            do {
                // `maxImageBytes` is not applied: a 48 MP iPhone photo needs more, and
                // `maxPixels` already bounds HEIF frames; the decode still waits for the budget.
                let pixels = try file.pixels(longestSide: longestSide, maxPixels: maxPixels, budget: limits.budget)
                return PhotoPixels(image: pixels.image, frame: pixels.shownSize, warnings: pixels.warnings)
            } catch {
                throw .heif(error)
            }
        case .raw(let file):
            return try rawPixels(file, orientation: orientation)
        case .png, .webp, .gif:
            return try stillPixels(photo, orientation: orientation)
        case .video(let file):
            // The display matrix turns the frame; `orientation` (EXIF) does not apply to a video.
            do {
                let image = try file.poster(longestSide: longestSide, budget: limits.budget)
                return PhotoPixels(image: image, frame: file.size, warnings: [])
            } catch {
                throw .video(error)
            }
        }
    }

    /// The same from bytes, whatever their format.
    package func pixels(from bytes: [UInt8], orientation: Orientation) throws(PhotoDecodeError) -> PhotoPixels {
        try pixels(of: try DecodablePhoto(bytes), orientation: orientation)
    }

    private func jpegPixels(_ bytes: [UInt8], orientation: Orientation) throws(ImagingError) -> PhotoPixels {
        let decoded = try JPEGDecoder.decode(bytes, minimumLongestSide: longestSide, maxPixels: maxPixels, limits: limits)
        // Resize before rotating: the longest side doesn't depend on orientation, and
        // rotating the small image is cheaper.
        let image = decoded.image.resized(toLongestSide: longestSide).oriented(orientation)
        return PhotoPixels(image: image, frame: decoded.frame, warnings: decoded.warnings)
    }
}
