import DaybookCore

/// PNG, WebP and GIF, the stills besides camera photos (screenshots, exports, downloads): how
/// they are recognised and turned into pixels. Both go through `PhotoDecoder` like a JPEG, so
/// everything that shows a photo shows them.
extension FileKind {
    /// PNG's eight-byte signature, a RIFF file of form type `WEBP`, GIF87a or GIF89a.
    static func still(_ bytes: [UInt8]) -> FileKind? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        return nil
    }
}

extension DecodablePhoto {
    static func still(_ bytes: [UInt8]) throws(PhotoDecodeError) -> DecodablePhoto {
        do {
            switch FileKind(prefix: bytes.prefix(FileKind.prefixLength)) {
            case .webp: return .webp(try WebPFile(bytes))
            case .gif: return .gif(try GIFFile(bytes))
            default: return .png(try PNGFile(bytes))
            }
        } catch {
            throw .still(error)
        }
    }
}

extension PhotoDecoder {
    /// A PNG's, WebP's or GIF's pixels, shrunk by the decoder that reads it, then turned by
    /// the EXIF Orientation, as a JPEG's are: none of them has a rotation of its own, and
    /// exiftool, browsers and viewers apply the tag to them (a GIF has no EXIF: `.up`).
    func stillPixels(_ photo: DecodablePhoto, orientation: Orientation) throws(PhotoDecodeError) -> PhotoPixels {
        do {
            let (image, frame): (RGBImage, FrameSize)
            switch photo {
            case .png(let file):
                (image, frame) = (try file.pixels(longestSide: longestSide, maxPixels: maxPixels, budget: limits.budget), file.size)
            case .webp(let file):
                (image, frame) = (try file.pixels(longestSide: longestSide, maxPixels: maxPixels, budget: limits.budget), file.size)
            case .gif(let file):
                (image, frame) = (try file.pixels(longestSide: longestSide, maxPixels: maxPixels, budget: limits.budget), file.size)
            case .jpeg, .heif, .raw, .video:
                preconditionFailure("stillPixels is for PNG, WebP and GIF")
            }
            return PhotoPixels(image: image.oriented(orientation), frame: frame, warnings: [])
        } catch {
            throw .still(error)
        }
    }
}
