import DaybookCore
import DaybookImaging
import DaybookMetadata

extension PhotoAnalyzer {
    /// The MP4 appended to a JPEG motion photo (`MotionClipFinder`); nil when the photo has
    /// none, with a warning when it declares one that does not hold. The image ends at its
    /// first end-of-image marker: libjpeg stops there too, so the clip is never decoded.
    static func motionClip(jpeg bytes: [UInt8], warnings: inout [String]) -> MotionClip? {
        guard let imageEnd = bytes.withUnsafeBufferPointer({ JPEGEnding.endOfImage($0) }) else { return nil }
        // A plain JPEG ends at its EOI: no XMP parse, no search.
        guard imageEnd < bytes.count else { return nil }
        switch MotionClipFinder.find(in: bytes, xmp: MotionPhotoXMP.read(jpeg: bytes), imageEnd: imageEnd) {
        case .clip(let clip)?: return clip
        case .problem(let why)?:
            warnings.append(why)
            return nil
        case nil: return nil
        }
    }

    /// The MP4 appended to a HEIF motion photo (Pixel's `.heic`): where the XMP says, and only
    /// after the HEIF's own boxes (`imageEnd`).
    static func motionClip(heif bytes: [UInt8], xmp: [UInt8]?, imageEnd: Int, warnings: inout [String]) -> MotionClip? {
        guard let xmp, let declared = MotionPhotoXMP.read(xmp) else { return nil }
        switch MotionClipFinder.find(in: bytes, xmp: declared, imageEnd: imageEnd) {
        case .clip(let clip)?: return clip
        case .problem(let why)?:
            warnings.append(why)
            return nil
        case nil: return nil
        }
    }

    /// In an ISO media file (HEIF) whose first box is `ftyp`: the start of a later top-level
    /// `ftyp`, the MP4 a motion photo appends; nil when there is none.
    static func appendedMovieStart(iso bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var walker = ISOBoxWalker(buffer, in: 0..<buffer.count)
            _ = walker.next()
            while case .box(let box)? = walker.next() {
                if box.type == "ftyp" { return box.start }
            }
            return nil
        }
    }
}
