import DaybookCore
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
}
