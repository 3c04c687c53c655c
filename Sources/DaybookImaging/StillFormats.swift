import DaybookCore

/// PNG and WebP, the stills besides camera photos (screenshots, exports, downloads): how
/// they are recognised and turned into pixels. Both go through `PhotoDecoder` like a JPEG, so
/// everything that shows a photo shows them.
extension FileKind {
    /// PNG's eight-byte signature, or a RIFF file of form type `WEBP`.
    static func still(_ bytes: [UInt8]) -> FileKind? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }
}

extension DecodablePhoto {
    static func still(_ bytes: [UInt8]) throws(PhotoDecodeError) -> DecodablePhoto {
        do {
            switch FileKind(prefix: bytes.prefix(FileKind.prefixLength)) {
            case .webp: return .webp(try WebPFile(bytes))
            default: return .png(try PNGFile(bytes))
            }
        } catch {
            throw .still(error)
        }
    }
}

extension PhotoDecoder {
    /// A PNG's or WebP's pixels, shrunk by the decoder that reads it, then turned by the EXIF
    /// Orientation, as a JPEG's are: neither format has a rotation of its own, and exiftool,
    /// browsers and viewers apply the tag to them.
    func stillPixels(_ photo: DecodablePhoto, orientation: Orientation) throws(PhotoDecodeError) -> PhotoPixels {
        do {
            let (image, frame): (RGBImage, FrameSize)
            switch photo {
            case .png(let file):
                (image, frame) = (try file.pixels(longestSide: longestSide, maxPixels: maxPixels, budget: limits.budget), file.size)
            case .webp(let file):
                (image, frame) = (try file.pixels(longestSide: longestSide, maxPixels: maxPixels, budget: limits.budget), file.size)
            case .jpeg, .heif:
                preconditionFailure("stillPixels is for PNG and WebP")
            }
            return PhotoPixels(image: image.oriented(orientation), frame: frame, warnings: [])
        } catch {
            throw .still(error)
        }
    }
}
